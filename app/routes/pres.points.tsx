import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ActionResult } from "@common/dashboard/types";
import { RING_RADII_M } from "@common/rules";
import { m } from "@common/i18n/words";
import { PointsScreen } from "~/features/dashboard/PointsScreen";
import { requireAccount, requirePageAccount } from "~/server/auth/auth.server";
import { PointsForm, readCirclesPoints, saveCirclesPoints } from "~/server/admin/circles-points.server";
import { pageAction, pageLoader } from "~/server/http/http.server";
import { parseForm } from "~/server/http/input.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import { pageMeta } from "~/features/dashboard/meta";
import { localeOf, translator } from "~/server/i18n/i18n.server";

/** /pres/points: 'Modifier les points' (admin only; settings key circlesPoints). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.title, matches);

export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const account = await requirePageAccount(request, context, "admin");
  const title = translator(localeOf(request))("dashboard.meta.points");
  return { title, accountName: account.name, points: await readCirclesPoints(context.db), radii: [...RING_RADII_M] };
});

export const action = pageAction(async ({ request, context }: ActionFunctionArgs): Promise<ActionResult> => {
  await requireAccount(request, context, { side: "admin" });
  await saveCirclesPoints(context.db, await parseForm(request, PointsForm));
  return { message: m("dashboard.done.points") };
});

export default function Points() {
  return <PointsScreen data={useLoaderData<typeof loader>()} />;
}
