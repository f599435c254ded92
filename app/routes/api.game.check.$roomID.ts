import { apiRoute, sendJson } from "~/server/http.server";
import { requireLiveRoom } from "~/server/rooms.server";

/**
 * GET: 200 {random} for a live room, 400 for a missing or non-numeric number, else 404; 429 for
 * an IP that tried too many numbers no live game holds.
 */
export const loader = apiRoute({
  GET: async ({ request, params, context }) => {
    const room = await requireLiveRoom(request, context, params.roomID ?? "");
    return sendJson({ random: room.random });
  },
});
export const action = loader;
