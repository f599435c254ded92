import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PresenterPage } from "~/features/presenter/PresenterPage";
import { presenterLaunchAction, presenterLaunchLoader } from "~/server/presenter.server";
import { presenterLinks, presenterMeta } from "~/features/presenter/route-exports";

/** /mj/{quiz}[?ranking=team]: a game master launches a game; its screen is then /mj/salle/{room}. */
export const links: LinksFunction = presenterLinks;
export const meta = presenterMeta;
export const loader = (args: LoaderFunctionArgs) => presenterLaunchLoader(args, "mj", "query");
export const action = (args: ActionFunctionArgs) => presenterLaunchAction(args, "mj", "query");
export default PresenterPage;
