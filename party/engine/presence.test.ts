import { describe, expect, it } from "vitest";
import { PROTOCOL_VERSION } from "@common/wire/protocol";
import { RECONNECT_GRACE_MS } from "@common/rules";
import { answer, disconnect, hello, start, tick } from "./game";
import { type GameState, withPresence } from "./state";
import { tallyOf } from "./tally";
import { expectedCount } from "./views";
import { PRESENTER_TOKEN, SPOT0, makeCtx, newGame, ok } from "./test-fixtures";

const T0 = 1_000_000;

/** A presenter and three phones, the third one gone (the room saw it leave). */
function lobby(): GameState {
  const ctx = makeCtx();
  let s = ok(hello(newGame({ answerTimeSec: 60 }), { role: "presenter", token: PRESENTER_TOKEN, version: PROTOCOL_VERSION }, T0, ctx)).state;
  for (let i = 0; i < 3; i++) s = ok(hello(s, { role: "player", version: PROTOCOL_VERSION }, T0, ctx)).state;
  return ok(disconnect(s, { role: "player", seatId: "p3" }, T0 + 1_000)).state;
}

const sockets = (seats: string[], presenter: boolean) => ({ seat: (id: string) => seats.includes(id), presenter });

describe("withPresence", () => {
  it("changes nothing when the sockets say what storage says", () => {
    const s = lobby();
    expect(withPresence(s, sockets(["p1", "p2"], true), T0 + 5_000)).toBe(s);
  });

  it("puts away from now a seat stored as connected without a socket, and the presenter too", () => {
    const s = lobby();
    const now = T0 + 60_000;
    const back = withPresence(s, sockets(["p1"], false), now);
    expect(back.seats.map((x) => [x.id, x.connected, x.lastSeen])).toEqual([
      ["p1", true, T0],
      ["p2", false, now],
      // Seen leaving by the room: its own time stays.
      ["p3", false, T0 + 1_000],
    ]);
    expect(back.presenterConnected).toBe(false);
    expect(back.presenterAwaySince).toBe(now);
    expect(back.tally).toEqual(tallyOf(back));
  });

  it("connects a seat stored as away whose socket is open", () => {
    const back = withPresence(lobby(), sockets(["p1", "p2", "p3"], true), T0 + 5_000);
    expect(back.seats.find((x) => x.id === "p3")).toMatchObject({ connected: true, lastSeen: T0 + 5_000 });
    expect(back.tally.idle).toBe(0);
  });

  it("ends a question after the grace of phones that never came back, not at its deadline", () => {
    let s = ok(start(lobby(), T0 + 2_000)).state;
    s = ok(tick(s, s.startingEndsAt!)).state;
    const opened = s.openedAt!;
    s = ok(answer(s, "p1", 0, SPOT0, opened + 1_000)).state;
    // The room restarts: only p1's phone is back.
    const restart = opened + 2_000;
    s = withPresence(s, sockets(["p1"], true), restart);
    // p1 answered; p2 (from the restart) and p3 (from its drop) are within their grace.
    expect(expectedCount(s, restart, RECONNECT_GRACE_MS)).toBe(3);
    expect(expectedCount(s, restart + RECONNECT_GRACE_MS, RECONNECT_GRACE_MS)).toBe(1);
    const ended = ok(tick(s, restart + RECONNECT_GRACE_MS)).state;
    expect(ended.phase).toBe("reveal");
    expect(restart + RECONNECT_GRACE_MS).toBeLessThan(s.deadline!);
  });
});
