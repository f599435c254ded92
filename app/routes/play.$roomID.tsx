import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { useState } from "react";
import { PlayerGame } from "~/features/player/PlayerGame";
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

/**
 * Only the registry's answer: is the room live, and does it hand out pseudos itself? Asked
 * under the room-number throttle, like the home page's check.
 */
export const loader = pageLoader(async ({ request, params, context }: LoaderFunctionArgs) => {
  const { roomID: roomNumber } = parseParams(params, Params, Refusal.notFound(MSG.roomNotFound));
  const room = await playerRoom(context, clientAddress(request), roomNumber);
  const title = translator(localeOf(request))("player.meta.play");
  return { title, roomNumber, live: room.live, random: room.random, error: room.error };
});

export default function Play() {
  const { roomNumber, live, random, error } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // 'Rejoindre la partie' after a kick: a fresh game component, hence a fresh socket and seat.
  const [session, setSession] = useState(0);
  if (!live) return <FatalScreen message={error ?? MSG.roomNotFound} />;
  return (
    <PlayerGame
      key={`${roomNumber}:${session}`}
      room={roomNumber}
      random={random}
      pseudoHint={params.get("pseudo")}
      onRejoin={() => setSession((n) => n + 1)}
    />
  );
}
