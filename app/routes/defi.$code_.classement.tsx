import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams } from "@remix-run/react";
import { ClassementPage } from "~/features/defi/ClassementPage";
import { defiLeaderboard } from "~/server/defi-leaderboard.server";
import { pageLoader } from "~/server/http.server";
import playerCss from "~/features/player/player.css?url";
import defiCss from "~/features/defi/defi.css?url";
import { requireDefiCode } from "~/server/defi-door.server";
import { clientAddress } from "~/server/throttle.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: playerCss },
  { rel: "stylesheet", href: defiCss },
];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Classement — ${data.quizName} — Repère` : "Classement du défi — Repère" },
];

/** /defi/{code}/classement: names, totals and ranks, never a spot (anyone with the link). */
export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  await requireDefiCode(context, clientAddress(request), params.code);
  return defiLeaderboard(context.db, null, { code: params.code });
});

export default function DefiClassement() {
  const board = useLoaderData<typeof loader>();
  const { code = "" } = useParams();
  return <ClassementPage key={code} code={code} initial={board} />;
}
