import { describe, expect, it } from "vitest";
import type { PlayerEndQuestion, ServerMessage } from "@common/wire/protocol";
import { encode } from "./encode";

const end = (over: Partial<PlayerEndQuestion> = {}): PlayerEndQuestion => ({
  type: "player_endQuestion",
  questionIndex: 2,
  questionsNb: 10,
  isLast: false,
  distance: 1234,
  pointsQuestion: 812.34,
  pointsTotal: 2412.5,
  rank: 17,
  classementMove: -3,
  playersCount: 2000,
  team: null,
  ...over,
});

describe("encode", () => {
  it("writes a phone's reveal exactly as JSON.stringify does", () => {
    const cases: PlayerEndQuestion[] = [
      end(),
      end({ distance: null, pointsQuestion: 0, classementMove: 0 }),
      end({ isLast: true, questionIndex: 9, rank: 1, classementMove: 4 }),
      end({ team: { team: "bleu", rank: 2, points: 31.75 } }),
      end({ pointsTotal: 0.1 + 0.2, pointsQuestion: -0, distance: 20_015_087 }),
      end({ pointsTotal: 1e21, rank: 123_456_789 }),
    ];
    for (const m of cases) expect(encode(m)).toBe(JSON.stringify(m));
  });

  it("matches JSON.stringify on random reveals", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 2_000; i++) {
      const m = end({
        questionIndex: Math.floor(random() * 50),
        isLast: random() < 0.1,
        distance: random() < 0.2 ? null : Math.round(random() * 2e7),
        pointsQuestion: Math.round(random() * 100_000) / 100,
        pointsTotal: Math.round(random() * 1e7) / 100,
        rank: 1 + Math.floor(random() * 2000),
        classementMove: Math.floor(random() * 41) - 20,
        team: random() < 0.3 ? { team: "rouge", rank: 1 + Math.floor(random() * 8), points: Math.round(random() * 1e5) / 100 } : null,
      });
      expect(encode(m)).toBe(JSON.stringify(m));
    }
  });

  it("leaves a number JSON cannot write to JSON.stringify (null, never NaN)", () => {
    const m = end({ pointsTotal: Number.NaN, distance: Number.POSITIVE_INFINITY });
    expect(encode(m)).toBe(JSON.stringify(m));
    expect(JSON.parse(encode(m))).toMatchObject({ pointsTotal: null, distance: null });
  });

  it("writes every other message with JSON.stringify", () => {
    const msgs: ServerMessage[] = [
      { type: "player_answer_callback", questionIndex: 1, tempsReponse: 1200 },
      { type: "pres_endQuestion", questionIndex: 3 },
      { type: "player_kicked", reason: "ended" },
    ];
    for (const m of msgs) expect(encode(m)).toBe(JSON.stringify(m));
  });
});
