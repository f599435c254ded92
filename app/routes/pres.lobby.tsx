import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LobbyScreen } from "~/features/dashboard/LobbyScreen";
import { lobbyAction, lobbyLoader } from "~/server/dashboard.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/** /pres/lobby: the admin's lobby picture (also the MJs' fallback). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];
export const meta: MetaFunction = () => [{ title: "Photo du Lobby — Repère" }];

export const loader = (args: LoaderFunctionArgs) => lobbyLoader(args, "admin");
export const action = (args: ActionFunctionArgs) => lobbyAction(args, "admin");

export default function AdminLobbyPicture() {
  return <LobbyScreen data={useLoaderData<typeof loader>()} />;
}
