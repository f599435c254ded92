/** Read-only reports the room's Durable Object methods hand to the app, and the answer counter's batching. */
import type { RankedPlayer, RankedTeam, RoomMessageOf } from "@common/wire/room-messages";
import { round2 } from "@common/rules/scoring";
import { type GameState, findSeat, seatList } from "./state";
import { fullRanking, standings } from "./views";

type PresPlayerAnswered = RoomMessageOf<"pres_playerAnswered">;

/**
 * Merges queued presenter answer notices into one (the room sends the counter in batches at scale):
 * the answers of the last notice's question, in order, and the last notice's counts; a notice
 * about an earlier question is dropped. One pass over the queue: merging two at a time copied
 * the growing list at every answer (at 2,000 answers in two seconds, 6 % of what the room
 * allocated, docs/scaling.md).
 */
export function mergePlayerAnswered(notices: readonly PresPlayerAnswered[]): PresPlayerAnswered | null {
  const last = notices.at(-1);
  if (!last) return null;
  let from = notices.length - 1;
  while (from > 0 && notices[from - 1]!.questionIndex === last.questionIndex) from--;
  if (from === notices.length - 1) return last;
  const answers: PresPlayerAnswered["answers"] = [];
  for (let i = from; i < notices.length; i++) for (const a of notices[i]!.answers) answers.push(a);
  return { ...last, answers };
}

interface GameResults {
  ranking: (RankedPlayer & { timeMs: number })[];
  teams: RankedTeam[] | null;
  /** Every answer: the results JSON of the games table (db/schema.ts). */
  answers: {
    seatId: string;
    pseudo: string;
    question: number;
    lat: number;
    lng: number;
    distance: number;
    points: number;
    time: number;
  }[];
}

/** For D1 at the end of the game (and the full ranking over HTTP). No tokens in here. */
export function gameResults(state: GameState): GameResults {
  const lines = fullRanking(state);
  const answers: GameResults["answers"] = [];
  for (const seat of seatList(state)) {
    for (const [q, a] of Object.entries(seat.answers)) {
      answers.push({
        seatId: seat.id,
        pseudo: seat.pseudo,
        question: Number(q),
        lat: a.lat,
        lng: a.lng,
        distance: Math.round(a.d),
        points: round2(a.p),
        time: a.t,
      });
    }
  }
  return {
    ranking: lines.map((l) => ({ ...l, timeMs: findSeat(state, l.seatId)!.timeMs })),
    teams: standings(state).teams,
    answers: answers.sort((x, y) => x.question - y.question || x.time - y.time),
  };
}

export { fullRanking };
