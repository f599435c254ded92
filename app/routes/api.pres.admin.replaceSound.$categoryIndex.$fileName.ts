import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ok, requireAdminApi, resultResponse } from "~/server/mj-admin.server";
import { readMp3, replaceSound, targetSound } from "~/server/sounds.server";

/**
 * Spec §7: POST /api/pres/admin/replaceSound/{categoryIndex}/{fileName}, multipart field
 * `file`. {fileName} names the sound replaced: `{id}.mp3`. Only real mp3 files named .mp3,
 * 5 MB at most; a refusal stores nothing.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") {
      return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: { Allow: "POST" } });
    }
    await requireAdminApi(request, context, { change: true });
    const id = targetSound(params.categoryIndex, params.fileName);
    const form = await request.formData().catch(() => null);
    const bytes = await readMp3(form?.get("file") ?? null);
    await replaceSound(context.db, context.cloudflare.env.BUCKET, id, bytes);
    return ok("Son remplacé");
  } catch (error) {
    return resultResponse(error);
  }
}

export function loader() {
  return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: { Allow: "POST" } });
}
