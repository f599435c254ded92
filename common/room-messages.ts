/**
 * The room's messages as the phone and the presenter screens read them: the wire's messages
 * (protocol.ts, whose field names are the specification's, some French, some without their unit)
 * with the code's own names, one English name per meaning with its unit (docs/glossary.md, Names
 * the wire keeps from the specification). `fromWire` translates each message as it reaches a
 * page; the room writes the wire's names in party/engine/views.ts.
 *
 * The room client (room-client.ts) hands on the wire's messages as they are: the socket tests and
 * the benchmark speak the protocol through it, and check the wire's own fields.
 */
import type {
  Bounds,
  NightRanking,
  FruitSelectedCallback,
  PlayerAnswerCallback,
  PlayerEndGame,
  PlayerEndQuestion,
  PlayerJoinPseudoRoomCallback,
  PlayerNight,
  PointsSettings,
  PlayerJoinRoomCallback,
  PlayerListEntry,
  PlayerNewQuestion,
  PresEndGame,
  PresExtraTimeCallback,
  PresKickPlayerCallback,
  PresNewPlayer,
  PresNewQuestion,
  PresNewRoomCallback,
  PresenterQuizData,
  PseudoRoomInfo,
  QuizQuestion,
  PresPlayerAnswered,
  PresPlayerLeft,
  PresResults,
  HelpZone,
  PublicSettings,
  RankingLine,
  ServerMessage,
  ServerMessageType,
  TargetSetting,
  TeamResult,
} from "./protocol";
import { helpSquareFromWire } from "./help-square";
import { questionFromWire } from "./quiz-question";
import type { LaunchOptions, RingPoints } from "./rules";

/** The launch options the presenter is told, with the room's capacity. */
export interface RoomSettings extends LaunchOptions {
  /** Seats the room accepts in total. */
  capacity: number;
}

/** A seat as the presenter's lobby lists it (wire: PlayerListEntry). */
export interface RoomPlayer extends Omit<PlayerListEntry, "playerID"> {
  /** The seat's id, p<join number> (wire: playerID). */
  seatId: string;
}

/** An answer as the presenter's counter shows it. */
export interface AnswerNotice {
  /** Wire: playerID. */
  seatId: string;
  pseudo: string;
  marker: string;
  /** Milliseconds from the question's opening to the answer, room clock (wire: time). */
  elapsedMs: number;
}

/** How answers earn points in this game (wire: pointsSettings). */
export interface Scoring {
  /** Speed points at a question's opening (wire: point_max_temps). */
  speedPointsMax: number;
  /** Points of the 200 / 100 / 50 / 20 m rings (wire: circlesPoints). */
  ringPoints: RingPoints;
}

/** The presenter's copy of the quiz (wire: quizzData). */
export interface RoomQuiz extends Omit<PresenterQuizData, "pointsSettings" | "targetSettings" | "questions"> {
  /** Each question with its title as `title` (wire: titre). */
  questions: QuizQuestion[];
  scoring: Scoring;
  /** The rest of the map, then the rings, outermost first (wire: targetSettings). */
  target: TargetSetting[];
}

/** What the pseudo screen may still choose (wire: PseudoRoomInfo). */
export interface PseudoChoices extends Omit<PseudoRoomInfo, "max_players"> {
  /** Seats per colour (wire: max_players). */
  seatsPerColor: number;
}

/** A ranking line (wire: RankingLine). */
export interface RankedPlayer extends Omit<RankingLine, "playerID" | "classementMove" | "pointsQuestion"> {
  /** Wire: playerID. */
  seatId: string;
  /** Points of the question just revealed; in a night's line, the round's (wire: pointsQuestion). */
  questionPoints: number;
  /** Previous rank minus new rank: positive means the player went up (wire: classementMove). */
  rankMove: number;
}
/** A team's line (wire: TeamResult). */
export interface RankedTeam extends Omit<TeamResult, "classementMove"> {
  /** Previous rank minus new rank (wire: classementMove). */
  rankMove: number;
}
/** The night's ranking (wire: NightRanking). */
export interface NightTop extends Omit<NightRanking, "ranking"> {
  ranking: RankedPlayer[];
}
/** A phone's night (wire: PlayerNight). */
export interface PhoneNight extends NightTop {
  me: RankedPlayer;
}

/** The messages whose fields the code names otherwise, by type. */
interface Translated {
  player_joinPseudoRoom_callback: Omit<PlayerJoinPseudoRoomCallback, "max_players"> & PseudoChoices;
  fruit_selected_callback: Omit<FruitSelectedCallback, "info" | "playerID"> & {
    info?: PseudoChoices;
    /** The seat just taken (wire: playerID). */
    seatId?: string;
  };
  pres_newPlayer: Omit<PresNewPlayer, "player"> & { player: RoomPlayer };
  /** Wire: playerID. */
  pres_playerLeft: Omit<PresPlayerLeft, "playerID"> & { seatId: string };
  /** Wire: playerID. */
  pres_kickPlayer_callback: Omit<PresKickPlayerCallback, "playerID"> & { seatId: string };
  /** Wire: playerID. */
  pres_extraTime_callback: Omit<PresExtraTimeCallback, "playerID"> & { seatId: string };
  pres_newRoom_callback: Omit<PresNewRoomCallback, "roomID" | "settings" | "quizzData" | "helpSettings" | "playerList"> & {
    /** Six digits, as text (wire: roomID). */
    roomNumber: string;
    settings: RoomSettings;
    quiz: RoomQuiz;
    /** Each question's help square, or null (wire: helpSettings, each square's edges lat1, lon1, lat2, lon2). */
    helpSquares: (Bounds | null)[];
    playerList: RoomPlayer[];
  };
  pres_newQuestion: Omit<PresNewQuestion, "maxAnswerTime" | "questionsNb" | "question"> & {
    /** The question, its title as `title` (wire: titre). */
    question: QuizQuestion;
    /** The quiz's number of questions (wire: questionsNb). */
    questionCount: number;
    /** The question's answer time (wire: maxAnswerTime, in ms in this message). */
    answerTimeMs: number;
  };
  player_joinRoom_callback: Omit<PlayerJoinRoomCallback, "playerID" | "maxAnswerTime" | "pointsSettings" | "questionsNb" | "helpSettings"> & {
    /** The phone's seat (wire: playerID). */
    seatId: string;
    /** Help squares of the questions already opened, later ones null (wire: helpSettings). */
    helpSquares: (Bounds | null)[];
    /** The quiz's number of questions (wire: questionsNb). */
    questionCount: number;
    scoring: Scoring;
    /** The answer time of every question (wire: maxAnswerTime, in seconds in this message). */
    answerTimeSec: number;
  };
  player_newQuestion: Omit<PlayerNewQuestion, "time" | "questionsNb" | "help"> & {
    /** The question's help square, or null (wire: help, edges lat1, lon1, lat2, lon2). */
    help: Bounds | null;
    /** The quiz's number of questions (wire: questionsNb). */
    questionCount: number;
    /** Wire: time. */
    answerTimeSec: number;
  };
  pres_playerAnswered: Omit<PresPlayerAnswered, "answers"> & { answers: AnswerNotice[] };
  pres_results: Omit<PresResults, "results" | "team_results" | "questionsNb"> & {
    /** The quiz's number of questions (wire: questionsNb). */
    questionCount: number;
    /** The top of the ranking (wire: results). */
    ranking: RankedPlayer[];
    /** The teams' standings (wire: team_results). */
    teams: RankedTeam[] | null;
  };
  pres_endGame: Omit<PresEndGame, "ranking" | "team_results" | "night"> & {
    ranking: RankedPlayer[];
    /** Wire: team_results. */
    teams: RankedTeam[] | null;
    night: NightTop | null;
  };
  player_endQuestion: Omit<PlayerEndQuestion, "classementMove" | "questionsNb" | "pointsQuestion" | "pointsTotal"> & {
    /** Points of the question just revealed (wire: pointsQuestion). */
    questionPoints: number;
    /** The seat's total points (wire: pointsTotal). */
    totalPoints: number;
    /** The quiz's number of questions (wire: questionsNb). */
    questionCount: number;
    /** Previous rank minus new rank (wire: classementMove). */
    rankMove: number;
  };
  player_endGame: Omit<PlayerEndGame, "results" | "me" | "night" | "pointsTotal"> & {
    /** The seat's total points (wire: pointsTotal). */
    totalPoints: number;
    /** The top of the ranking (wire: results). */
    ranking: RankedPlayer[];
    me: RankedPlayer;
    night: PhoneNight | null;
  };
  player_answer_callback: Omit<PlayerAnswerCallback, "tempsReponse"> & {
    /** Milliseconds from the question's opening to the answer, room clock (wire: tempsReponse). */
    elapsedMs: number;
  };
}

/** A room's message with the code's names: what the screens' reducers take. */
export type RoomMessage = {
  [T in ServerMessageType]: T extends keyof Translated ? Translated[T] : Extract<ServerMessage, { type: T }>;
}[ServerMessageType];
export type RoomMessageOf<T extends ServerMessageType> = Extract<RoomMessage, { type: T }>;

const helpSquareOf = (wire: HelpZone | null) => wire && helpSquareFromWire(wire);

const pseudoChoices = ({ max_players, ...rest }: PseudoRoomInfo): PseudoChoices => ({ ...rest, seatsPerColor: max_players });

const scoring = (wire: PointsSettings): Scoring => ({ speedPointsMax: wire.point_max_temps, ringPoints: wire.circlesPoints });

function roomSettings(wire: PublicSettings): RoomSettings {
  const { helpZone, ...rest } = wire;
  return { ...rest, helpZoneM: helpZone };
}

const roomPlayer = ({ playerID, ...rest }: PlayerListEntry): RoomPlayer => ({ ...rest, seatId: playerID });

/** A ranking line with the code's names (the socket's and the HTTP ranking's). */
export function rankedPlayer({ playerID, classementMove, pointsQuestion, ...rest }: RankingLine): RankedPlayer {
  return { ...rest, seatId: playerID, questionPoints: pointsQuestion, rankMove: classementMove };
}
const rankedPlayers = (lines: readonly RankingLine[]) => lines.map(rankedPlayer);
const rankedTeams = (teams: readonly TeamResult[] | null) =>
  teams && teams.map(({ classementMove, ...rest }): RankedTeam => ({ ...rest, rankMove: classementMove }));
const nightTop = (night: NightRanking): NightTop => ({ ...night, ranking: rankedPlayers(night.ranking) });

/** A decoded wire message with the code's names. */
export function fromWire(msg: ServerMessage): RoomMessage {
  switch (msg.type) {
    case "player_joinPseudoRoom_callback": {
      const { type, ...info } = msg;
      return { type, ...pseudoChoices(info) };
    }
    case "fruit_selected_callback": {
      const { info, playerID, ...rest } = msg;
      return { ...rest, ...(playerID === undefined ? {} : { seatId: playerID }), ...(info ? { info: pseudoChoices(info) } : {}) };
    }
    case "pres_newPlayer":
      return { ...msg, player: roomPlayer(msg.player) };
    case "pres_playerLeft":
    case "pres_kickPlayer_callback":
    case "pres_extraTime_callback": {
      const { playerID, ...rest } = msg;
      return { ...rest, seatId: playerID };
    }
    case "pres_newRoom_callback": {
      const { roomID, quizzData: { pointsSettings, targetSettings, ...quiz }, helpSettings, playerList, ...rest } = msg;
      return {
        ...rest,
        roomNumber: roomID,
        playerList: playerList.map(roomPlayer),
        settings: roomSettings(msg.settings),
        quiz: { ...quiz, questions: quiz.questions.map(questionFromWire), scoring: scoring(pointsSettings), target: targetSettings },
        helpSquares: helpSettings.map(helpSquareOf),
      };
    }
    case "pres_newQuestion": {
      const { maxAnswerTime, questionsNb, question, ...rest } = msg;
      return { ...rest, question: questionFromWire(question), answerTimeMs: maxAnswerTime, questionCount: questionsNb };
    }
    case "player_joinRoom_callback": {
      const { playerID, maxAnswerTime, pointsSettings, questionsNb, helpSettings, ...rest } = msg;
      return { ...rest, seatId: playerID, answerTimeSec: maxAnswerTime, scoring: scoring(pointsSettings), questionCount: questionsNb, helpSquares: helpSettings.map(helpSquareOf) };
    }
    case "player_newQuestion": {
      const { time, questionsNb, help, ...rest } = msg;
      return { ...rest, answerTimeSec: time, questionCount: questionsNb, help: helpSquareOf(help) };
    }
    case "pres_playerAnswered":
      return { ...msg, answers: msg.answers.map(({ playerID, time, ...rest }) => ({ ...rest, seatId: playerID, elapsedMs: time })) };
    case "pres_results": {
      const { questionsNb, results, team_results, ...rest } = msg;
      return { ...rest, questionCount: questionsNb, ranking: rankedPlayers(results), teams: rankedTeams(team_results) };
    }
    case "pres_endGame": {
      const { team_results, ...rest } = msg;
      return { ...rest, ranking: rankedPlayers(msg.ranking), teams: rankedTeams(team_results), night: msg.night && nightTop(msg.night) };
    }
    case "player_endQuestion": {
      const { classementMove, questionsNb, pointsQuestion, pointsTotal, ...rest } = msg;
      return { ...rest, rankMove: classementMove, questionCount: questionsNb, questionPoints: pointsQuestion, totalPoints: pointsTotal };
    }
    case "player_endGame": {
      const { results, pointsTotal, ...rest } = msg;
      const night: PlayerNight | null = msg.night;
      return {
        ...rest,
        totalPoints: pointsTotal,
        ranking: rankedPlayers(results),
        me: rankedPlayer(msg.me),
        night: night && { ...nightTop(night), me: rankedPlayer(night.me) },
      };
    }
    case "player_answer_callback": {
      const { tempsReponse, ...rest } = msg;
      return { ...rest, elapsedMs: tempsReponse };
    }
    default:
      return msg;
  }
}
