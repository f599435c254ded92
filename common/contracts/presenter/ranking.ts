/**
 * GET /api/game/{room}/ranking as the presenter's screen reads it: the whole ranking (or the
 * night's), which the room's messages carry only the top of. Its lines travel under the wire's
 * names, as the room's ranking lines do (common/wire/server-to-client.ts, `rankedPlayer`), and
 * are read into the code's.
 */
import type { RankedPlayer } from "../../wire/room-messages";
import { rankedPlayer } from "../../wire/server-to-client";
import type { Decoder } from "../decode";

/** The two lists the body carries: this game's, and the night's (round 2 on). */
export type RankingList = "ranking" | "night";

/** The room's phase when it answered, and the list asked for (null: the room has none, a first round's night). */
export type RoomRankingReply = { phase: string; lines: RankedPlayer[] | null };

/** The decoder of the body for one of its lists: null when the body is not what the route sends. */
export function decodeRoomRanking(list: RankingList = "ranking"): Decoder<RoomRankingReply> {
  return (body) => {
    if (!body || typeof body !== "object" || Array.isArray(body)) return null;
    const { phase, [list]: raw } = body as { phase?: unknown } & Partial<Record<RankingList, unknown>>;
    if (typeof phase !== "string") return null;
    if (raw === null || raw === undefined) return { phase, lines: null };
    if (!Array.isArray(raw) || !raw.every(rankedPlayer.check)) return null;
    return { phase, lines: raw.map((l: Parameters<typeof rankedPlayer.toCode>[0]) => rankedPlayer.toCode(l)) };
  };
}

/**
 * The lines of the whole ranking (or of the night) when the room is still in `phase` (a reply
 * from another phase belongs to another screen), else null.
 */
export const linesFor = (reply: RoomRankingReply, phase: "reveal" | "over"): RankedPlayer[] | null =>
  reply.phase === phase ? reply.lines : null;
