import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/features/dashboard/DashboardPage";
import { dashboardAction, dashboardLoader } from "~/server/dashboard.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/** /mj: the game master's login, then their dashboard. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];
export const meta: MetaFunction = () => [{ title: "Maîtres du jeu — Repère" }];

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args, "mj");
export const action = (args: ActionFunctionArgs) => dashboardAction(args, "mj");

export default function MjDashboard() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
