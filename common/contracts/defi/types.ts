/**
 * What the défi's routes send to the phone, the leaderboard and the MJ's report (plain JSON). A
 * question's spot travels only once the défi is over (`DefiQuestionResults`), or, in a practice
 * défi, in the `DefiReveal` of that player's own answer or miss.
 */
import type { Bounds, LatLng, MapSettings, TargetSetting } from "../../wire/protocol";
import type { AdaptedTime, AdaptedTimeInfo } from "../../rules/adapted-time";
import type { DefiNameMode, DefiReveal as RevealMode } from "../../rules/defi";
import type { LineFlag } from "../../rules/scripted-lines";

/** The défi as its link shows it to anyone. */
export type DefiInfo = {
  code: string;
  quizName: string;
  description: string;
  questionCount: number;
  answerTimeSec: number;
  speedPointsMax: number;
  nameMode: DefiNameMode;
  /** 'end': spots at the end only; 'each': a practice défi, the spot after each answer. */
  reveal: RevealMode;
  /** The leaderboard shows no line until the end. */
  boardHidden: boolean;
  /** « Temps adapté », as players may know it (never whom it names). */
  adapted: AdaptedTimeInfo | null;
  /** ms since epoch; the page formats it. */
  deadline: number;
  open: boolean;
  mapSettings: MapSettings;
  targets: TargetSetting[];
};

/** The phone's own player, as the device token finds them. */
export type DefiMe = {
  playerNo: number;
  name: string;
  marker: string;
  /** 0-based question to play next (questionCount once every question is played). */
  question: number;
  /** A question opened and still running: resume it. */
  questionOpen: boolean;
  /** Plays with the défi's adapted time (playerTiming says what it gives). */
  adapted: boolean;
  total: number;
  timeMs: number;
};

/** A question as the server opens it for one player. */
export type DefiQuestion = {
  index: number;
  /** The photo at an address valid for this player while the question is open (a défi has no Street View question). */
  photoUrl: string;
  /** Time left on the server's clock when the answer was sent, ms; null: no limit (adapted time). */
  remainingMs: number | null;
  help: Bounds | null;
};

/**
 * Right after an answer, or once a question's time is up: what it earned (the ring and the
 * points). The spot, the title and the distance only in a practice défi (null otherwise: from a
 * distance and a few attempts, the spot could be worked out).
 */
export type DefiReveal = {
  index: number;
  title: string | null;
  spot: LatLng | null;
  /** null: no answer in time. */
  answer: LatLng | null;
  distanceM: number | null;
  ring: number;
  points: number;
  timeMs: number | null;
  total: number;
  /** Questions left after this one. */
  remaining: number;
};

/** What POST /api/defi/{code}/open answers. */
export type DefiOpened =
  | { kind: "question"; question: DefiQuestion }
  | { kind: "missed"; reveal: DefiReveal }
  | { kind: "finished" };

export type DefiState = { defi: DefiInfo; me: DefiMe | null };

/**
 * What POST /api/defi/{code}/join answers: the défi and the player, and for a new player their
 * first question, which « Commencer » opens at once (null: a device that already played, which
 * goes on where it was).
 */
export type DefiJoined = { defi: DefiInfo; me: DefiMe | null; question: DefiQuestion | null };

export type LeaderboardLine = {
  rank: number;
  name: string;
  marker: string;
  points: number;
  /** Questions played (answered or missed). */
  played: number;
  me: boolean;
  /** Played with adapted time. */
  adapted: boolean;
};

export type DefiLeaderboard = {
  quizName: string;
  open: boolean;
  /** A practice défi (spots after each answer): its leaderboard says so. */
  practice: boolean;
  /** Hidden until the end: no line (nor the reader's own) while the défi is open. */
  hidden: boolean;
  /** How adapted time plays, when the défi has it: the leaderboard says so and marks the lines. */
  adapted: AdaptedTimeInfo | null;
  deadline: number;
  questionCount: number;
  playersCount: number;
  lines: LeaderboardLine[];
  /** The reader's own line when it is not among `lines`. */
  own: LeaderboardLine | null;
  /** Once the défi is over, what its answers' map needs (DefiQuestionResults, question by question). */
  answersMap: { bounds: Bounds; targets: TargetSetting[] } | null;
};

/** One question once the défi is over: the spot, everyone's answers and the reader's own. */
export type DefiQuestionResults = {
  index: number;
  questionCount: number;
  title: string;
  spot: LatLng;
  /** The photo, served to anyone with the link once the défi is over. */
  photoUrl: string | null;
  /** Every answer (no names: the leaderboard has them), with its ring for its colour. */
  answers: { lat: number; lng: number; ring: number }[];
  /** The reader's own answer, when their device played this question. */
  mine: { answer: LatLng | null; distanceM: number | null; ring: number; points: number; timeMs: number | null } | null;
};

/** What POST /api/defis/new answers: the défi's link, and the numbers of the Street View questions it left out. */
export type DefiCreated = { gameId: string; code: string; path: string; deadline: number; leftOut: number[] };

/** A line of the défi as its MJ manages it. */
export type DefiAdminPlayer = {
  playerNo: number;
  name: string;
  points: number;
  played: number;
  /** When the line joined (ms). */
  joinedAt: number;
  /** A short label of the joining network (part of its keyed hash: never the address). */
  network: string;
  flags: LineFlag[];
  adapted: boolean;
};

/** The MJ's view of a défi, in its report. */
export type DefiAdmin = {
  gameId: string;
  code: string;
  path: string;
  deadline: number;
  open: boolean;
  nameMode: DefiNameMode;
  reveal: RevealMode;
  boardHidden: boolean;
  adapted: AdaptedTime | null;
  players: DefiAdminPlayer[];
  /** Devices and networks kept out. */
  bans: number;
};