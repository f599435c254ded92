import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { PseudoPicker } from "~/features/player/PseudoPicker";
import { FatalScreen } from "~/features/player/StatusScreens";
import { MSG } from "@common/contracts/messages";
import { pageLoader } from "~/server/http/http.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { playerRoom } from "~/server/rooms/rooms.server";
import playerCss from "~/features/player/player.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: playerCss }];

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);

/** Random-icon rooms hand out pseudos themselves: their phones go straight to the game. */
export const loader = pageLoader(async (args: LoaderFunctionArgs) => {
  const { roomNumber, live, random, error } = await playerRoom(args);
  if (live && random) throw redirect(`/play/${roomNumber}`);
  const title = translator(localeOf(args.request))("player.meta.join");
  return { title, roomNumber, live, error };
});

export default function Join() {
  const { roomNumber, live, error } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  if (!live) return <FatalScreen message={error ?? MSG.roomNotFound} />;
  return <PseudoPicker key={roomNumber} room={roomNumber} kicked={params.has("exclu")} />;
}
