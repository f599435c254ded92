import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { sideOfPath } from "@common/dashboard/format";
import type { ActionResult } from "@common/dashboard/types";
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "@common/rules";
import { m } from "@common/i18n/words";
import { LobbyScreen } from "~/features/dashboard/LobbyScreen";
import { requireAccount, requirePageAccount } from "~/server/auth/auth.server";
import { uploadBodyBytes } from "~/server/http/body.server";
import { pageAction, pageLoader } from "~/server/http/http.server";
import { fileField, parseForm } from "~/server/http/input.server";
import { lobbyPictureUrl, setLobbyPicture } from "~/server/media/lobby-picture.server";
import { storePicture } from "~/server/media/picture-upload.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import { pageMeta } from "~/features/dashboard/meta";
import { localeOf, translator } from "~/server/i18n/i18n.server";

/**
 * /pres/lobby (the admin's lobby picture, also the MJs' fallback) and /mj/lobby (a game master's
 * own): the picture behind a game's lobby.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.title, matches);

export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const side = sideOfPath(new URL(request.url).pathname);
  const account = await requirePageAccount(request, context, side);
  const title = translator(localeOf(request))("dashboard.meta.lobby");
  return { side, title, accountName: account.name, picture: await lobbyPictureUrl(context.db, account) };
});

/** A new picture, or `intent=reset`: back to the fallback. */
const LobbyForm = z.object({ intent: z.string().optional(), picture: fileField });

export const action = pageAction(async ({ request, context }: ActionFunctionArgs): Promise<ActionResult> => {
  const side = sideOfPath(new URL(request.url).pathname);
  const account = await requireAccount(request, context, { side });
  const bucket = context.cloudflare.env.BUCKET;
  const form = await parseForm(request, LobbyForm, { maxBytes: uploadBodyBytes(PICTURE_MAX_BYTES), tooLarge: PICTURE_TOO_LARGE });
  if (form.intent === "reset") {
    await setLobbyPicture(context.db, bucket, account, null);
    return { message: m("dashboard.done.lobbyReset") };
  }
  const key = await storePicture(bucket, form.picture);
  await setLobbyPicture(context.db, bucket, account, key);
  return { message: m("dashboard.done.lobbyUpdated") };
});

export default function LobbyPicture() {
  return <LobbyScreen data={useLoaderData<typeof loader>()} />;
}
