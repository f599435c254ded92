import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { findLiveRoom } from "~/server/rooms.server";
import { MSG } from "@common/messages";

/** Spec §7: 200 {random} for a live room, 400 for a missing or non-numeric number, else 404. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const roomID = params.roomID ?? "";
  if (!/^\d+$/.test(roomID)) {
    return Response.json({ error: MSG.required }, { status: 400 });
  }
  const room = await findLiveRoom(context.db, roomID);
  if (!room) {
    return Response.json({ error: MSG.roomNotFound }, { status: 404 });
  }
  return Response.json({ random: room.random }, { headers: { "Cache-Control": "no-store" } });
}
