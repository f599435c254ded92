import { describe, expect, it } from "vitest";
import type { RoomPlayer } from "@common/wire/room-messages";
import { emptyRoster, findPlayer, listOf, newestOf, playersBetween, removePlayer, rosterOf, upsertPlayer } from "./roster";

const player = (n: number, connected = true): RoomPlayer => ({
  seatId: `p${n}`,
  pseudo: `Kiwi bleu ${n}`,
  marker: `Kiwibleu${n}`,
  color: "bleu",
  team: null,
  connected,
});

const ids = (list: RoomPlayer[]) => list.map((p) => p.seatId);

describe("the lobby's roster", () => {
  it("keeps join order, updates a known player in place and leaves a gap where one left", () => {
    let r = emptyRoster;
    for (let n = 1; n <= 5; n++) r = upsertPlayer(r, player(n));
    r = upsertPlayer(r, player(2, false));
    r = removePlayer(r, "p4");
    expect(ids(listOf(r))).toEqual(["p1", "p2", "p3", "p5"]);
    expect([r.size, r.connected, r.length]).toEqual([4, 3, 5]);
    expect(findPlayer(r, "p2")?.connected).toBe(false);
    expect(findPlayer(r, "p4")).toBeNull();
    // Unknown ids change nothing.
    expect(removePlayer(r, "p99")).toBe(r);
    // A player back after leaving comes at the end, as a new arrival.
    r = upsertPlayer(r, player(4));
    expect(ids(listOf(r))).toEqual(["p1", "p2", "p3", "p5", "p4"]);
  });

  it("reads the newest arrivals and a range of places without walking the list", () => {
    let r = emptyRoster;
    for (let n = 1; n <= 200; n++) r = upsertPlayer(r, player(n));
    r = removePlayer(r, "p199");
    expect(ids(newestOf(r, 3))).toEqual(["p200", "p198", "p197"]);
    expect(ids(playersBetween(r, 62, 66))).toEqual(["p63", "p64", "p65", "p66"]);
    expect(ids(playersBetween(r, 197, 400))).toEqual(["p198", "p200"]);
  });

  it("is rebuilt from the room's whole list, the same as joins one by one", () => {
    const list = [player(1), player(2, false), player(3)];
    const built = rosterOf(list);
    const joined = list.reduce(upsertPlayer, emptyRoster);
    expect(listOf(built)).toEqual(listOf(joined));
    expect([built.size, built.connected]).toEqual([3, 2]);
    // A repeated id keeps its first place with its last state.
    expect(listOf(rosterOf([player(1), player(2), player(1, false)])).map((p) => [p.seatId, p.connected])).toEqual([
      ["p1", false],
      ["p2", true],
    ]);
  });

  it("never changes a roster it was given", () => {
    let r = emptyRoster;
    for (let n = 1; n <= 70; n++) r = upsertPlayer(r, player(n));
    const snapshot = JSON.stringify(listOf(r));
    upsertPlayer(r, player(71));
    upsertPlayer(r, player(3, false));
    removePlayer(r, "p65");
    expect(JSON.stringify(listOf(r))).toBe(snapshot);
  });
});
