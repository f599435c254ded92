import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { ClassementPage } from "~/features/defi/ClassementPage";
import { defiMeta } from "~/features/defi/meta";
import { ReaderTimeZone } from "~/features/defi/time-zone";
import { defiLeaderboard } from "~/server/defi/defi-leaderboard.server";
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

/** /defi/{code}/classement: names, totals and ranks, never a spot (anyone with the link). */
export const loader = pageLoader(async ({ context, params, request }: LoaderFunctionArgs) => {
  await requireDefiCode(context, clientAddress(request), params.code);
  const board = await defiLeaderboard(context.db, null, { code: params.code });
  return { board, title: translator(localeOf(request))("defi.meta.board", { quiz: board.quizName }), timeZone: timeZoneOf(request) };
});

export default function DefiClassement() {
  const { board, timeZone } = useLoaderData<typeof loader>();
  const { code = "" } = useParams();
  return (
    <ReaderTimeZone fromServer={timeZone}>
      <ClassementPage key={code} code={code} initial={board} />
    </ReaderTimeZone>
  );
}
