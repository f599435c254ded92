import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SoundScreen } from "~/features/admin/SoundScreen";
import type { SoundPageData } from "@common/admin/types";
import { requireAdminPage } from "~/server/mj-admin.server";
import { soundCategories } from "~/server/sounds.server";
import adminCss from "~/features/admin/admin.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/**
 * /pres/sound: sound management (spec §2), admin only. Replacing goes through
 * /api/pres/admin/replaceSound/… (admin and Origin checked there); GET /api/sound/{id} plays.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: "Sons — Repère" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request, context);
  return { accountName: admin.name, categories: await soundCategories(context.db) } satisfies SoundPageData;
}

export default function SoundManagement() {
  return <SoundScreen data={useLoaderData<typeof loader>()} />;
}
