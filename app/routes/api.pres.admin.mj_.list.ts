import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { listMjs, requireAdminApi } from "~/server/mj-admin.server";

/** Spec §7: GET /api/pres/admin/mj/list, the MJ table (admin only; no password, ever). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminApi(request, context, { change: false });
  return Response.json(await listMjs(context.db), { headers: { "Cache-Control": "no-store" } });
}
