import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MSG_MJ } from "@common/admin/types";
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "@common/rules";
import { requireAccount } from "~/server/auth.server";
import { readForm, uploadBodyBytes } from "~/server/body.server";
import { apiRoute, sendJson } from "~/server/http.server";
import { createMj, updateMj } from "~/server/mj-admin.server";
import { Refusal } from "~/server/refusal.server";

/**
 * POST /api/pres/admin/mj adds an MJ (201); PATCH changes one (404 'Utilisateur introuvable').
 * The table posts its changes: a POST carrying the MJ's `id` is a change too.
 * Multipart: name, mail, password, expiration, nb_game, edition, photo_file / file.
 */
async function saveMj({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context, { side: "admin" });
  const form = await readForm(request, uploadBodyBytes(PICTURE_MAX_BYTES), PICTURE_TOO_LARGE);
  if (!form) throw Refusal.badRequest(MSG_MJ.required);
  const bucket = context.cloudflare.env.BUCKET;
  if (request.method === "PATCH" || form.has("id")) {
    const mj = await updateMj(context.db, bucket, form);
    return sendJson({ message: `« ${mj.name} » enregistré` });
  }
  const mj = await createMj(context.db, bucket, form);
  return sendJson({ message: `MJ « ${mj.name} » ajouté` }, 201);
}

export const action = apiRoute({ POST: saveMj, PATCH: saveMj });
export const loader = action;
