import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PasswordScreen } from "~/features/dashboard/PasswordScreen";
import { passwordAction, passwordLoader } from "~/server/own-password.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/** /pres/password: the administrator changes their own password (admin only). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];
export const meta: MetaFunction = () => [{ title: "Mot de passe — Repère" }];

export const loader = passwordLoader;
export const action = passwordAction;

export default function Password() {
  return <PasswordScreen data={useLoaderData<typeof loader>()} />;
}
