import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { PseudoPicker } from "~/features/player/PseudoPicker";
import { FatalScreen } from "~/features/player/Screens";
import { MSG } from "@common/messages";
import { playerRoom } from "~/server/rooms.server";
import playerCss from "~/features/player/player.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerCss }];

export const meta: MetaFunction = () => [{ title: "Repère — choisissez votre pseudo" }];

/** Random-icon rooms hand out pseudos themselves: their phones go straight to the game. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const roomID = params.roomID ?? "";
  const room = await playerRoom(request, context, roomID);
  if (room.live && room.random) throw redirect(`/play/${roomID}`);
  return { roomID, live: room.live, error: room.error };
}

export default function Join() {
  const { roomID, live, error } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  if (!live) return <FatalScreen message={error ?? MSG.roomNotFound} />;
  return <PseudoPicker key={roomID} room={roomID} kicked={params.has("exclu")} />;
}
