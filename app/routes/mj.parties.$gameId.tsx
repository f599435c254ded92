import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ReportPage } from "~/features/history/ReportPage";
import { reportLoader } from "~/server/history.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import historyCss from "~/features/history/history.css?url";

/** /mj/parties/{game}[?question=N]: the report of one game played (owner or admin). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: historyCss },
];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Rapport — ${data.game.quizName} — Repère` : "Rapport de partie — Repère" },
];

export const loader = (args: LoaderFunctionArgs) => reportLoader(args, "mj");

export default function Report() {
  return <ReportPage data={useLoaderData<typeof loader>()} />;
}
