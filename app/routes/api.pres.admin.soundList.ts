import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdminApi } from "~/server/mj-admin.server";
import { soundList } from "~/server/sounds.server";

/** Spec §7: GET /api/pres/admin/soundList, the ordered array of sound URLs (admin only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminApi(request, context, { change: false });
  return Response.json(await soundList(context.db), { headers: { "Cache-Control": "no-store" } });
}
