import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Shell } from "~/components/Shell";
import { requirePageAccount } from "~/server/auth/auth.server";
import { restartAllRooms } from "~/server/rooms/games.server";
import { pageAction, pageLoader } from "~/server/http/http.server";
import { parseForm, parseQuery } from "~/server/http/input.server";
import { Refusal } from "~/server/http/refusal.server";
import { liveGameCount } from "~/server/rooms/rooms.server";
import adminCss from "~/features/admin/admin.css?url";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import { BackTitle } from "~/components/BackTitle";
import { useT } from "~/components/I18n";
import { pageMeta } from "~/features/dashboard/meta";
import { localeOf, translator } from "~/server/i18n/i18n.server";

/**
 * /pres/restart: 'Redémarrer' (admin only) ends every live game. The dashboard's button posts
 * here; without `confirm=yes` the page asks first, then says how many games it ended.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.title, matches);

/** `?ended=N` after the change: how many games it ended. Anything else asks first. */
const Query = z.object({ ended: z.string().regex(/^\d{1,6}$/).transform(Number).optional().catch(undefined) });

export const loader = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const admin = await requirePageAccount(request, context, "admin");
  const { ended } = parseQuery(request, Query, Refusal.badRequest());
  const title = translator(localeOf(request))("admin.meta.restart");
  if (ended !== undefined) return { title, accountName: admin.name, step: "done" as const, ended, live: 0 };
  return { title, accountName: admin.name, step: "confirm" as const, ended: 0, live: await liveGameCount(context.db) };
});

/** Only `confirm=yes` ends anything. */
const RestartForm = z.object({ confirm: z.literal("yes").optional().catch(undefined) });

/**
 * 'Terminer les parties': ends every live game, then a redirect, so a reload never ends games
 * again. Without `confirm=yes` nothing happens.
 */
export const action = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await requirePageAccount(request, context, "admin");
  const { confirm } = await parseForm(request, RestartForm);
  if (!confirm) return { error: null };
  const ended = await restartAllRooms(context);
  throw redirect(`/pres/restart?ended=${ended}`);
});

export default function Restart() {
  const t = useT();
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.error;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Shell side="admin" accountName={page.accountName}>
      <main className="dash-main admin-main narrow" id="contenu">
        <BackTitle back="/pres">{t("admin.restart.title")}</BackTitle>
        {page.step === "done" ? (
          <section className="panel restart-panel" aria-labelledby="restart-result">
            <p id="restart-result" className="restart-result" role="status">
              {t("admin.restart.ended", { n: page.ended })}
            </p>
            <p className="hint">{t("admin.restart.endedHint", { n: page.ended })}</p>
            <Link to="/pres" className="button">
              {t("admin.restart.back")}
            </Link>
          </section>
        ) : (
          <section className="panel restart-panel" aria-labelledby="restart-question">
            <h2 id="restart-question" className="restart-question">
              {t("admin.restart.question")}
            </h2>
            <p className="restart-count">{t("admin.restart.live", { n: page.live })}</p>
            <p className="hint">{t("admin.restart.hint")}</p>
            {refusal ? (
              <p className="field-error form-alert" role="alert">
                {refusal}
              </p>
            ) : null}
            <Form method="post" className="form-actions">
              <input type="hidden" name="confirm" value="yes" />
              <Link to="/pres" className="button button-secondary">
                {t("dashboard.cancel")}
              </Link>
              <button type="submit" className="button button-danger" disabled={busy}>
                {busy ? t("common.busy") : t("admin.restart.submit")}
              </button>
            </Form>
          </section>
        )}
      </main>
    </Shell>
  );
}
