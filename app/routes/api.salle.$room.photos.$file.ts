import { z } from "zod";
import { MSG } from "@common/messages";
import { requireAccount } from "~/server/auth.server";
import { apiRoute } from "~/server/http.server";
import { parseParams } from "~/server/input.server";
import { pictureFile } from "~/server/media.server";
import { Refusal } from "~/server/refusal.server";
import { serveRoomPhoto } from "~/server/room-question.server";

const Params = z.object({ room: z.string(), file: pictureFile });

/** GET: a photo of the quiz the room plays, for the room's owner and the admin (the presenter's screen). */
export const loader = apiRoute({
  GET: async ({ request, context, params }) => {
    const account = await requireAccount(request, context);
    const { room, file } = parseParams(params, Params, Refusal.notFound(MSG.fileNotFound));
    return serveRoomPhoto(context, account, room, file, request.headers);
  },
});
export const action = loader;
