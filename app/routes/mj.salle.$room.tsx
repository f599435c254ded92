import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PresenterPage } from "~/features/presenter/PresenterPage";
import { presenterRoomAction, presenterRoomLoader } from "~/server/presenter.server";
import { presenterLinks, presenterMeta } from "~/features/presenter/route-exports";

/** /mj/salle/{room}: a game master's presenter screen of a launched game, at an address naming only the room. */
export const links: LinksFunction = presenterLinks;
export const meta = presenterMeta;
export const loader = (args: LoaderFunctionArgs) => presenterRoomLoader(args, "mj");
export const action = (args: ActionFunctionArgs) => presenterRoomAction(args, "mj");
export default PresenterPage;
