/**
 * What the défi's routes send to the phone, the leaderboard and the MJ's report (plain JSON). A
 * question's spot travels only in a `DefiReveal`, after that player's own answer or once their
 * time is up.
 */
import type { Bounds, LatLng, MapSettings, TargetSetting } from "../protocol";
import type { StreetView } from "../streetview";
import type { DefiNameMode } from "../rules/defi";

/** The défi as its link shows it to anyone. */
export type DefiInfo = {
  code: string;
  quizName: string;
  description: string;
  questionCount: number;
  answerTimeSec: number;
  speedPointsMax: number;
  nameMode: DefiNameMode;
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
  total: number;
  timeMs: number;
};

/** A question as the server opens it for one player. */
export type DefiQuestion = {
  index: number;
  /** The photo at an address valid for this player while the question is open; null for Street View. */
  photoUrl: string | null;
  streetview: StreetView | null;
  title: string;
  /** Time left on the server's clock when the answer was sent, ms. */
  remainingMs: number;
  help: Bounds | null;
};

/** Right after an answer, or once a question's time is up: where it was, and what it earned. */
export type DefiReveal = {
  index: number;
  title: string;
  spot: LatLng;
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

export type LeaderboardLine = {
  rank: number;
  name: string;
  marker: string;
  points: number;
  /** Questions played (answered or missed). */
  played: number;
  me: boolean;
};

export type DefiLeaderboard = {
  quizName: string;
  open: boolean;
  deadline: number;
  questionCount: number;
  playersCount: number;
  lines: LeaderboardLine[];
  /** The reader's own line when it is not among `lines`. */
  own: LeaderboardLine | null;
};

/** The MJ's view of a défi, in its report. */
export type DefiAdmin = {
  gameId: string;
  code: string;
  path: string;
  deadline: number;
  open: boolean;
  nameMode: DefiNameMode;
  players: { playerNo: number; name: string; points: number; played: number }[];
};
