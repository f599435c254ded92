import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PresenterPage } from "~/features/presenter/PresenterPage";
import { presenterAction, presenterLoader } from "~/server/presenter.server";
import { presenterLinks, presenterMeta } from "~/features/presenter/route-exports";

/** /pres/{quiz}: the admin's presenter screen, player ranking. */
export const links: LinksFunction = presenterLinks;
export const meta = presenterMeta;
export const loader = (args: LoaderFunctionArgs) => presenterLoader(args, "admin", "player");
export const action = (args: ActionFunctionArgs) => presenterAction(args, "admin", "player");
export default PresenterPage;
