import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { PseudoPicker } from "~/features/player/PseudoPicker";
import { FatalScreen } from "~/features/player/Screens";
import { MSG } from "@common/messages";
import { pageLoader } from "~/server/http/http.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { parseParams } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { playerRoom } from "~/server/rooms/rooms.server";
import { clientAddress } from "~/server/throttle/throttle.server";
import playerCss from "~/features/player/player.css?url";
import { loaderTitle, stylesheets } from "~/route-heads";

export const links: LinksFunction = () => stylesheets(playerCss);

const Params = z.object({ roomID: z.string() });

export const meta: MetaFunction<typeof loader> = loaderTitle;

/** Random-icon rooms hand out pseudos themselves: their phones go straight to the game. */
export const loader = pageLoader(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { roomID: roomNumber } = parseParams(params, Params, Refusal.notFound(MSG.roomNotFound));
  const room = await playerRoom(context, clientAddress(request), roomNumber);
  if (room.live && room.random) throw redirect(`/play/${roomNumber}`);
  const title = translator(localeOf(request))("player.meta.join");
  return { title, roomNumber, live: room.live, error: room.error };
});

export default function Join() {
  const { roomNumber, live, error } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  if (!live) return <FatalScreen message={error ?? MSG.roomNotFound} />;
  return <PseudoPicker key={roomNumber} room={roomNumber} kicked={params.has("exclu")} />;
}
