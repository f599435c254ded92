import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PresenterPage } from "~/features/presenter/PresenterPage";
import { presenterAction, presenterLoader } from "~/server/presenter.server";
import { presenterLinks, presenterMeta } from "~/features/presenter/route-exports";

/** /mj/{quiz}[?ranking=team]: a game master's presenter screen. */
export const links: LinksFunction = presenterLinks;
export const meta = presenterMeta;
export const loader = (args: LoaderFunctionArgs) => presenterLoader(args, "mj", "query");
export const action = (args: ActionFunctionArgs) => presenterAction(args, "mj", "query");
export default PresenterPage;
