import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DefiPlay } from "~/features/defi/DefiPlay";
import { defiMeta } from "~/features/defi/meta";
import { ReaderTimeZone } from "~/features/defi/time-zone";
import { defiInfo } from "~/server/defi/defi-play.server";
import { pageLoader } from "~/server/http/http.server";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { timeZoneOf } from "~/server/i18n/time-zone.server";
import playerCss from "~/features/player/player.css?url";
import defiCss from "~/features/defi/defi.css?url";
import { requireDefiCode } from "~/server/defi/defi-door.server";
import { clientAddress } from "~/server/throttle/throttle.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: playerCss },
  { rel: "stylesheet", href: defiCss },
];

export const meta: MetaFunction<typeof loader> = defiMeta;

/**
 * /defi/{code}: a défi's link, played alone on a phone until its deadline. The page gets what
 * anyone with the link may see, its title in the reader's language and the reader's time zone if
 * their browser already told it; the player and their progress come from the défi's API, with the
 * device's cookie.
 */
export const loader = pageLoader(async ({ context, params, request }: LoaderFunctionArgs) => {
  await requireDefiCode(context, clientAddress(request), params.code);
  const defi = await defiInfo(context.db, params.code);
  return { defi, title: translator(localeOf(request))("defi.meta.play", { quiz: defi.quizName }), timeZone: timeZoneOf(request) };
});

export default function DefiRoute() {
  const { defi, timeZone } = useLoaderData<typeof loader>();
  return (
    <ReaderTimeZone fromServer={timeZone}>
      <DefiPlay key={defi.code} initial={defi} />
    </ReaderTimeZone>
  );
}
