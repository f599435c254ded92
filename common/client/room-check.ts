import { MSG } from "../contracts/messages";
import { decodeRoomCheck } from "../contracts/player/room-check";
import type { Words } from "../i18n/ids";

type RoomCheckResult =
  | { ok: true; path: string }
  | { ok: false; error: Words };

/** Trimmed digits only: anything else never reaches the server as such. */
export function normaliseRoomInput(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const value = raw.replace(/\s+/g, "");
  return /^\d{1,12}$/.test(value) ? value : null;
}

/**
 * Asks the room check (GET /api/game/check/{room}) and turns its answer into the next route or a
 * message: 200 {random} -> /play or /join; 400, 404 and 429 (too many unknown numbers from
 * this network) their messages; anything else the server error.
 */
export async function checkRoom(
  roomNumber: string,
  fetcher: typeof fetch = fetch,
): Promise<RoomCheckResult> {
  let response: Response;
  try {
    response = await fetcher(`/api/game/check/${encodeURIComponent(roomNumber)}`, {
      headers: { Accept: "application/json" },
    });
  } catch {
    return { ok: false, error: MSG.serverError };
  }
  if (response.status === 200) {
    const body = decodeRoomCheck(await response.json().catch(() => null));
    if (!body) return { ok: false, error: MSG.serverError };
    return { ok: true, path: body.random ? `/play/${roomNumber}` : `/join/${roomNumber}` };
  }
  if (response.status === 400) return { ok: false, error: MSG.required };
  if (response.status === 404) return { ok: false, error: MSG.roomNotFound };
  if (response.status === 429) return { ok: false, error: MSG.tooManyAttempts };
  return { ok: false, error: MSG.serverError };
}
