import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { PseudoPicker } from "~/features/player/PseudoPicker";
import { FatalScreen } from "~/features/player/Screens";
import { MSG } from "@common/messages";
import { findLiveRoom } from "~/server/rooms.server";
import playerCss from "~/features/player/player.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerCss }];

export const meta: MetaFunction = () => [{ title: "Repère — choisissez votre pseudo" }];

/** Random-icon rooms hand out pseudos themselves: their phones go straight to the game. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const roomID = params.roomID ?? "";
  const room = await findLiveRoom(context.db, roomID);
  if (room?.random) throw redirect(`/play/${roomID}`);
  return { roomID, live: room !== null };
}

export default function Join() {
  const { roomID, live } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  if (!live) return <FatalScreen message={MSG.roomNotFound} />;
  return <PseudoPicker key={roomID} room={roomID} kicked={params.has("exclu")} />;
}
