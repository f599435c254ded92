import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard/DashboardPage";
import { dashboardAction, dashboardLoader } from "~/lib/dashboard.server";
import dashboardCss from "~/styles/dashboard.css?url";

/** /pres/{folderId}/{folderName}/folder: a folder of the admin's dashboard; login required. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: dashboardCss }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && data.view === "dashboard" && data.folder ? data.folder.name : "Dossier"} — Repère` },
];

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => dashboardAction(args, "admin");

export default function AdminFolder() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
