import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MjScreen } from "~/features/admin/MjScreen";
import type { MjPageData } from "@common/admin/types";
import { listMjs, requireAdminPage } from "~/server/mj-admin.server";
import adminCss from "~/features/admin/admin.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/**
 * /pres/mj: the game-master management table (spec §2), admin only. Changes go through the
 * admin JSON calls (/api/pres/admin/mj…), which check the admin and the Origin themselves.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: "Maîtres du jeu — Repère" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request, context);
  return { accountName: admin.name, mjs: await listMjs(context.db) } satisfies MjPageData;
}

export default function MjManagement() {
  return <MjScreen data={useLoaderData<typeof loader>()} />;
}
