/**
 * Défis: a quiz played alone on one's own time until a deadline (docs/game-rules.md, Défis).
 * Its figures, the rule of free names and the pseudo each player gets, shared by the app server
 * (which decides) and the pages (which say the same in advance).
 */
import { COLOR_KEYS, FRUIT_KEYS, markerOf, pseudoOf } from "./names";
import { ADAPTED_NAMES_MAX } from "./adapted-time";
import { graphemes, lookAlikeKey, normaliseTypedName, typedNameProblem } from "./typed-names";
import { m } from "../i18n/words";
import type { Words } from "../i18n/ids";

/** Random characters of a défi's link: 96 bits, nothing a person could guess or walk through. */
export const DEFI_CODE_LENGTH = 16;
export const DEFI_CODE = /^[A-Za-z0-9_-]{16}$/;

/** Deadline offered by default: a week from now. */
const DEFI_DEFAULT_DAYS = 7;
/** A deadline at most a year ahead, at least a minute ahead. */
const DEFI_MAX_DAYS = 366;
const DEFI_MIN_LEAD_MS = 60_000;
const DAY_MS = 86_400_000;

export const DEFI_NAME_MODES = ["free", "pseudo"] as const;
/** 'free': players type their own name (a class); 'pseudo': a colour and a fruit, as in live games. */
export type DefiNameMode = (typeof DEFI_NAME_MODES)[number];
export const isDefiNameMode = (x: unknown): x is DefiNameMode => (DEFI_NAME_MODES as readonly unknown[]).includes(x);

/**
 * When players see the spots: 'end' (default), with everyone's answers once the défi is over, so
 * that a second attempt learns nothing the first did not; 'each', right after each answer, for a
 * practice défi (the leaderboard says so).
 */
export const DEFI_REVEALS = ["end", "each"] as const;
export type DefiReveal = (typeof DEFI_REVEALS)[number];
export const isDefiReveal = (x: unknown): x is DefiReveal => (DEFI_REVEALS as readonly unknown[]).includes(x);

/**
 * Players one network address may add to a défi in one window of DEFI_JOIN_WINDOW_MS: a class
 * behind its school's address joins (and a second class after it); a script filling the
 * leaderboard stops there. Reserved before the player is written, so a burst cannot pass it.
 */
export const DEFI_JOINS_PER_ADDRESS = 100;
export const DEFI_JOIN_WINDOW_MS = 10 * 60_000;

/** Lines of the public leaderboard; the reader's own line is added when it is further down. */
export const DEFI_LEADERBOARD_SIZE = 100;
/** The leaderboard refreshes itself this often while the défi is open. */
export const DEFI_POLL_MS = 15_000;

const DEFI_NAME_MIN = 2;
/** Characters a person sees (graphemes: « é » typed as e + ◌́ counts one). */
export const DEFI_NAME_MAX = 24;
/**
 * The name field's own limit, in UTF-16 units as browsers count `maxLength`: room for 24
 * characters of any script (a Devanagari or decomposed one takes several units); the rule's
 * length is checked on the server.
 */
export const DEFI_NAME_FIELD_MAX = 96;

export const DEFI_MSG = {
  nameLength: m("defi.nameLength", { min: DEFI_NAME_MIN, max: DEFI_NAME_MAX }),
  nameChars: m("defi.nameChars"),
  nameInvisible: m("defi.nameInvisible"),
  nameMarks: m("defi.nameMarks"),
  nameTaken: m("defi.nameTaken"),
  deadlinePast: m("defi.deadlinePast"),
  deadlineFar: m("defi.deadlineFar", { days: DEFI_MAX_DAYS }),
  nameMode: m("defi.nameMode"),
  reveal: m("defi.reveal"),
  boardHidden: m("defi.boardHidden"),
  notFound: m("defi.notFound"),
  over: m("defi.over"),
  notJoined: m("defi.notJoined"),
  finished: m("defi.finished"),
  notOpened: m("defi.notOpened"),
  answered: m("defi.answered"),
  late: m("defi.late"),
  badAnswer: m("defi.badAnswer"),
  playerNotFound: m("defi.playerNotFound"),
  banned: m("defi.banned"),
  notOverYet: m("defi.notOverYet"),
  allStreetView: m("defi.allStreetView"),
  removeNothing: m("defi.removeNothing"),
  adapted: m("defi.adapted.invalid"),
  adaptedNames: m("defi.adapted.tooMany", { max: ADAPTED_NAMES_MAX }),
  adaptedNone: m("defi.adapted.none"),
  // The MJ's choices, at creation and on the défi's management screen.
  revealEach: m("defi.revealEach"),
  revealEachHint: m("defi.revealEachHint"),
  revealEnd: m("defi.revealEnd"),
  boardHiddenLabel: m("defi.boardHiddenLabel"),
  // What players read.
  practice: m("defi.practice"),
  boardHiddenNotice: m("defi.boardHiddenNotice"),
  spotsAtEnd: m("defi.spotsAtEnd"),
} as const;

type NameCheck = { ok: true; name: string; key: string } | { ok: false; error: Words };

const NAME_PROBLEMS = { invisible: DEFI_MSG.nameInvisible, chars: DEFI_MSG.nameChars, marks: DEFI_MSG.nameMarks } as const;

/**
 * A name typed by a player (typed-names.ts): normalised (NFKC, the phone's apostrophe, spaces),
 * 2 to 24 visible characters (graphemes), letters, digits, spaces, hyphens and apostrophes,
 * nothing invisible, no stacked marks. `key` is what uniqueness compares: no case, no accents, no
 * look-alike letters, so no line can pass for another.
 */
export function checkDefiName(raw: unknown): NameCheck {
  const name = typeof raw === "string" ? normaliseTypedName(raw) : "";
  const length = graphemes(name).length;
  if (length < DEFI_NAME_MIN || length > DEFI_NAME_MAX) {
    // A name of marks or fillers alone says why it is refused, not how long it is.
    if (name !== "" && typedNameProblem(name) === "invisible") return { ok: false, error: DEFI_MSG.nameInvisible };
    return { ok: false, error: DEFI_MSG.nameLength };
  }
  const problem = typedNameProblem(name);
  if (problem) return { ok: false, error: NAME_PROBLEMS[problem] };
  return { ok: true, name, key: lookAlikeKey(name) };
}

/**
 * The names a défi's MJ gives adapted time to in advance (adapted-time.ts): each by the rule of
 * free names, kept once per key (a look-alike of a listed name is that name).
 */
export function checkAdaptedNames(raw: readonly string[]): { ok: true; names: string[]; keys: string[] } | { ok: false; error: Words } {
  const names: string[] = [];
  const keys: string[] = [];
  for (const typed of raw) {
    if (typed.trim() === "") continue;
    const check = checkDefiName(typed);
    if (!check.ok) return { ok: false, error: m("defi.adapted.badName", { name: typed.trim() }) };
    if (keys.includes(check.key)) continue;
    names.push(check.name);
    keys.push(check.key);
  }
  return { ok: true, names, keys };
}

const PAIRS = COLOR_KEYS.length * FRUIT_KEYS.length;

/**
 * The colour and fruit of a défi's player, from their join number: the défi's `seed` shuffles
 * the 54 pairs (an affine walk through them, its step prime to 54), every pair is taken once
 * before any is numbered, then 'Fraise verte 2' and so on, as a large live room numbers them.
 * Free-name players get the same marker for the report's map.
 */
export function defiSeat(playerNo: number, seed: number): { pseudo: string; marker: string } {
  const steps = [1, 5, 7, 11, 13, 17, 19, 23, 25, 29, 31, 35, 37, 41, 43, 47, 49, 53];
  const step = steps[Math.abs(seed) % steps.length]!;
  const offset = Math.abs(Math.floor(seed / steps.length)) % PAIRS;
  const turn = Math.max(0, playerNo - 1);
  const pair = (offset + step * (turn % PAIRS)) % PAIRS;
  const color = COLOR_KEYS[pair % COLOR_KEYS.length]!;
  const fruit = FRUIT_KEYS[Math.floor(pair / COLOR_KEYS.length)]!;
  return { pseudo: pseudoOf(fruit, color, Math.floor(turn / PAIRS) + 1), marker: markerOf(fruit, color) };
}

/** The deadline offered when a défi is created: in a week, on the minute. */
export function defaultDeadline(now: number): number {
  return Math.floor((now + DEFI_DEFAULT_DAYS * DAY_MS) / 60_000) * 60_000;
}

/** Null when the deadline may be set, else the reason. */
export function deadlineProblem(deadline: unknown, now: number): Words | null {
  if (typeof deadline !== "number" || !Number.isFinite(deadline) || deadline < now + DEFI_MIN_LEAD_MS) {
    return DEFI_MSG.deadlinePast;
  }
  if (deadline > now + DEFI_MAX_DAYS * DAY_MS) return DEFI_MSG.deadlineFar;
  return null;
}

/**
 * Where a player's current question stands on the server's clock: never opened, open (with the
 * time left), or its time up (a missed question, 0 points, counted with the whole answer time).
 * The deadline moves on by the player's round trip (clock.ts), as their answer's does.
 */
type QuestionClockState = { kind: "unopened" } | { kind: "open"; remainingMs: number } | { kind: "timeUp" };

export function questionClock(openedAt: number | null, answerTimeMs: number, now: number, roundTripMs = 0): QuestionClockState {
  if (openedAt === null) return { kind: "unopened" };
  const remainingMs = openedAt + answerTimeMs + roundTripMs - now;
  return remainingMs > 0 ? { kind: "open", remainingMs } : { kind: "timeUp" };
}
