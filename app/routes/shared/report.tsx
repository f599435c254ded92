import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { sideOfPath } from "@common/dashboard/format";
import { ReportPage } from "~/features/history/ReportPage";
import { requirePageAccount } from "~/server/auth/auth.server";
import { gameReport, pageNumber } from "~/server/history/history.server";
import { gameId, HISTORY_MSG } from "~/server/history/played-game.server";
import { pageLoader } from "~/server/http/http.server";
import { parseParams, parseQuery } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import historyCss from "~/features/history/history.css?url";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import { pageMeta } from "~/features/dashboard/meta";

/** /pres/parties/{game}[?question=N] and /mj/parties/{game}: the report of one game played (owner or admin). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: historyCss },
];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.title, matches);

const Params = z.object({ gameId });
/** The question shown on the map, from 1. */
const Query = z.object({ question: pageNumber });

/** That side's login first. */
export const loader = pageLoader(async ({ request, context, params }: LoaderFunctionArgs) => {
  const side = sideOfPath(new URL(request.url).pathname);
  const account = await requirePageAccount(request, context, side);
  const { gameId: id } = parseParams(params, Params, Refusal.notFound(HISTORY_MSG.notFound));
  const { question } = parseQuery(request, Query, Refusal.badRequest());
  return gameReport(context.db, account, side, id, question, translator(localeOf(request)));
});

export default function Report() {
  return <ReportPage data={useLoaderData<typeof loader>()} />;
}
