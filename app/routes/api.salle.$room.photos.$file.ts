import { z } from "zod";
import { MSG } from "@common/contracts/messages";
import { requireAccount } from "~/server/auth/auth.server";
import { apiRoute } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { pictureFile } from "~/server/media/media.server";
import { Refusal } from "~/server/http/refusal.server";
import { serveRoomPhoto } from "~/server/rooms/room-question.server";

const Params = z.object({ room: z.string(), file: pictureFile });

/**
 * GET: a photo of the quiz the room plays, for the room's owner and the admin (the presenter's
 * screen), and for anyone once its question is open when the game shows the photos on the phones:
 * the account is read only when the photo is not one the phones may load.
 */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    const photo = parseParams(params, Params, Refusal.notFound(MSG.fileNotFound));
    return serveRoomPhoto(context, () => requireAccount(request, context), photo, request.headers);
  },
});
export const action = loader;
