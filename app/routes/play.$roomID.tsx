import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { PlayerGame } from "~/features/player/PlayerGame";
import { FatalScreen } from "~/features/player/StatusScreens";
import { MSG } from "@common/contracts/messages";
import { pageLoader } from "~/server/http/http.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { playerRoom } from "~/server/rooms/rooms.server";
import playerCss from "~/features/player/player.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** Only the registry's answer: is the room live, and does it hand out pseudos itself? */
export const loader = pageLoader(async (args: LoaderFunctionArgs) => {
  const { roomNumber, live, random, error } = await playerRoom(args);
  const title = translator(localeOf(args.request))("player.meta.play");
  return { title, roomNumber, live, random, error };
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
