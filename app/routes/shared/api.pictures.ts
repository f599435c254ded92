import { z } from "zod";
import { MSG } from "@common/contracts/messages";
import { apiRoute } from "~/server/http/http.server";
import { parseParams } from "~/server/http/input.server";
import { pictureFile, servePicture } from "~/server/media/media.server";
import { Refusal } from "~/server/http/refusal.server";

const Params = z.object({ file: pictureFile });

/**
 * GET /api/quizz/images/src/pictures/{file} and /api/quizz/images/src/mj_pic/{file} (an MJ's
 * photo): folder pictures, MJ photos and lobby pictures, the R2 objects `pictures/<sha256>.<ext>`.
 */
export const loader = apiRoute({
  GET: ({ request, context, params }) => {
    const { file } = parseParams(params, Params, Refusal.notFound(MSG.fileNotFound));
    return servePicture(context.cloudflare.env.BUCKET, file, request.headers);
  },
});
export const action = loader;
