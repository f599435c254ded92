import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { PlayerGame } from "~/features/player/PlayerGame";
import { FatalScreen } from "~/features/player/Screens";
import { MSG } from "@common/messages";
import { playerRoom } from "~/server/rooms.server";
import playerCss from "~/features/player/player.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerCss }];

export const meta: MetaFunction = () => [{ title: "Repère — partie en cours" }];

/**
 * Only the registry's answer: is the room live, and does it hand out pseudos itself? Asked
 * under the room-number throttle, like the home page's check.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const roomID = params.roomID ?? "";
  const room = await playerRoom(request, context, roomID);
  return { roomID, live: room.live, random: room.random, error: room.error };
}

export default function Play() {
  const { roomID, live, random, error } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // 'Rejoindre la partie' after a kick: a fresh game component, hence a fresh socket and seat.
  const [session, setSession] = useState(0);
  if (!live) return <FatalScreen message={error ?? MSG.roomNotFound} />;
  return (
    <PlayerGame
      key={`${roomID}:${session}`}
      room={roomID}
      random={random}
      pseudoHint={params.get("pseudo")}
      onRejoin={() => setSession((n) => n + 1)}
    />
  );
}
