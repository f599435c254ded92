import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MjScreen } from "~/features/admin/MjScreen";
import { mjTablePage } from "~/server/admin-pages.server";
import adminCss from "~/features/admin/admin.css?url";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/**
 * /pres/mj: the game-master management table, admin only. Changes go through the admin JSON
 * calls (/api/pres/admin/mj…), which check the admin and the Origin themselves.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: "Maîtres du jeu — Repère" }];

export const loader = mjTablePage;

export default function MjManagement() {
  return <MjScreen data={useLoaderData<typeof loader>()} />;
}
