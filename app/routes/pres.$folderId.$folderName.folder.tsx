import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/features/dashboard/DashboardPage";
import { dashboardAction, dashboardLoader } from "~/server/dashboard.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/** /pres/{folderId}/{folderName}/folder: a folder of the admin's dashboard; login required. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && data.view === "dashboard" && data.folder ? data.folder.name : "Dossier"} — Repère` },
];

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => dashboardAction(args, "admin");

export default function AdminFolder() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
