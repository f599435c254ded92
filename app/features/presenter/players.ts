/** Player and team helpers of the presenter screen (colours from pseudos, teams in the lobby). */
import type { Words } from "@common/i18n/ids";
import { m } from "@common/i18n/words";
import type { RoomPlayer } from "@common/wire/room-messages";
import { COLOR_KEYS, COLORS, foldAccents, type ColorKey } from "@common/rules";

const fold = (s: string) => foldAccents(s).toLowerCase();

/**
 * The colour of a pseudo ('Fraise verte 2' -> vert): ranking lines carry no colour, and the
 * marker's fallback disc still shows the right one.
 */
export function colorOfPseudo(pseudo: string): ColorKey | null {
  const words = pseudo.trim().split(/\s+/).filter((w) => !/^\d+$/.test(w));
  const last = fold(words[words.length - 1] ?? "");
  for (const key of COLOR_KEYS) {
    const c = COLORS[key];
    if (last === fold(c.masculine) || last === fold(c.feminine)) return key;
  }
  return null;
}

/**
 * A team's name in the night's language, from its colour ('Équipe bleue', 'Blue team'): the
 * room's own names are French, the colour key says which team it is.
 */
export const teamWords = (team: ColorKey): Words => m("presenter.team", { color: team });

export const colorHex = (key: ColorKey | null | undefined) => (key ? COLORS[key].hex : "#7a869e");

/** Text colour that reads on a team colour (yellow, turquoise and pink need dark ink). */
export function inkOn(key: ColorKey | null | undefined): string {
  return key === "jaune" || key === "turquoise" || key === "rose" ? "#0b1d3a" : "#ffffff";
}

interface TeamGroup {
  team: ColorKey;
  players: RoomPlayer[];
}

/** Team mode lobby: one column per team, in the room's team order, players in join order. */
export function groupByTeam(players: readonly RoomPlayer[], teams: readonly ColorKey[]): TeamGroup[] {
  return teams.map((team) => ({ team, players: players.filter((p) => (p.team ?? p.color) === team) }));
}
