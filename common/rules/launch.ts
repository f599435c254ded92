/**
 * The choices a game is launched with (dashboard card -> launch query -> app server -> room),
 * their defaults, and how many seats they open. The dashboard offers these values, the app
 * refuses anything else in the query, and the room checks them once more at creation.
 */
import { isLocale, type Locale } from "../i18n/locales";
import { COLOR_KEYS, FRUIT_KEYS, type ColorKey } from "./names";

export const ICON_TYPES = ["random", "defined"] as const;
/** 'random': the room hands out pseudos; 'defined': each player picks a colour and a fruit. */
export type IconType = (typeof ICON_TYPES)[number];

export const RANKING_MODES = ["player", "team"] as const;
/** 'team': players are ranked by team, a team being one colour. */
export type RankingMode = (typeof RANKING_MODES)[number];

export const ANSWER_TIMES_SEC = [15, 30, 45, 60, 90, 120, 180] as const;
/** Sides of the help square players may get, metres. */
export const HELP_ZONES_M = [200, 300, 400, 500, 600, 800, 1000, 1600, 2000] as const;
/** How the launch query says 'no help square'. */
export const NO_HELP_ZONE = "non";

/** Hard ceiling of a room, whatever the options (events of hundreds of phones). */
export const MAX_ROOM_PLAYERS = 2000;
/** A team is a colour. */
export const MAX_TEAMS = COLOR_KEYS.length;
/** The dashboard offers no one-team game: nobody would be ranked against anybody. */
export const MIN_TEAMS_OFFERED = 2;
/** Defined icons: each (colour, fruit) pair belongs to one player, so 9 per colour, 54 in all. */
export const MAX_PER_COLOR = FRUIT_KEYS.length;
export const PAIR_COUNT = COLOR_KEYS.length * FRUIT_KEYS.length;

/** What is chosen at launch, with the room's field names. */
export interface LaunchOptions {
  iconType: IconType;
  mode: RankingMode;
  answerTimeSec: number;
  /** Side of the help square in metres (launch query: help_zone); null = no help. */
  helpZoneM: number | null;
  /** Player mode: seats in the room; team mode: seats per team. */
  maxPlayer: number;
  /** Team mode: number of teams (the first maxTeam colours). */
  maxTeam: number;
  /**
   * « Photo sur les téléphones »: each phone shows the open question's photo (or Street View
   * view) with the map a tap away, for nights streamed to players who cannot see the screen well.
   */
  photoOnPhones: boolean;
  /**
   * « Langue de la soirée »: the language of every word of the presenter's screen, whatever the
   * browser showing it. Absent until chosen: a launch then takes its page's language. The room
   * carries it with the other settings and reads it never (docs/decisions/040).
   */
  locale?: Locale;
}

const DEFAULT_MAX_PLAYER: Record<RankingMode, number> = { player: 50, team: 8 };

export const DEFAULT_OPTIONS: Readonly<LaunchOptions> = {
  iconType: "random",
  mode: "player",
  answerTimeSec: 60,
  helpZoneM: 500,
  maxPlayer: DEFAULT_MAX_PLAYER.player,
  maxTeam: MAX_TEAMS,
  photoOnPhones: false,
};

/** Seats by default: 50 players, or 8 per team. */
export function defaultMaxPlayer(mode: RankingMode): number {
  return DEFAULT_MAX_PLAYER[mode];
}

export const isIconType = (x: unknown): x is IconType => (ICON_TYPES as readonly unknown[]).includes(x);
const isRankingMode = (x: unknown): x is RankingMode => (RANKING_MODES as readonly unknown[]).includes(x);
export const isAnswerTime = (sec: number) => (ANSWER_TIMES_SEC as readonly number[]).includes(sec);
/** null (no help) is a valid choice. */
export const isHelpZone = (m: number | null) => m === null || (HELP_ZONES_M as readonly number[]).includes(m);
const intIn = (x: number, lo: number, hi: number) => Number.isInteger(x) && x >= lo && x <= hi;
export const isPlayerCount = (n: number) => intIn(n, 1, MAX_ROOM_PLAYERS);
export const isTeamCount = (n: number) => intIn(n, 1, MAX_TEAMS);

/** The first option a room refuses, or null when it may open with these. */
export function launchProblem(o: LaunchOptions): keyof LaunchOptions | null {
  if (!isIconType(o.iconType)) return "iconType";
  if (!isRankingMode(o.mode)) return "mode";
  if (!isAnswerTime(o.answerTimeSec)) return "answerTimeSec";
  if (!isHelpZone(o.helpZoneM)) return "helpZoneM";
  if (!isPlayerCount(o.maxPlayer)) return "maxPlayer";
  if (!isTeamCount(o.maxTeam)) return "maxTeam";
  if (typeof o.photoOnPhones !== "boolean") return "photoOnPhones";
  if (o.locale !== undefined && !isLocale(o.locale)) return "locale";
  return null;
}

/** Rounds into [lo, hi]; anything that is not a number becomes lo. */
export function clampInt(x: number, lo: number, hi: number): number {
  if (!Number.isFinite(x)) return lo;
  return Math.min(hi, Math.max(lo, Math.round(x)));
}

// ---------------------------------------------------------------------------------------------
// Seats

type SeatingOptions = Pick<LaunchOptions, "iconType" | "mode" | "maxPlayer" | "maxTeam">;

export interface Capacity {
  /** Colours seats may take: the teams in team mode, all six otherwise. */
  colors: ColorKey[];
  /** Seats per colour, null when unlimited (random icons, player mode: colours are cosmetic). */
  perColor: number | null;
  total: number;
}

export function seatingCapacity(o: SeatingOptions): Capacity {
  const team = o.mode === "team";
  const colors = team ? COLOR_KEYS.slice(0, clampInt(o.maxTeam, 1, MAX_TEAMS)) : [...COLOR_KEYS];
  const maxPlayer = clampInt(o.maxPlayer, 1, MAX_ROOM_PLAYERS);
  if (o.iconType === "defined") {
    const perColor = team ? Math.min(maxPlayer, MAX_PER_COLOR) : MAX_PER_COLOR;
    const total = team ? colors.length * perColor : Math.min(maxPlayer, PAIR_COUNT);
    return { colors, perColor, total };
  }
  if (team) return { colors, perColor: maxPlayer, total: Math.min(MAX_ROOM_PLAYERS, colors.length * maxPlayer) };
  return { colors, perColor: null, total: maxPlayer };
}

/**
 * The most players (per team in team mode) worth offering: beyond it the room would not seat
 * them. Team mode counts on the largest number of teams, so the figure holds whatever is chosen.
 */
export function maxPlayerLimit(o: Pick<LaunchOptions, "iconType" | "mode">): number {
  if (o.iconType === "defined") return o.mode === "team" ? MAX_PER_COLOR : PAIR_COUNT;
  return o.mode === "team" ? Math.floor(MAX_ROOM_PLAYERS / MAX_TEAMS) : MAX_ROOM_PLAYERS;
}

// ---------------------------------------------------------------------------------------------
// Launch query (/pres/{quiz}?icon=…&time=…): written by the dashboard, read by the app server

export const LAUNCH_PARAMS = {
  iconType: "icon",
  answerTimeSec: "time",
  helpZoneM: "help_zone",
  maxPlayer: "max_player",
  maxTeam: "max_team",
  photoOnPhones: "photo_phones",
  locale: "lang",
} as const;

/** How the launch query says « Photo sur les téléphones » (absent: off). */
export const PHOTO_ON_PHONES = "oui";

/** The query of a launch, numbers brought within what the options allow. */
export function launchParams(o: LaunchOptions): [string, string][] {
  const params: [string, string][] = [
    [LAUNCH_PARAMS.iconType, o.iconType],
    [LAUNCH_PARAMS.answerTimeSec, String(o.answerTimeSec)],
    [LAUNCH_PARAMS.helpZoneM, o.helpZoneM === null ? NO_HELP_ZONE : String(o.helpZoneM)],
    [LAUNCH_PARAMS.maxPlayer, String(clampInt(o.maxPlayer, 1, maxPlayerLimit(o)))],
  ];
  if (o.mode === "team") params.push([LAUNCH_PARAMS.maxTeam, String(clampInt(o.maxTeam, MIN_TEAMS_OFFERED, MAX_TEAMS))]);
  if (o.photoOnPhones) params.push([LAUNCH_PARAMS.photoOnPhones, PHOTO_ON_PHONES]);
  if (o.locale) params.push([LAUNCH_PARAMS.locale, o.locale]);
  return params;
}
