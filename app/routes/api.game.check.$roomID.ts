import { z } from "zod";
import { MSG } from "@common/contracts/messages";
import type { RoomCheck } from "@common/contracts/player/room-check";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { requireLiveRoom } from "~/server/rooms/rooms.server";
import { clientAddress } from "~/server/throttle/throttle.server";

const Params = z.object({ roomID: z.string().regex(/^\d+$/) });

/**
 * GET: 200 {random} for a live room, 400 for a missing or non-numeric number, else 404; 429 for
 * an IP that tried too many numbers no live game holds.
 */
export const loader = apiRoute({
  GET: async ({ request, params, context }) => {
    const { roomID: roomNumber } = parseParams(params, Params, Refusal.badRequest(MSG.required));
    const room = await requireLiveRoom(context, clientAddress(request), roomNumber);
    return sendJson({ random: room.random } satisfies RoomCheck);
  },
});
export const action = loader;
