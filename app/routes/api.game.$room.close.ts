import { z } from "zod";
import { MSG } from "@common/contracts/messages";
import { requireAccount } from "~/server/auth/auth.server";
import { closeGame } from "~/server/rooms/games.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { clientAddress, countRoomCall } from "~/server/throttle/throttle.server";

/** Any text: a number that names no live room is a room already gone. */
const Params = z.object({ room: z.string().catch("") });

/**
 * 'Nouvelle partie' over HTTP: POST -> 200 {ok: true}; a room already gone is fine too, and so is
 * another account's: the answer never tells which numbers are someone else's live room.
 */
export const action = apiRoute({
  POST: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const { room } = parseParams(params, Params, Refusal.notFound(MSG.roomNotFound));
    await countRoomCall(context, clientAddress(request));
    await closeGame(context, account, room);
    return sendJson({ ok: true });
  },
});
export const loader = action;
