import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard/DashboardPage";
import { dashboardAction, dashboardLoader } from "~/lib/dashboard.server";
import dashboardCss from "~/styles/dashboard.css?url";

/** /pres: the administrator's login, then their dashboard (spec §2). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: dashboardCss }];
export const meta: MetaFunction = () => [{ title: "Administration — Repère" }];

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => dashboardAction(args, "admin");

export default function AdminDashboard() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
