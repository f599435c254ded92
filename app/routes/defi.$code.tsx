import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DefiPlay } from "~/features/defi/DefiPlay";
import { defiInfo } from "~/server/defi-play.server";
import { pageLoader } from "~/server/http.server";
import playerCss from "~/features/player/player.css?url";
import defiCss from "~/features/defi/defi.css?url";
import { requireDefiCode } from "~/server/defi-door.server";
import { clientAddress } from "~/server/throttle.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: playerCss },
  { rel: "stylesheet", href: defiCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Défi — ${data.quizName} — Repère` : "Défi — Repère" }];

/**
 * /defi/{code}: a défi's link, played alone on a phone until its deadline. The page gets what
 * anyone with the link may see; the player and their progress come from the défi's API, with the
 * device's cookie.
 */
export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  await requireDefiCode(context, clientAddress(request), params.code);
  return defiInfo(context.db, params.code);
});

export default function DefiRoute() {
  const defi = useLoaderData<typeof loader>();
  return <DefiPlay key={defi.code} initial={defi} />;
}
