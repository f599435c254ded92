import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PointsScreen } from "~/features/dashboard/PointsScreen";
import { pointsAction, pointsLoader } from "~/server/dashboard.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/** /pres/points: 'Modifier les points' (admin only; settings key circlesPoints). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];
export const meta: MetaFunction = () => [{ title: "Points de la cible — Repère" }];

export const loader = (args: LoaderFunctionArgs) => pointsLoader(args);
export const action = (args: ActionFunctionArgs) => pointsAction(args);

export default function Points() {
  return <PointsScreen data={useLoaderData<typeof loader>()} />;
}
