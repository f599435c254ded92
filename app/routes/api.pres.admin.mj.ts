import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { MSG_MJ } from "@common/admin/types";
import { createMj, ok, requireAdminApi, resultResponse, updateMj } from "~/server/mj-admin.server";

/**
 * Spec §7: POST /api/pres/admin/mj adds an MJ (201), PATCH changes one (200, 404 'Utilisateur
 * introuvable'). The table posts its changes (a POST carrying the MJ's `id` is a change too).
 * Multipart: name, mail, password, expiration, nb_game, edition, photo_file / file.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST" && request.method !== "PATCH") {
      return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: { Allow: "POST, PATCH" } });
    }
    await requireAdminApi(request, context, { change: true });
    const form = await request.formData().catch(() => null);
    if (!form) return Response.json({ ok: false, error: MSG_MJ.required }, { status: 400 });
    const bucket = context.cloudflare.env.BUCKET;
    if (request.method === "PATCH" || form.has("id")) {
      const mj = await updateMj(context.db, bucket, form);
      return ok(`« ${mj.name} » enregistré`);
    }
    await createMj(context.db, bucket, form);
    return ok(`MJ « ${String(form.get("name")).trim()} » ajouté`, 201);
  } catch (error) {
    return resultResponse(error);
  }
}

export function loader() {
  return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: { Allow: "POST, PATCH" } });
}
