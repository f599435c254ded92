import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ok, requireAdminApi, resultResponse } from "~/server/mj-admin.server";
import { resetSound } from "~/server/sounds.server";

/** POST /api/pres/admin/resetSound/{id}: back to the shipped sound public/sounds/{id}.mp3. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") {
      return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: { Allow: "POST" } });
    }
    await requireAdminApi(request, context, { change: true });
    await resetSound(context.db, context.cloudflare.env.BUCKET, Number(params.id));
    return ok("Son d'origine rétabli");
  } catch (error) {
    return resultResponse(error);
  }
}

export function loader() {
  return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: { Allow: "POST" } });
}
