/**
 * A night of several rounds in one room (docs/decisions/018-rounds-in-one-room.md): once a game
 * is over, the presenter may start another one in the same room. The seats stay (pseudo, colour,
 * fruit, number, resume token), so every phone lands in the new lobby without typing anything;
 * each seat's totals of the finished round go into its night total, and the new game starts
 * from nothing (answers, totals, ranks). The room's D1 side (closing the finished game's row,
 * opening the new one) is the room glue's business (party/game-room.ts); this is the pure step.
 */
import type { QuizSnapshot } from "@common/wire/protocol";
import { markerOf, pseudoOf } from "@common/rules";
import { type Occupant, pickRandomSeat } from "./pseudos";
import { type GameSettings, type GameState, type Seat, createGame, capacityOf } from "./state";
import { type Ctx, type Step, Tx, fail } from "./step";
import { playerJoinCallback, presNewRoomCallback } from "./views";

interface NewRoundInput {
  quiz: QuizSnapshot;
  settings: GameSettings;
}

/**
 * From 'over' to the lobby of a new game. Seats whose pair no longer fits the new launch options
 * (a team colour beyond the new number of teams, a numbered pseudo when icons are now chosen, a
 * colour already full) get a new pair drawn as a random-icon join would, keeping their seat, token
 * and night; the phone learns its new pseudo with the lobby. Nobody is sent away: a room already
 * fuller than the new capacity keeps everyone and only refuses newcomers.
 */
export function newRound(state: GameState, input: NewRoundInput, now: number, ctx: Ctx): Step {
  if (state.phase !== "over") return fail("wrong_phase");
  const made = createGame({
    roomNumber: state.roomNumber,
    quiz: input.quiz,
    settings: input.settings,
    presenterToken: state.presenterToken,
    now,
    random: ctx.random,
  });
  if (!made.ok) return fail(made.code);
  const fresh = made.state;
  const tx = new Tx({
    ...fresh,
    seats: state.seats,
    nextSeatNo: state.nextSeatNo,
    locked: state.locked,
    presenterConnected: state.presenterConnected,
    presenterAwaySince: state.presenterAwaySince,
    round: state.round + 1,
  });
  const seats = new Map(reseat(state.seats, fresh, now, ctx).map((seat) => [seat.id, seat]));
  tx.mapSeats((seat) => seats.get(seat.id) ?? seat);
  tx.emit({ to: "presenter", msg: presNewRoomCallback(tx.state) });
  for (const seat of tx.state.seats)
    if (seat.connected) tx.emit({ to: "seat", seatId: seat.id, msg: playerJoinCallback(tx.state, seat) });
  return tx.done();
}

/** Each seat for the new game, in join order: night totals carried, the game's own reset. */
function reseat(seats: readonly Seat[], game: GameState, now: number, ctx: Ctx): Seat[] {
  const cap = capacityOf(game);
  const perColor = cap.perColor;
  const kept: Occupant[] = [];
  const inColor = new Map<string, number>();
  const pairs = new Set<string>();
  const key = (o: Occupant) => `${o.color}|${o.fruit}|${o.n}`;
  const fits = (o: Occupant) =>
    cap.colors.includes(o.color) &&
    (game.settings.iconType !== "defined" || o.n === 1) &&
    (perColor === null || (inColor.get(o.color) ?? 0) < perColor) &&
    !pairs.has(key(o));
  return seats.map((seat) => {
    let pair: Occupant = { color: seat.color, fruit: seat.fruit, n: seat.n };
    if (!fits(pair)) {
      // Past the new capacity nobody is turned away: draw as if the room had room.
      const open = { ...cap, total: Infinity, perColor: null };
      pair = pickRandomSeat(kept, open, game.settings.mode, ctx.random) ?? pair;
    }
    kept.push(pair);
    inColor.set(pair.color, (inColor.get(pair.color) ?? 0) + 1);
    pairs.add(key(pair));
    const moved = pair.color !== seat.color || pair.fruit !== seat.fruit || pair.n !== seat.n;
    return {
      ...seat,
      ...pair,
      pseudo: moved ? pseudoOf(pair.fruit, pair.color, pair.n) : seat.pseudo,
      marker: moved ? markerOf(pair.fruit, pair.color) : seat.marker,
      team: game.settings.mode === "team" ? pair.color : null,
      night: {
        points: (seat.night?.points ?? 0) + seat.score,
        timeMs: (seat.night?.timeMs ?? 0) + seat.timeMs,
        rounds: (seat.night?.rounds ?? 0) + 1,
        answered: (seat.night?.answered ?? 0) + Object.keys(seat.answers).length,
      },
      score: 0,
      timeMs: 0,
      answers: {},
      // A phone away at the change gets the lobby's full grace to come back, from now.
      lastSeen: seat.connected ? seat.lastSeen : now,
    };
  });
}
