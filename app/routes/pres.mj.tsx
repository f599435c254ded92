import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MjScreen } from "~/features/admin/MjScreen";
import type { MjPageData } from "@common/admin/types";
import { requirePageAccount } from "~/server/auth/auth.server";
import { pageLoader } from "~/server/http/http.server";
import { listMjs } from "~/server/admin/mj-admin.server";
import adminCss from "~/features/admin/admin.css?url";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import { pageMeta } from "~/features/dashboard/meta";
import { localeOf, translator } from "~/server/i18n/i18n.server";

/**
 * /pres/mj: the game-master management table, admin only. Changes go through the admin JSON
 * calls (/api/pres/admin/mj…), which check the admin and the Origin themselves.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.title, matches);

export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs): Promise<MjPageData> => {
  const admin = await requirePageAccount(request, context, "admin");
  const locale = localeOf(request);
  return { title: translator(locale)("admin.meta.mj"), accountName: admin.name, mjs: await listMjs(context.db, locale) };
});

export default function MjManagement() {
  return <MjScreen data={useLoaderData<typeof loader>()} />;
}
