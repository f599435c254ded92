import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SoundScreen } from "~/components/admin/SoundScreen";
import type { SoundPageData } from "~/components/admin/types";
import { requireAdminPage } from "~/lib/mj-admin.server";
import { soundCategories } from "~/lib/sounds.server";
import adminCss from "~/styles/admin.css?url";
import dashboardCss from "~/styles/dashboard.css?url";

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
