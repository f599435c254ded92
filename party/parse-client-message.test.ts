import { describe, expect, it } from "vitest";
import { MAX_CLIENT_MESSAGE_CHARS } from "@common/wire/protocol";
import { clientMessageSchema, parseClientMessage } from "./parse-client-message";

const raw = (x: unknown) => JSON.stringify(x);

describe("parseClientMessage", () => {
  it("accepts a hello and a presenter command, under the code's names", () => {
    expect(parseClientMessage(raw({ type: "hello", role: "player", version: 1 }))).toEqual({
      ok: true,
      msg: { type: "hello", role: "player", version: 1 },
    });
    const token = "p12_abcdefghijklmnop";
    expect(parseClientMessage(raw({ type: "hello", role: "player", token, version: 1 }), null)).toMatchObject({
      ok: true,
      msg: { token },
    });
    expect(
      parseClientMessage(raw({ type: "pres_kickPlayer", playerID: "p3", token: "old-field" }), "presenter")
    ).toEqual({
      ok: true,
      msg: { type: "pres_kickPlayer", seatId: "p3" },
    });
  });

  it("drops the phone's own time and points from an answer", () => {
    const r = parseClientMessage(
      raw({ type: "player_answer", questionIndex: 2, coords: { lat: 45.76, lng: 4.83 }, time: 10, timePoints: 4.9 }),
      "player"
    );
    expect(r).toEqual({
      ok: true,
      msg: { type: "player_answer", questionIndex: 2, coords: { lat: 45.76, lng: 4.83 } },
    });
  });

  it("refuses malformed frames with a code, without throwing", () => {
    const bad = { ok: false, error: { type: "error", code: "bad_message" } };
    expect(parseClientMessage("{not json")).toEqual(bad);
    expect(parseClientMessage(new ArrayBuffer(4))).toEqual(bad);
    for (const x of [
      "null",
      "[]",
      '"hello"',
      "42",
      '{"type":null}',
      '{"type":"pres_hack"}',
      '{"__proto__":{"type":"ping"}}',
    ]) {
      expect(parseClientMessage(x)).toEqual(bad);
    }
    expect(parseClientMessage(raw({ type: "player_answer", questionIndex: 0, coords: { lat: 91, lng: 0 } }))).toEqual(
      bad
    );
    expect(parseClientMessage(raw({ type: "player_answer", questionIndex: -1, coords: { lat: 1, lng: 0 } }))).toEqual(
      bad
    );
    expect(parseClientMessage(raw({ type: "player_answer", questionIndex: 0, coords: { lat: "1", lng: 0 } }))).toEqual(
      bad
    );
    expect(parseClientMessage(raw({ type: "player_chooseColor", color: "violet" }))).toEqual(bad);
    expect(parseClientMessage(raw({ type: "player_chooseFruit", color: "vert", fruit: "Pastèque" }))).toEqual(bad);
    expect(parseClientMessage(raw({ type: "hello", role: "admin", version: 1 }))).toEqual(bad);
    expect(parseClientMessage(raw({ type: "hello", role: "player", token: "short", version: 1 }))).toEqual(bad);
    expect(
      parseClientMessage(raw({ type: "hello", role: "player", token: "a".repeat(20) + "<script>", version: 1 }))
    ).toEqual(bad);
    expect(parseClientMessage(raw({ type: "pres_kickPlayer", playerID: "x".repeat(33) }))).toEqual(bad);
    expect(parseClientMessage(raw({ type: "pres_extraTime", playerID: "p1 <b>" }))).toEqual(bad);
    expect(parseClientMessage(raw({ type: "pres_extraTime" }))).toEqual(bad);
  });

  it("refuses oversize frames before parsing them", () => {
    const big = raw({ type: "ping", pad: "x".repeat(MAX_CLIENT_MESSAGE_CHARS) });
    expect(parseClientMessage(big)).toEqual({
      ok: false,
      error: { type: "error", code: "too_large" },
    });
  });

  it("checks the sender's role", () => {
    expect(parseClientMessage(raw({ type: "pres_startGame" }), "player")).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(parseClientMessage(raw({ type: "pres_extraTime", playerID: "p1" }), "player")).toMatchObject({
      ok: false,
      error: { code: "forbidden" },
    });
    expect(
      parseClientMessage(raw({ type: "player_answer", questionIndex: 0, coords: { lat: 0, lng: 0 } }), "presenter")
    ).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(parseClientMessage(raw({ type: "pres_nextQuestion" }), null)).toMatchObject({
      ok: false,
      error: { code: "not_identified" },
    });
    expect(parseClientMessage(raw({ type: "ping" }), null)).toEqual({ ok: true, msg: { type: "ping" } });
    // A socket echoes the room's clock stamp before it has said hello, too (the pong of its first ping).
    expect(parseClientMessage(raw({ type: "echo", at: 1_700_000_000_000 }), null)).toEqual({ ok: true, msg: { type: "echo", at: 1_700_000_000_000 } });
    expect(parseClientMessage(raw({ type: "pres_nextQuestion" }))).toEqual({
      ok: true,
      msg: { type: "pres_nextQuestion" },
    });
  });

  it("reads the crowd's messages by hand exactly as the schemas would", () => {
    const values = [undefined, null, true, 0, -1, 1.5, 2, 999, 1000, -90.5, 45.76, 90, 180, -180.01, NaN, "", "x", "p1_abcdefghijklmnopq", "p1_abc def ghijklmnopq", "a".repeat(129), [], {}, { lat: 1, lng: 2 }, { lat: 91, lng: 0 }, [1, 2]];
    let seen = 0;
    const pick = (i: number) => values[i % values.length];
    for (let i = 0; i < 4_000; i++) {
      const type = ["player_answer", "hello", "ping", "echo", "pres_startGame", 3][i % 6];
      const x: Record<string, unknown> = { type, extra: pick(i * 7) };
      if (i % 3) x.questionIndex = pick(i * 11);
      if (i % 4) x.coords = i % 2 ? pick(i * 13) : { lat: pick(i * 17), lng: pick(i * 19), more: 1 };
      if (i % 5) x.role = ["player", "presenter", "chooser", 1][i % 4];
      if (i % 6) x.token = pick(i * 23);
      if (i % 7) x.version = pick(i * 29);
      if (i % 8) x.at = pick(i * 31);
      const frame = JSON.stringify(x);
      const zod = clientMessageSchema.safeParse(JSON.parse(frame));
      const r = parseClientMessage(frame);
      expect(r.ok).toBe(zod.success);
      if (r.ok && zod.success) {
        expect(r.msg).toStrictEqual(zod.data);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(100);
  });
});
