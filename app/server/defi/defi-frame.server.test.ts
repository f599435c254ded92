import { describe, expect, it } from "vitest";
import { DEFI_FRAMES_KEPT, keepFrame, keptFrame } from "./defi-frame.server";

const stored = (gameId: string, title = "La tour") => ({
  gameId,
  settings: { answerTimeSec: 30, helpZoneM: null, ringPoints: [], speedPointsMax: 0 },
  snapshot: { quiz: { name: "Paris", description: "", questions: [{ titre: title, lat: 48.8, lng: 2.3 }], mapSettings: {} }, targets: [] },
  help: [null],
});

describe("a défi's frame kept in memory", () => {
  it("is found by its code only for the game it was read for", () => {
    keepFrame("AAAAAAAAAAAAAAAA", stored("g1"));
    expect(keptFrame("AAAAAAAAAAAAAAAA")?.gameId).toBe("g1");
    expect(keptFrame("AAAAAAAAAAAAAAAA", "g1")?.gameId).toBe("g1");
    // The code given to a newer défi: the kept frame is not that défi's.
    expect(keptFrame("AAAAAAAAAAAAAAAA", "g2")).toBeUndefined();
  });

  it("reads a snapshot stored when questions said `titre`, and cannot be changed by the calls that share it", () => {
    const frame = keepFrame("BBBBBBBBBBBBBBBB", stored("g1", "Le pont"));
    expect(frame.snapshot.quiz.questions[0]!.title).toBe("Le pont");
    expect(() => {
      (frame.snapshot.quiz.questions[0] as { title: string }).title = "autre";
    }).toThrow(TypeError);
    expect(() => {
      (frame.settings as { answerTimeSec: number }).answerTimeSec = 90;
    }).toThrow(TypeError);
  });

  it("keeps the frames of the défis used last, up to its cap", () => {
    const code = (i: number) => `C${String(i).padStart(15, "0")}`;
    for (let i = 0; i <= DEFI_FRAMES_KEPT; i++) keepFrame(code(i), stored(`g${i}`));
    expect(keptFrame(code(0))).toBeUndefined();
    expect(keptFrame(code(1))?.gameId).toBe("g1");
    expect(keptFrame(code(DEFI_FRAMES_KEPT))?.gameId).toBe(`g${DEFI_FRAMES_KEPT}`);
  });
});
