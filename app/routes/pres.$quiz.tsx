import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PresenterPage } from "~/features/presenter/PresenterPage";
import { presenterLaunchAction, presenterLaunchLoader } from "~/server/presenter.server";
import { presenterLinks, presenterMeta } from "~/features/presenter/route-exports";

/** /pres/{quiz}: the admin launches a game, player ranking; its screen is then /pres/salle/{room}. */
export const links: LinksFunction = presenterLinks;
export const meta = presenterMeta;
export const loader = (args: LoaderFunctionArgs) => presenterLaunchLoader(args, "admin", "player");
export const action = (args: ActionFunctionArgs) => presenterLaunchAction(args, "admin", "player");
export default PresenterPage;
