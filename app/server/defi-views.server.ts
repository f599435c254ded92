/**
 * What a défi shows each reader, without I/O: the défi as its link shows it, the phone's own
 * player, a question as it opens (never its spot), the reveal of an answer or a miss (the spot),
 * a leaderboard line. The routes' modules (defi-play, defi-leaderboard, defi-manage) read the rows
 * and hand them here.
 */
import type { Defi, Game } from "@db/schema";
import type { DefiInfo, DefiMe, DefiQuestion, DefiReveal, LeaderboardLine } from "@common/defi/types";
import type { Bounds, HelpZone, MapSettings, QuizQuestion, TargetSetting } from "@common/protocol";
import { readStoredHelpSquare } from "@common/help-square";
import { questionClock, type RingPoints } from "@common/rules";

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
};

/** The défi's link on the site. */
export const defiPath = (code: string) => `/defi/${code}`;

export const answerTimeMs = (l: LoadedDefi) => l.settings.answerTimeSec * 1000;
export const questionCount = (l: LoadedDefi) => l.snapshot.quiz.questions.length;
export const isOpen = (l: Pick<LoadedDefi, "defi" | "game">, now: number) => l.game.status === "live" && now < l.defi.deadline;

export function infoOf(l: LoadedDefi, now: number): DefiInfo {
  return {
    code: l.defi.code,
    quizName: l.snapshot.quiz.name,
    description: l.snapshot.quiz.description,
    questionCount: questionCount(l),
    answerTimeSec: l.settings.answerTimeSec,
    speedPointsMax: l.settings.speedPointsMax,
    nameMode: l.defi.nameMode,
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
    questionOpen: isOpen(l, now) && questionClock(me.openedAt, answerTimeMs(l), now).kind === "open",
    total: me.points,
    timeMs: me.timeMs,
  };
}

export function questionOf(l: LoadedDefi, index: number, token: string, remainingMs: number): DefiQuestion {
  const q = l.snapshot.quiz.questions[index]!;
  // Défis created before the code said Bounds stored the wire's lat1, lon1, lat2, lon2.
  const help = readStoredHelpSquare((l.defi.help as (Bounds | HelpZone | null)[])[index] ?? null);
  const sv = q.streetview;
  return {
    index,
    photoUrl: q.kind === "photo" && q.imageUrl ? `/api/defi/${l.defi.code}/photo/${token}` : null,
    streetview: sv ? { pano: sv.panoId, lat: sv.lat, lng: sv.lng, heading: sv.heading, pitch: sv.pitch, fov: sv.fov } : null,
    title: `Question ${index + 1}`,
    remainingMs,
    help,
  };
}

export function revealOf(
  l: LoadedDefi,
  index: number,
  answer: { at: { lat: number; lng: number }; distanceM: number; ring: number; points: number; timeMs: number } | null,
  total: number,
): DefiReveal {
  const q = l.snapshot.quiz.questions[index]!;
  return {
    index,
    title: q.title || q.name,
    spot: { lat: q.lat, lng: q.lng },
    answer: answer?.at ?? null,
    distanceM: answer ? answer.distanceM : null,
    ring: answer?.ring ?? 0,
    points: answer?.points ?? 0,
    timeMs: answer?.timeMs ?? null,
    total,
    remaining: questionCount(l) - index - 1,
  };
}

export const lineOf = (
  p: { playerNo: number; name: string; marker: string; points: number | null; played: number },
  rank: number,
  me: DefiPlayer | null,
): LeaderboardLine => ({
  rank,
  name: p.name,
  marker: p.marker,
  points: p.points ?? 0,
  played: p.played,
  me: me?.playerNo === p.playerNo,
});
