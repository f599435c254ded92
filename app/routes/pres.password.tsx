import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ActionResult } from "@common/dashboard/types";
import { PASSWORD_MIN } from "@common/rules";
import { said } from "@common/i18n/words";
import { PasswordScreen } from "~/features/dashboard/PasswordScreen";
import { requireAccount, requirePageAccount, sessionCookie } from "~/server/auth/auth.server";
import { pageAction, pageLoader } from "~/server/http/http.server";
import { parseForm } from "~/server/http/input.server";
import { changeOwnPassword, MSG_PASSWORD, PasswordForm } from "~/server/auth/own-password.server";
import { clientAddress } from "~/server/throttle/throttle.server";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import { pageMeta } from "~/features/dashboard/meta";
import { localeOf, translator } from "~/server/i18n/i18n.server";

/** /pres/password: the administrator changes their own password (admin only). */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.title, matches);

export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const account = await requirePageAccount(request, context, "admin");
  const title = translator(localeOf(request))("dashboard.meta.password");
  return { title, accountName: account.name, minLength: PASSWORD_MIN };
});

/** The other sessions end; this browser gets a fresh cookie and stays logged in. */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  const account = await requireAccount(request, context, { side: "admin" });
  const form = await parseForm(request, PasswordForm, { fallback: MSG_PASSWORD.required });
  const token = await changeOwnPassword(context, account, clientAddress(request), form);
  // The server's own sentence, worded here in the page's language.
  const message = said(translator(localeOf(request))(MSG_PASSWORD.changed));
  return data<ActionResult>({ message }, { headers: { "Set-Cookie": sessionCookie(request, "admin", token) } });
});

export default function Password() {
  return <PasswordScreen data={useLoaderData<typeof loader>()} />;
}
