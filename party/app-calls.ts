/**
 * What the app asks a room, through the Durable Object binding (GameRoom's public methods hand
 * each call here): launch a game, the presenter's token and phase, what the public may see of
 * the quiz, the end of a game, the full ranking, a new round. Each follows the room's one path
 * (step-runner.ts): due deadlines, one engine step, store, effects.
 */
import { type GameSettings, closeRoom, createGame, fullNightRanking, fullRanking, newRound } from "./engine";
import { type RevealedQuiz, openedCount, revealedQuiz, teamResults } from "./engine/views";
import type { ErrorCode, KickReason, Phase, QuizSnapshot, RankingLine, RankingMode, TeamResult } from "@common/wire/protocol";
import { rankedPlayer, rankedTeam } from "@common/wire/server-to-client";
import { closeRoundRow, roundStatements } from "./d1-ops";
import { type StepRunner, presenterToken } from "./step-runner";
import { photoFileOf } from "@common/media/urls";
import { secureRandom } from "@common/util/random";

export interface LaunchInput {
  gameId: string;
  quizUniqueName: string;
  ownerId: number;
  quiz: QuizSnapshot;
  settings: GameSettings;
}
export type LaunchResult = { ok: true; presenterToken: string } | { ok: false; code: ErrorCode };

/** A new round in the same room (the presenter's « Rejouer » / « Autre quiz »). */
export interface RoundInput extends LaunchInput {
  /** The game that is over in this room: the round follows it, nothing else. */
  previousGameId: string;
}
/**
 * Why a round was not started: another game or none here ('gone'), the game not over yet
 * ('not_over'), the owner out of games ('quota'), settings the room refuses, or D1 not reachable
 * now ('busy', try again). Nothing changed in any of these cases.
 */
export type RoundResult = { ok: true } | { ok: false; reason: "gone" | "not_over" | "quota" | "invalid_settings" | "busy" };

export interface PresenterInfo {
  token: string;
  phase: Phase;
  mode: RankingMode;
  quizUniqueName: string;
}

export interface RoomRanking {
  phase: Phase;
  playersCount: number;
  ranking: RankingLine[];
  teams: TeamResult[] | null;
  /** The night's whole ranking once a round from the second on is over; null otherwise. */
  night: RankingLine[] | null;
}

const metaOf = (input: LaunchInput) => ({ gameId: input.gameId, quizUniqueName: input.quizUniqueName, ownerId: input.ownerId });

export class RoomCalls {
  /** A new round on its way (D1 then storage): a second call waits for it rather than racing. */
  private roundCall: Promise<RoundResult> | null = null;

  /** `room`: the room's number (its Durable Object's name). */
  constructor(
    private readonly game: StepRunner,
    private readonly room: () => string | undefined,
  ) {}

  /**
   * Creates the game. Idempotent for one game id (a retried call gets the same presenter
   * token). A previous game still held here is ended first and its D1 writes flushed; if they
   * cannot be written now, the launch is refused so the app picks another number.
   */
  async launch(input: LaunchInput): Promise<LaunchResult> {
    const g = this.game;
    g.start();
    if (g.state && g.meta?.gameId === input.gameId) return { ok: true, presenterToken: g.state.presenterToken };
    if (g.state && g.state.phase !== "closed") {
      const now = g.ports.now();
      g.apply(closeRoom(g.state, now, "ended"), null, now);
    }
    if (!g.outbox.empty) await g.flush();
    if (!g.outbox.empty) return { ok: false, code: "room_closed" };
    if (g.state || g.meta) await g.wipe();
    const roomNumber = this.room();
    if (!roomNumber) throw new Error("GameRoom: a room is addressed by its number (idFromName)");
    const token = presenterToken();
    const made = createGame({ roomNumber, quiz: input.quiz, settings: input.settings, presenterToken: token, now: g.ports.now(), random: secureRandom });
    if (!made.ok) return { ok: false, code: made.code };
    g.conns.reset();
    g.begin(made.state, metaOf(input));
    return { ok: true, presenterToken: token };
  }

  /** The presenter token and phase of this room's game, or null when it is not that game. */
  presenterInfo(gameId: string): PresenterInfo | null {
    const g = this.game;
    g.start();
    g.tickIfDue(g.ports.now());
    const s = g.state;
    if (!s || !g.meta || g.meta.gameId !== gameId || s.phase === "closed") return null;
    return { token: s.presenterToken, phase: s.phase, mode: s.settings.mode, quizUniqueName: g.meta.quizUniqueName };
  }

  /**
   * What the app may show of this game's quiz outside the room while it is played: the questions
   * revealed so far (docs/architecture.md, Security model). Null when the room holds another game
   * or none. A read of the state: nothing in it grows with the players.
   */
  revealed(gameId: string): RevealedQuiz | null {
    const g = this.game;
    g.start();
    g.tickIfDue(g.ports.now());
    if (!g.state || g.meta?.gameId !== gameId) return null;
    return revealedQuiz(g.state);
  }

  /**
   * The photo files the phones may load (« Photo sur les téléphones »): those of the questions
   * opened so far, the open one included. Null when the room holds another game or none, or when
   * the game does not show photos on the phones.
   */
  phonePhotos(gameId: string): string[] | null {
    const g = this.game;
    g.start();
    g.tickIfDue(g.ports.now());
    const s = g.state;
    if (!s || g.meta?.gameId !== gameId || s.settings.photoOnPhones !== true) return null;
    return s.quiz.questions.slice(0, openedCount(s)).flatMap((q) => (q.imageUrl ? [photoFileOf(q.imageUrl)] : []));
  }

  /**
   * Ends the game ('Nouvelle partie', 'Redémarrer'): phones get player_kicked, sockets close,
   * D1 is told. `gameId` null ends whatever game is here. False when there was none.
   */
  async end(gameId: string | null, reason: KickReason = "ended"): Promise<boolean> {
    const g = this.game;
    g.start();
    if (!g.state || (gameId !== null && g.meta?.gameId !== gameId)) {
      if (!g.outbox.empty) await g.flush();
      return false;
    }
    const now = g.ports.now();
    if (g.state.phase !== "closed") g.apply(closeRoom(g.state, now, reason), null, now);
    await g.flush();
    return true;
  }

  /** The full ranking (the presenter's HTTP fetch: too big for a socket message, see docs/protocol.md). */
  ranking(gameId: string): RoomRanking | null {
    const g = this.game;
    g.start();
    const s = g.state;
    if (!s || g.meta?.gameId !== gameId) return null;
    const night = s.phase === "over" ? fullNightRanking(s) : null;
    // The HTTP ranking speaks the wire's names, as the socket's rankings do.
    const ranking = fullRanking(s).map(rankedPlayer.toWire);
    const teams = teamResults(s)?.map(rankedTeam.toWire) ?? null;
    return { phase: s.phase, playersCount: s.seats.length, ranking, teams, night: night && night.map(rankedPlayer.toWire) };
  }

  /**
   * « Rejouer » / « Autre quiz »: the next game in this room, once the current one is over. The
   * finished game's D1 writes (answers, totals, end) go out first, exactly once, while the state
   * they are read from is still here; then one D1 batch closes its row and opens the new one
   * under the owner's quota; then the engine turns the room into the new lobby, kept with its
   * new game id in one storage write, and every phone and the presenter are told. Idempotent for
   * one game id; one round at a time.
   */
  async newRound(input: RoundInput): Promise<RoundResult> {
    const g = this.game;
    g.start();
    if (g.state && g.meta?.gameId === input.gameId) return { ok: true };
    while (this.roundCall) await this.roundCall.catch(() => null);
    if (g.state && g.meta?.gameId === input.gameId) return { ok: true };
    const call = this.runNewRound(input);
    this.roundCall = call;
    try {
      return await call;
    } finally {
      this.roundCall = null;
    }
  }

  private async runNewRound(input: RoundInput): Promise<RoundResult> {
    const g = this.game;
    const ready = (): RoundResult | null => {
      if (!g.state || g.meta?.gameId !== input.previousGameId) return { ok: false, reason: "gone" };
      g.tickIfDue(g.ports.now());
      if (g.state.phase !== "over") return { ok: false, reason: g.state.phase === "closed" ? "gone" : "not_over" };
      return null;
    };
    const refused = ready();
    if (refused) return refused;
    // The engine's checks first, on a copy: refused settings never reach D1.
    const round = { quiz: input.quiz, settings: input.settings };
    if (!newRound(g.state!, round, g.ports.now(), g.engineCtx).ok) return { ok: false, reason: "invalid_settings" };

    await g.flush();
    if (!g.outbox.empty) return { ok: false, reason: "busy" };
    let granted: boolean;
    try {
      const rows = { ...metaOf(input), previousGameId: input.previousGameId, roomNumber: g.state!.roomNumber, mode: input.settings.mode };
      const results = await g.ports.batch(roundStatements(g.ports.db, { ...rows, settings: input.settings, createdAt: Date.now() }));
      granted = (results[1] as D1Result | undefined)?.meta.changes === 1;
    } catch (e) {
      console.error(`GameRoom ${g.state?.roomNumber}: new round not written to D1`, e);
      return { ok: false, reason: "busy" };
    }
    if (!granted) return { ok: false, reason: "quota" };

    // The room went on while D1 answered (its expiry, 'Redémarrer'): the new row must not stay.
    const late = ready();
    if (late || !g.outbox.empty) {
      await g.ports
        .batch([closeRoundRow(g.ports.db, input.gameId, Date.now())])
        .catch((e: unknown) => console.error(`GameRoom ${g.state?.roomNumber}: new round row left open`, e));
      return late ?? { ok: false, reason: "busy" };
    }
    const step = newRound(g.state!, round, g.ports.now(), g.engineCtx);
    if (!step.ok) return { ok: false, reason: "invalid_settings" };
    g.begin(step.state, metaOf(input), step.effects);
    return { ok: true };
  }
}
