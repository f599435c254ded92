/** Ranking lines for the tests: as the wire carries them, and as the screens read them. */
import type { RankingLine } from "@common/wire/protocol";
import { rankedPlayer } from "@common/wire/server-to-client";

/** Rank `rank`, held by the `i`-th player (another number for a tie). */
export const wireRankingLine = (rank: number, i = rank): RankingLine => ({
  rank,
  playerID: `p${i}`,
  pseudo: `Joueur ${i}`,
  marker: "/icons/x.png",
  points: 100 - i,
  pointsQuestion: 1,
  classementMove: 0,
});

/** The same line under the code's names. */
export const rankedLine = (rank: number, i = rank) => rankedPlayer.toCode(wireRankingLine(rank, i));
