/**
 * Rankings: by total, ties broken by the lower cumulated answer time (docs/game-rules.md, Ranking).
 * Full-precision totals are compared; rounding is for display only.
 */

interface RankInput {
  id: string;
  total: number;
  /** Cumulated answer time, ms. */
  timeMs: number;
  /** Join order: only keeps the listing stable between exact ties, never changes a rank. */
  order: number;
}

interface Ranked<T extends RankInput = RankInput> {
  entry: T;
  /** 1-based; exact ties (same total and same time) share a rank: 1, 2, 2, 4. */
  rank: number;
}

function compareEntries(a: RankInput, b: RankInput): number {
  return b.total - a.total || a.timeMs - b.timeMs || a.order - b.order;
}

export function rankEntries<T extends RankInput>(entries: readonly T[]): Ranked<T>[] {
  const sorted = [...entries].sort(compareEntries);
  const out: Ranked<T>[] = [];
  sorted.forEach((entry, i) => {
    const prev = out[i - 1];
    out.push({ entry, rank: prev && tied(prev.entry, entry) ? prev.rank : i + 1 });
  });
  return out;
}

/**
 * rankEntries for a list the caller built for the purpose: sorted in place and each entry given
 * its rank, with no other list made (a reveal ranks every seat of a 2,000-seat room).
 */
export function rankInPlace<T extends RankInput & { rank: number }>(entries: T[]): T[] {
  entries.sort(compareEntries);
  for (let i = 0; i < entries.length; i++) {
    const prev = entries[i - 1];
    const entry = entries[i]!;
    entry.rank = prev && tied(prev, entry) ? prev.rank : i + 1;
  }
  return entries;
}

/** Exact ties share a rank: same total and same time (the join order only lists them). */
const tied = (a: RankInput, b: RankInput) => a.total === b.total && a.timeMs === b.timeMs;

/** Previous rank minus new rank: +2 = up two places. No previous rank (first reveal, late joiner) = 0. */
export function rankMove(previousRank: number | undefined, newRank: number): number {
  return previousRank === undefined ? 0 : previousRank - newRank;
}

/** What the night ranking reads of a seat: its current game's totals and the rounds before. */
interface NightSeat {
  id: string;
  no: number;
  score: number;
  timeMs: number;
  night?: { points: number; timeMs: number };
}

/**
 * « Classement de la soirée »: every round's total added up, ties broken by the added-up answer
 * times, exactly as in one game. A seat that joined in a later round counts only its rounds.
 */
export function nightRanking<T extends NightSeat>(seats: readonly T[]): Ranked<RankInput & { seat: T }>[] {
  return rankEntries(
    seats.map((seat) => ({
      id: seat.id,
      total: (seat.night?.points ?? 0) + seat.score,
      timeMs: (seat.night?.timeMs ?? 0) + seat.timeMs,
      order: seat.no,
      seat,
    }))
  );
}

interface TeamMember {
  team: string;
  total: number;
  timeMs: number;
}

interface TeamStanding {
  team: string;
  /** Average of the members' totals: fair to teams of different sizes. */
  points: number;
  /** Average cumulated answer time, the tie-break. */
  timeMs: number;
  members: number;
  rank: number;
}

/** Teams in the given order (their colour order); a team nobody joined is left out. */
export function teamStandings(members: readonly TeamMember[], teams: readonly string[]): TeamStanding[] {
  const inputs: (RankInput & { members: number })[] = [];
  teams.forEach((team, order) => {
    const mine = members.filter((m) => m.team === team);
    if (mine.length === 0) return;
    const sum = (f: (m: TeamMember) => number) => mine.reduce((acc, m) => acc + f(m), 0);
    inputs.push({
      id: team,
      total: sum((m) => m.total) / mine.length,
      timeMs: sum((m) => m.timeMs) / mine.length,
      order,
      members: mine.length,
    });
  });
  return rankEntries(inputs).map(({ entry, rank }) => ({
    team: entry.id,
    points: entry.total,
    timeMs: entry.timeMs,
    members: entry.members,
    rank,
  }));
}
