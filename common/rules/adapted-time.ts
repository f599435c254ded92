/**
 * « Temps adapté » in a défi (docs/game-rules.md, Défis): more time for the players who need it,
 * where it is fair. A défi is played alone, so nothing forces its clock on everyone: its MJ gives
 * the whole défi, or the lines they name (and those who ask for it, when allowed), twice the answer
 * time, or no limit at all. It changes the time limit and nothing else but the speed points,
 * which the MJ chooses: counted over the longer time (the same share of one's time earns the same
 * points), or none for those lines. With no limit there is nothing to count speed against: no
 * speed points. The leaderboard says which lines played with it and how they were scored.
 */
/** 'double': twice the answer time; 'unlimited': no limit, no speed points. */
export const ADAPTED_KINDS = ["double", "unlimited"] as const;
export type AdaptedKind = (typeof ADAPTED_KINDS)[number];

/** With 'double': speed points over the doubled time ('stretched'), or none ('none'). */
export const ADAPTED_SPEEDS = ["stretched", "none"] as const;
export type AdaptedSpeed = (typeof ADAPTED_SPEEDS)[number];

export const ADAPTED_FACTOR = 2;
/** Names the MJ may list in advance (a class, a school's year). */
export const ADAPTED_NAMES_MAX = 200;

/** A défi's « Temps adapté », as its MJ set it (null on the défi: none). */
export type AdaptedTime = {
  kind: AdaptedKind;
  speed: AdaptedSpeed;
  /** The whole défi plays with it; otherwise only the lines given it. */
  all: boolean;
  /** Players may ask for it on the défi's first screen. */
  ask: boolean;
  /** Free names that get it when they join (as typed by the MJ, normalised). */
  names: string[];
};

/** What the players and the leaderboard may know of it: never the names. */
export type AdaptedTimeInfo = Omit<AdaptedTime, "names">;

export const publicAdapted = (a: AdaptedTime | null): AdaptedTimeInfo | null =>
  a ? { kind: a.kind, speed: a.kind === "unlimited" ? "none" : a.speed, all: a.all, ask: a.ask } : null;

export const isAdaptedKind = (x: unknown): x is AdaptedKind => (ADAPTED_KINDS as readonly unknown[]).includes(x);
export const isAdaptedSpeed = (x: unknown): x is AdaptedSpeed => (ADAPTED_SPEEDS as readonly unknown[]).includes(x);

/**
 * Whether a player joining gets it: everyone when the whole défi has it; else when they asked and
 * the MJ allows asking, or when their name's key is among the named ones' keys.
 */
export function joinsAdapted(a: AdaptedTime | null, o: { asked: boolean; nameKey: string | null; namedKeys: readonly string[] }): boolean {
  if (!a) return false;
  if (a.all) return true;
  if (a.ask && o.asked) return true;
  return o.nameKey !== null && o.namedKeys.includes(o.nameKey);
}

/** How one player's question is timed and its speed points counted. */
export type PlayerTiming = {
  /** The answer's time limit, ms; null: none. */
  limitMs: number | null;
  /** Speed points are counted from the opening over this time (ms). */
  speedOverMs: number;
  speedPointsMax: number;
};

/** A player's timing: the défi's own, or adapted when this player plays with adapted time. */
export function playerTiming(answerTimeMs: number, speedPointsMax: number, a: AdaptedTime | AdaptedTimeInfo | null, adapted: boolean): PlayerTiming {
  if (!a || !adapted) return { limitMs: answerTimeMs, speedOverMs: answerTimeMs, speedPointsMax };
  if (a.kind === "unlimited") return { limitMs: null, speedOverMs: answerTimeMs, speedPointsMax: 0 };
  const limitMs = answerTimeMs * ADAPTED_FACTOR;
  return { limitMs, speedOverMs: limitMs, speedPointsMax: a.speed === "stretched" ? speedPointsMax : 0 };
}

/**
 * « Temps adapté » in a live night (docs/game-rules.md, Temps adapté in a live night): the night
 * keeps its clock for everyone (a real-time event), and the presenter may give a seat more time
 * for the question that is open, as a défi gives it: twice the answer time, speed points counted
 * over that longer time (the défi's « double » with its speed points « stretched »). The same
 * share of one's own time earns the same speed points, so the extended seat is neither favoured
 * nor penalised for the time it was given.
 */
const LIVE_ADAPTED: AdaptedTimeInfo = { kind: "double", speed: "stretched", all: false, ask: false };

/** Seats that may be given more time on one question: the room's state stays small. */
export const LIVE_EXTRA_SEATS_MAX = 20;

/** How a live seat's question is timed: the night's own, or with the extra time it was given. */
export function liveSeatTiming(answerTimeMs: number, speedPointsMax: number, extended: boolean): PlayerTiming & { limitMs: number } {
  const timing = playerTiming(answerTimeMs, speedPointsMax, LIVE_ADAPTED, extended);
  return { ...timing, limitMs: timing.limitMs ?? answerTimeMs };
}
