import { useEffect, useState } from "react";
import type { RankedPlayer } from "@common/wire/room-messages";
import { decodeRoomRanking, linesFor, type RankingList } from "@common/contracts/presenter/ranking";
import { callApi } from "~/call-api";

/** A failed fetch is tried again this many times, this far apart, before the top alone is paged. */
const TRIES = 3;
const RETRY_MS = 1_500;

/**
 * The whole ranking of the room (or of the night), fetched over HTTP once per screen (`key`: one
 * question's reveal, or the end): the socket message carries only the top, and 2,000 lines would weigh on every
 * reveal. Null until it arrives, or when it cannot be had (the screen then pages the top).
 */
export function useFullRanking(
  room: string,
  key: string | null,
  phase: "reveal" | "over",
  list: RankingList = "ranking",
): RankedPlayer[] | null {
  const [loaded, setLoaded] = useState<{ key: string; lines: RankedPlayer[] } | null>(null);

  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    let timer = 0;
    const load = async (tries: number) => {
      const r = await callApi(`/api/game/${encodeURIComponent(room)}/ranking`, decodeRoomRanking(list), { signal: abort.signal }).catch(
        () => null,
      );
      if (!r) return; // aborted: the screen moved on
      const lines = r.ok ? linesFor(r.value, phase) : null;
      if (lines) {
        setLoaded({ key, lines });
        return;
      }
      // 404 or another phase: the room moved on, nothing to retry.
      if (r.ok || r.status === 404) return;
      if (tries > 1) timer = window.setTimeout(() => void load(tries - 1), RETRY_MS);
    };
    void load(TRIES);
    return () => {
      abort.abort();
      window.clearTimeout(timer);
    };
  }, [room, key, phase, list]);

  return loaded && loaded.key === key ? loaded.lines : null;
}
