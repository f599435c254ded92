import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { plural } from "@common/dashboard/format";
import { deleteMj, ok, requireAdminApi, resultResponse } from "~/server/mj-admin.server";

/**
 * Spec §7 names GET /api/pres/admin/mj/delete/{id}; here it is a POST (DESIGN §6: no change
 * on GET). The MJ's quizzes and folders go to the admin, their live games end.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  try {
    if (request.method !== "POST") {
      return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: { Allow: "POST" } });
    }
    const admin = await requireAdminApi(request, context, { change: true });
    const report = await deleteMj(context, admin, params.id);
    const moved = report.folder
      ? ` ; ${plural(report.quizzes, "quiz", "quiz")} et ${plural(report.folders, "dossier", "dossiers")} rangés dans « ${report.folder} »`
      : "";
    return ok(`« ${report.name} » supprimé${moved}`);
  } catch (error) {
    return resultResponse(error);
  }
}

export function loader() {
  return Response.json({ ok: false, error: "Méthode non autorisée" }, { status: 405, headers: { Allow: "POST" } });
}
