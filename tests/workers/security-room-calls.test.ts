import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MSG } from "@common/contracts/messages";
import { tIn } from "../support/i18n";
import { THROTTLE_RULES } from "~/server/throttle/throttle.server";
import { ORIGIN, closeRoom, cookieOf, launch, make, roomState } from "../support/workers";

/**
 * The HTTP calls that reach a live room (its full ranking, its end, its question page), tried as
 * a game master with a script would: another account's room numbers, and a flood of one's own.
 */
const call = (method: "GET" | "POST", path: string, cookie: string, ip: string) =>
  SELF.fetch(`${ORIGIN}${path}`, { method, headers: { Cookie: cookie, Origin: ORIGIN, "CF-Connecting-IP": ip }, redirect: "manual" });

/** Six digits no live game holds, almost surely. */
const deadNumber = () => String(500_000 + Math.floor(Math.random() * 400_000));

describe("closing a room over HTTP", () => {
  it("answers another account's live room as it answers a number that holds none, and closes nothing", async () => {
    const theirs = await launch();
    const snoop = await cookieOf(await make.mj());
    const live = await call("POST", `/api/game/${theirs.room}/close`, snoop, "203.0.113.120");
    const dead = await call("POST", `/api/game/${deadNumber()}/close`, snoop, "203.0.113.120");
    expect({ status: live.status, body: await live.json() }).toEqual({ status: dead.status, body: await dead.json() });
    expect((await roomState(theirs.room))!.phase).toBe("lobby");
    // Its owner closes it.
    await closeRoom(theirs);
    expect((await roomState(theirs.room))?.phase ?? "closed").toBe("closed");
  });
});

describe("calls that wake a live room", () => {
  it("are refused to an address past its count, its ranking, its question page and its end alike; another address goes on", { timeout: 60_000 }, async () => {
    const l = await launch();
    const ip = "203.0.113.121";
    const limit = THROTTLE_RULES.roomCallAddress.limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) {
      const res = await call("GET", `/api/game/${l.room}/ranking`, l.cookie, ip);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    for (const [method, path] of [
      ["GET", `/api/game/${l.room}/ranking`],
      ["GET", `/salle/${l.room}/question`],
      ["POST", `/api/game/${l.room}/close`],
    ] as const) {
      const refused = await call(method, path, l.cookie, ip);
      expect({ path, status: refused.status }).toEqual({ path, status: 429 });
      expect(await refused.text()).toContain(tIn()(MSG.tooManyRoomCalls).replace("'", "&#x27;").slice(0, 20));
      // The API says when to come back; the page shows the sentence.
      if (path.startsWith("/api/")) expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    // The room was not closed by the refused call; from another network its owner goes on.
    expect((await roomState(l.room))!.phase).toBe("lobby");
    const elsewhere = await call("GET", `/api/game/${l.room}/ranking`, l.cookie, "203.0.113.122");
    expect(elsewhere.status).toBe(200);
  });
});
