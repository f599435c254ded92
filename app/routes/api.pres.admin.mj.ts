import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { MSG_MJ } from "@common/contracts/admin/types";
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "@common/rules";
import { requireAccount } from "~/server/auth/auth.server";
import { uploadBodyBytes } from "~/server/http/body.server";
import { apiRoute, sendJson } from "~/server/http/http.server";
import { parseFields, parseForm } from "~/server/http/input.server";
import { createMj, mjForm, mjId, updateMj } from "~/server/admin/mj-admin.server";
import { Refusal } from "~/server/http/refusal.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";

/** The form, whole: a change carries the MJ's `id`, and its fields are checked as a change. */
const Fields = z.record(z.unknown());

/**
 * POST /api/pres/admin/mj adds an MJ (201); PATCH changes one (404 'Utilisateur introuvable').
 * The table posts its changes: a POST carrying the MJ's `id` is a change too.
 * Multipart: name, mail, password, expiration, nb_game, edition, photo_file / file.
 */
async function saveMj({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context, { side: "admin" });
  const form = await parseForm(request, Fields, {
    maxBytes: uploadBodyBytes(PICTURE_MAX_BYTES),
    tooLarge: PICTURE_TOO_LARGE,
    fallback: MSG_MJ.required,
  });
  const bucket = context.cloudflare.env.BUCKET;
  if (request.method === "PATCH" || "id" in form) {
    const id = mjId.safeParse(form.id);
    if (!id.success) throw Refusal.notFound(MSG_MJ.notFound);
    const mj = await updateMj(context.db, bucket, id.data, parseFields(form, mjForm("update"), MSG_MJ.required));
    return sendJson({ message: translator(localeOf(request))("admin.mj.saved", { name: mj.name }) });
  }
  const mj = await createMj(context.db, bucket, parseFields(form, mjForm("create"), MSG_MJ.required));
  return sendJson({ message: translator(localeOf(request))("admin.mj.added", { name: mj.name }) }, 201);
}

export const action = apiRoute({ POST: saveMj, PATCH: saveMj });
export const loader = action;
