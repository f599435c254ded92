/**
 * What a défi shows each reader, without I/O: the défi as its link shows it, the phone's own
 * player, a question as it opens (never its spot), the reveal of an answer or a miss (the spot in
 * a practice défi only), a question's results once the défi is over, a leaderboard line. The routes' modules (defi-play, defi-leaderboard, defi-manage) read the rows
 * and hand them here.
 */
import type { Defi, Game } from "@db/schema";
import type { DefiInfo, DefiMe, DefiQuestion, DefiQuestionResults, DefiReveal, LeaderboardLine } from "@common/contracts/defi/types";
import type { Bounds, HelpZone, MapSettings, QuizQuestion, TargetSetting } from "@common/wire/protocol";
import { readStoredHelpSquare } from "@common/wire/help-square";
import { playerTiming, publicAdapted, questionClock, roundTripOf, withSample, type PlayerTiming, type RingPoints } from "@common/rules";

/** What a défi's game row holds in `settings`: frozen at creation like a launch's. */
export type DefiSettings = {
  answerTimeSec: number;
  helpZoneM: number | null;
  ringPoints: RingPoints;
  speedPointsMax: number;
};

/** `games.quiz_snapshot` of a défi: the history's shape (PlayedQuizSnapshot), with the whole map. */
export type DefiSnapshot = {
  quiz: { name: string; description: string; questions: QuizQuestion[]; mapSettings: MapSettings };
  targets: TargetSetting[];
};

/** A défi as one read finds it (defi-store.server.ts): its game, settings, quiz and the device's player. */
export type LoadedDefi = {
  game: Pick<Game, "id" | "status">;
  defi: Defi;
  settings: DefiSettings;
  snapshot: DefiSnapshot;
  me: DefiPlayer | null;
};

/** A défi's player: their running totals and where they are in the quiz. */
export type DefiPlayer = {
  playerNo: number;
  name: string;
  marker: string;
  points: number;
  timeMs: number;
  question: number;
  openedAt: number | null;
  openToken: string | null;
  /** The first request of the open question's photo, and the player's latest round trips (common/rules/clock.ts). */
  photoAt: number | null;
  roundTrips: number[];
  /** Plays with the défi's adapted time. */
  adapted: boolean;
};

/** The défi's link on the site. */
export const defiPath = (code: string) => `/defi/${code}`;

/** A player's time limit and speed points: the défi's, or its adapted time's (adapted-time.ts). */
export const timingOf = (l: Pick<LoadedDefi, "settings" | "defi">, me: Pick<DefiPlayer, "adapted">): PlayerTiming =>
  playerTiming(l.settings.answerTimeSec * 1000, l.settings.speedPointsMax, l.defi.adapted, me.adapted);

/** A limit of the clock's rules: none is one that never comes. */
export const limitOf = (timing: PlayerTiming) => timing.limitMs ?? Number.POSITIVE_INFINITY;
export const questionCount = (l: LoadedDefi) => l.snapshot.quiz.questions.length;
export const isOpen = (l: Pick<LoadedDefi, "defi" | "game">, now: number) => l.game.status === "live" && now < l.defi.deadline;

/**
 * The round-trip samples of a player once their open question is settled: the stored ones and
 * the open question's (its opening to its photo's first request), if the photo was asked for.
 */
export const samplesOf = (me: Pick<DefiPlayer, "openedAt" | "photoAt" | "roundTrips">) =>
  me.openedAt !== null && me.photoAt !== null ? [...withSample(me.roundTrips, me.photoAt - me.openedAt)] : me.roundTrips;

/** The round trip a player's open question is credited with (common/rules/clock.ts). */
export const creditOf = (me: Pick<DefiPlayer, "openedAt" | "photoAt" | "roundTrips">) => roundTripOf(samplesOf(me));

export function infoOf(l: LoadedDefi, now: number): DefiInfo {
  return {
    code: l.defi.code,
    quizName: l.snapshot.quiz.name,
    description: l.snapshot.quiz.description,
    questionCount: questionCount(l),
    answerTimeSec: l.settings.answerTimeSec,
    speedPointsMax: l.settings.speedPointsMax,
    nameMode: l.defi.nameMode,
    reveal: l.defi.reveal,
    boardHidden: l.defi.boardHidden,
    adapted: publicAdapted(l.defi.adapted),
    deadline: l.defi.deadline,
    open: isOpen(l, now),
    mapSettings: l.snapshot.quiz.mapSettings,
    targets: l.snapshot.targets,
  };
}

export function meOf(l: LoadedDefi, me: DefiPlayer, now: number): DefiMe {
  return {
    playerNo: me.playerNo,
    name: me.name,
    marker: me.marker,
    question: me.question,
    questionOpen: isOpen(l, now) && questionClock(me.openedAt, limitOf(timingOf(l, me)), now, creditOf(me)).kind === "open",
    adapted: me.adapted,
    total: me.points,
    timeMs: me.timeMs,
  };
}

/**
 * A question as it opens for a player: its photo's address, its help square and the time it has
 * left (none without a limit), never its spot nor its title (the phone words « Question 2 sur 5 »
 * itself).
 */
export function questionOf(l: LoadedDefi, index: number, token: string, remainingMs: number): DefiQuestion {
  // Défis created before the code said Bounds stored the wire's lat1, lon1, lat2, lon2.
  const help = readStoredHelpSquare((l.defi.help as (Bounds | HelpZone | null)[])[index] ?? null);
  return { index, photoUrl: `/api/defi/${l.defi.code}/photo/${token}`, remainingMs: Number.isFinite(remainingMs) ? remainingMs : null, help };
}

type Scored = { at: { lat: number; lng: number }; distanceM: number; ring: number; points: number; timeMs: number };

/**
 * What a player is told right after their answer or miss: the ring and the points always; the
 * spot, the title and the distance only in a practice défi. Otherwise they wait for the end: from
 * distances and a few attempts on other devices, the spot could be worked out.
 */
export function revealOf(l: LoadedDefi, index: number, answer: Scored | null, total: number): DefiReveal {
  const q = l.snapshot.quiz.questions[index]!;
  const practice = l.defi.reveal === "each";
  return {
    index,
    title: practice ? q.title || q.name : null,
    spot: practice ? { lat: q.lat, lng: q.lng } : null,
    answer: answer?.at ?? null,
    distanceM: practice && answer ? answer.distanceM : null,
    ring: answer?.ring ?? 0,
    points: answer?.points ?? 0,
    timeMs: answer?.timeMs ?? null,
    total,
    remaining: questionCount(l) - index - 1,
  };
}

/** One question once the défi is over: the spot, every answer, the reader's own. */
export function questionResultsOf(
  l: LoadedDefi,
  index: number,
  answers: { playerNo: number; lat: number; lng: number; distanceM: number; ring: number; points: number; timeMs: number }[],
): DefiQuestionResults {
  const q = l.snapshot.quiz.questions[index]!;
  const me = l.me;
  const own = me ? answers.find((a) => a.playerNo === me.playerNo) : undefined;
  // A question still open when the défi ended counts as played and missed.
  const played = me !== null && (me.question > index || (me.question === index && me.openedAt !== null));
  return {
    index,
    questionCount: questionCount(l),
    title: q.title || q.name,
    spot: { lat: q.lat, lng: q.lng },
    photoUrl: q.imageUrl ? `/api/defi/${l.defi.code}/photos/${index + 1}` : null,
    answers: answers.map((a) => ({ lat: a.lat, lng: a.lng, ring: a.ring })),
    mine: own
      ? { answer: { lat: own.lat, lng: own.lng }, distanceM: own.distanceM, ring: own.ring, points: own.points, timeMs: own.timeMs }
      : played
        ? { answer: null, distanceM: null, ring: 0, points: 0, timeMs: null }
        : null,
  };
}

export const lineOf = (
  p: { playerNo: number; name: string; marker: string; points: number | null; played: number; adapted: boolean },
  rank: number,
  me: DefiPlayer | null,
): LeaderboardLine => ({
  rank,
  name: p.name,
  marker: p.marker,
  points: p.points ?? 0,
  played: p.played,
  me: me?.playerNo === p.playerNo,
  adapted: p.adapted,
});
