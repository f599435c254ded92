import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SoundScreen } from "~/features/admin/SoundScreen";
import type { SoundPageData } from "@common/admin/types";
import { requirePageAccount } from "~/server/auth/auth.server";
import { pageLoader } from "~/server/http/http.server";
import { soundCategories } from "~/server/media/sounds.server";
import adminCss from "~/features/admin/admin.css?url";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import { pageMeta } from "~/features/dashboard/meta";
import { localeOf, translator } from "~/server/i18n/i18n.server";

/**
 * /pres/sound: sound management, admin only. Replacing goes through
 * /api/pres/admin/replaceSound/… (admin and Origin checked there); GET /api/sound/{id} plays.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.title, matches);

export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs): Promise<SoundPageData> => {
  const admin = await requirePageAccount(request, context, "admin");
  return { title: translator(localeOf(request))("admin.meta.sound"), accountName: admin.name, categories: await soundCategories(context.db) };
});

export default function SoundManagement() {
  return <SoundScreen data={useLoaderData<typeof loader>()} />;
}
