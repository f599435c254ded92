import { apiRoute, sendJson } from "~/server/http.server";
import { requireLiveRoom } from "~/server/rooms.server";

/** GET: 200 {random} for a live room, 400 for a missing or non-numeric number, else 404. */
export const loader = apiRoute({
  GET: async ({ params, context }) => {
    const room = await requireLiveRoom(context.db, params.roomID ?? "");
    return sendJson({ random: room.random });
  },
});
export const action = loader;
