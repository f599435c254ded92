import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { PlayerGame } from "~/features/player/PlayerGame";
import { FatalScreen } from "~/features/player/Screens";
import { MSG } from "@common/messages";
import { findLiveRoom } from "~/server/rooms.server";
import playerCss from "~/features/player/player.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerCss }];

export const meta: MetaFunction = () => [{ title: "Repère — partie en cours" }];

/** Only the registry's answer: is the room live, and does it hand out pseudos itself? */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const roomID = params.roomID ?? "";
  const room = await findLiveRoom(context.db, roomID);
  return { roomID, live: room !== null, random: room?.random ?? true };
}

export default function Play() {
  const { roomID, live, random } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  // 'Rejoindre la partie' after a kick: a fresh game component, hence a fresh socket and seat.
  const [session, setSession] = useState(0);
  if (!live) return <FatalScreen message={MSG.roomNotFound} />;
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
