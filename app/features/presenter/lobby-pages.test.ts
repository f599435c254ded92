import { describe, expect, it } from "vitest";
import type { ColorKey } from "@common/wire/protocol";
import type { RoomPlayer } from "@common/wire/room-messages";
import { isCrowd, nextRollPage, perTeamPage, pickPlayers, ROLL_PAGE_SIZE, rollPage, rollPageCount, searchPlayers, teamRolls } from "./lobby-pages";
import { emptyRoster, removePlayer, upsertPlayer, type Roster } from "./roster";

const COLORS: ColorKey[] = ["bleu", "jaune", "rose"];
const player = (n: number, pseudo = `Pastèque ${COLORS[n % 3]} ${n}`): RoomPlayer => ({
  seatId: `p${n}`,
  pseudo,
  marker: "m",
  color: COLORS[n % 3]!,
  team: COLORS[n % 3]!,
  connected: true,
});

function roster(n: number): Roster {
  let r = emptyRoster;
  for (let i = 1; i <= n; i++) r = upsertPlayer(r, player(i));
  return r;
}

describe("the crowded lobby's pages", () => {
  it("shows chips up to sixty players, pages past that", () => {
    expect(isCrowd(roster(60))).toBe(false);
    expect(isCrowd(roster(61))).toBe(true);
  });

  it("pages every player in join order, a departure leaving the pages in place", () => {
    let r = roster(2000);
    expect(rollPageCount(r)).toBe(Math.ceil(2000 / ROLL_PAGE_SIZE));
    expect(rollPage(r, 1).map((p) => p.seatId)[0]).toBe(`p${ROLL_PAGE_SIZE + 1}`);
    const last = rollPage(r, rollPageCount(r) - 1);
    expect(last.at(-1)!.seatId).toBe("p2000");
    r = removePlayer(r, `p${ROLL_PAGE_SIZE + 1}`);
    expect(rollPage(r, 1)).toHaveLength(ROLL_PAGE_SIZE - 1);
    expect(rollPage(r, 2)[0]!.seatId).toBe(`p${2 * ROLL_PAGE_SIZE + 1}`);
  });

  it("turns round to the first page after the last", () => {
    expect([nextRollPage(0, 3), nextRollPage(2, 3), nextRollPage(0, 1)]).toEqual([1, 0, 0]);
  });

  it("gives each team its column and its own pages, going round on the shared page number", () => {
    const r = roster(300);
    const per = perTeamPage(3);
    // Three teams share six columns of five names: ten names a team on a page.
    expect([perTeamPage(2), per, perTeamPage(6)]).toEqual([15, 10, 5]);
    const rolls = teamRolls(r, COLORS, 0, per);
    expect(rolls.map((t) => [t.team, t.count, t.players.length])).toEqual([
      ["bleu", 100, per],
      ["jaune", 100, per],
      ["rose", 100, per],
    ]);
    expect(rolls.every((t) => t.players.every((p) => p.team === t.team))).toBe(true);
    const pages = rolls[0]!.pages;
    expect(teamRolls(r, COLORS, pages, per)[0]!.players).toEqual(rolls[0]!.players);
  });

  it("finds a player by a piece of the pseudo, accents and case aside, and says how many more", () => {
    const r = upsertPlayer(roster(100), player(101, "Cerise rose 7"));
    expect(searchPlayers(r, "cerise ROSE").matches.map((p) => p.pseudo)).toEqual(["Cerise rose 7"]);
    const all = searchPlayers(r, "pasteque", 24);
    expect([all.matches.length, all.more]).toEqual([24, 76]);
    expect(searchPlayers(r, "   ").matches).toEqual([]);
    expect(searchPlayers(r, "zzz").matches).toEqual([]);
    // To pick one player: the search's finds, or the first ones while nothing is typed.
    expect(pickPlayers(r, "cerise ROSE").matches.map((p) => p.pseudo)).toEqual(["Cerise rose 7"]);
    const first = pickPlayers(r, " ", 24);
    expect([first.matches[0]?.seatId, first.matches.length, first.more]).toEqual(["p1", 24, r.size - 24]);
  });
});
