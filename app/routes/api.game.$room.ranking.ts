import { z } from "zod";
import { MSG } from "@common/contracts/messages";
import { requireAccount } from "~/server/auth/auth.server";
import { roomRanking } from "~/server/rooms/games.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { ROOM_NUMBER } from "~/server/rooms/rooms.server";
import { clientAddress, countRoomCall } from "~/server/throttle/throttle.server";

const Params = z.object({ room: z.string().regex(ROOM_NUMBER) });

/**
 * GET: the full ranking of a live room (the socket carries only the top), for the account that
 * owns the game (admin: any). 200 {phase, playersCount, ranking, teams, night}: `night` is the
 * whole night ranking once a round from the second on is over, else null.
 */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const { room } = parseParams(params, Params, Refusal.notFound(MSG.roomNotFound));
    await countRoomCall(context, clientAddress(request));
    return sendJson(await roomRanking(context, account, room));
  },
});
export const action = loader;
