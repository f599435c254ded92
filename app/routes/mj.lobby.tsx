import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LobbyScreen } from "~/features/dashboard/LobbyScreen";
import { lobbyAction, lobbyLoader } from "~/server/dashboard.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/** /mj/lobby: a game master's own lobby picture. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];
export const meta: MetaFunction = () => [{ title: "Photo du Lobby — Repère" }];

export const loader = (args: LoaderFunctionArgs) => lobbyLoader(args, "mj");
export const action = (args: ActionFunctionArgs) => lobbyAction(args, "mj");

export default function MjLobbyPicture() {
  return <LobbyScreen data={useLoaderData<typeof loader>()} />;
}
