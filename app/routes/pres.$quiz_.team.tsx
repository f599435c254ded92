import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PresenterPage } from "~/features/presenter/PresenterPage";
import { presenterLaunchAction, presenterLaunchLoader } from "~/server/presenter.server";
import { presenterLinks, presenterMeta } from "~/features/presenter/route-exports";

/**
 * /pres/{quiz}/team: the admin launches a game, team ranking; its screen is then /pres/salle/{room}.
 * The `_` keeps it out of /pres/{quiz}'s layout: it is a page of its own, not a child.
 */
export const links: LinksFunction = presenterLinks;
export const meta = presenterMeta;
export const loader = (args: LoaderFunctionArgs) => presenterLaunchLoader(args, "admin", "team");
export const action = (args: ActionFunctionArgs) => presenterLaunchAction(args, "admin", "team");
export default PresenterPage;
