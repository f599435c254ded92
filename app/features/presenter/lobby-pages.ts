/**
 * What the lobby lists (docs/game-rules.md, Presenter steps; docs/decisions/028): every player as
 * a chip while the room is small enough for them all to be read; past that, the newest arrivals,
 * and every player on calm pages that turn by themselves, in join order (a page never changes
 * under the eyes of the room but the last one, which fills), one column per team in team mode;
 * a search finds anyone, to kick them. Whatever the room's size, the screen holds about as many names
 * as one page: its cost does not grow with the room.
 */
import type { ColorKey } from "@common/wire/protocol";
import type { RoomPlayer } from "@common/wire/room-messages";
import { foldAccents } from "@common/rules";
import { playersBetween, playersOf, type Roster } from "./roster";

/** Up to this many players, every one of them as a chip (as the lobby always was). */
const ALL_CHIPS_UP_TO = 60;
/** Latest arrivals shown above the pages: one line of chips, as many as fit. */
export const NEWEST_COUNT = 6;
/** Names on a page: five columns of seven, wide enough for « Pastèque turquoise 12 ». */
export const ROLL_PAGE_SIZE = 35;
/** Team mode: the teams' names under their headers, five to a column, six narrower columns shared out. */
const TEAM_ROWS = 5;
const TEAM_COLUMNS = 6;
/** How long a page of names stays: long enough to find one's own name on it. */
export const ROLL_PAGE_MS = 6_000;
/** Players a search lists (with their kick button); the rest is said as a number. */
const SEARCH_LIMIT = 24;

/** Whether the room is past what chips can show. */
export const isCrowd = (roster: Roster) => roster.size > ALL_CHIPS_UP_TO;

/** Pages of names in join order: a departure leaves its place empty rather than move everyone. */
export const rollPageCount = (roster: Roster, size = ROLL_PAGE_SIZE) => Math.max(1, Math.ceil(roster.length / size));

/** The players on page `page` (join order), reading only that page's places. */
export const rollPage = (roster: Roster, page: number, size = ROLL_PAGE_SIZE): RoomPlayer[] =>
  playersBetween(roster, page * size, (page + 1) * size);

const teamOf = (p: RoomPlayer): ColorKey => p.team ?? p.color;

interface TeamRoll {
  team: ColorKey;
  /** Players in the team. */
  count: number;
  /** The team's names on this page. */
  players: RoomPlayer[];
  pages: number;
}

/**
 * Team mode: one column per team, each with its own pages of `perTeam` names in join order; the
 * shared page number goes round each team's pages.
 */
export function teamRolls(roster: Roster, teams: readonly ColorKey[], page: number, perTeam: number): TeamRoll[] {
  const byTeam = new Map<ColorKey, RoomPlayer[]>(teams.map((t) => [t, []]));
  for (const p of playersOf(roster)) byTeam.get(teamOf(p))?.push(p);
  return teams.map((team) => {
    const all = byTeam.get(team)!;
    const pages = Math.max(1, Math.ceil(all.length / perTeam));
    const shown = page % pages;
    return { team, count: all.length, players: all.slice(shown * perTeam, (shown + 1) * perTeam), pages };
  });
}

/** How many names each team's column shows on a page: the six columns shared between teams. */
export const perTeamPage = (teams: number) => TEAM_ROWS * Math.max(1, Math.floor(TEAM_COLUMNS / Math.max(1, teams)));

/** Pseudos as typed on a remote: no accents, no case, spaces ignored. */
const folded = (s: string) => foldAccents(s).toLowerCase().replace(/\s+/g, "");

/** Players whose pseudo holds the query (accents and case ignored), in join order. */
export function searchPlayers(roster: Roster, query: string, limit = SEARCH_LIMIT): { matches: RoomPlayer[]; more: number } {
  const q = folded(query);
  const matches: RoomPlayer[] = [];
  let more = 0;
  if (!q) return { matches, more };
  for (const p of playersOf(roster)) {
    if (!folded(p.pseudo).includes(q)) continue;
    if (matches.length < limit) matches.push(p);
    else more++;
  }
  return { matches, more };
}

/**
 * The players to pick one from (« Temps adapté » during a question): those the query finds, or
 * while it is empty the first ones in join order, a small room's whole list.
 */
export function pickPlayers(roster: Roster, query: string, limit = SEARCH_LIMIT): { matches: RoomPlayer[]; more: number } {
  if (folded(query)) return searchPlayers(roster, query, limit);
  const matches: RoomPlayer[] = [];
  for (const p of playersOf(roster)) {
    if (matches.length === limit) break;
    matches.push(p);
  }
  return { matches, more: roster.size - matches.length };
}

/** The page after `page`, going round. */
export const nextRollPage = (page: number, pages: number) => (pages <= 1 ? 0 : (page + 1) % pages);
