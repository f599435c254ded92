import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ne } from "drizzle-orm";
import { games } from "@db/schema";
import { Icon } from "~/features/dashboard/Icon";
import { Shell } from "~/features/dashboard/Shell";
import { assertSameOrigin } from "~/server/auth.server";
import { restartAllRooms } from "~/server/games.server";
import { requireAdminPage } from "~/server/mj-admin.server";
import { MSG } from "@common/messages";
import adminCss from "~/features/admin/admin.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";

/**
 * /pres/restart: 'Redémarrer' (spec §2, admin only) ends every live game. The dashboard's
 * button posts here; without `confirm=yes` the page asks first, then says how many games it
 * ended (after a redirect, so a reload never ends games again).
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: "Redémarrer — Repère" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdminPage(request, context);
  const ended = new URL(request.url).searchParams.get("ended");
  if (ended !== null && /^\d{1,6}$/.test(ended)) {
    return { accountName: admin.name, step: "done" as const, ended: Number(ended), live: 0 };
  }
  const live = await context.db.$count(games, ne(games.status, "closed"));
  return { accountName: admin.name, step: "confirm" as const, ended: 0, live };
}

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request);
  } catch {
    // Another site's form: nothing happens, the page says why.
    return data({ error: MSG.wrongAuthentication }, { status: 403 });
  }
  await requireAdminPage(request, context);
  const form = await request.formData().catch(() => null);
  if (form?.get("confirm") !== "yes") return { error: null };
  const ended = await restartAllRooms(context);
  throw redirect(`/pres/restart?ended=${ended}`);
}

function endedText(n: number): string {
  if (n === 0) return "Aucune partie en cours";
  return n === 1 ? "1 partie terminée" : `${n} parties terminées`;
}

export default function Restart() {
  const page = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.error;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <Shell side="admin" accountName={page.accountName}>
      <main className="dash-main admin-main narrow" id="contenu">
        <div className="folder-title">
          <Link to="/pres" className="button button-small button-secondary">
            <Icon name="back" /> Retour
          </Link>
          <h1>Redémarrer</h1>
        </div>
        {page.step === "done" ? (
          <section className="panel restart-panel" aria-labelledby="restart-result">
            <p id="restart-result" className="restart-result" role="status">
              {endedText(page.ended)}
            </p>
            <p className="hint">
              {page.ended === 0
                ? "Il n'y avait rien à terminer."
                : page.ended === 1
                  ? "Les joueurs et le présentateur de cette partie ont été déconnectés."
                  : "Les joueurs et les présentateurs de ces parties ont été déconnectés."}
            </p>
            <Link to="/pres" className="button">
              Retour au tableau de bord
            </Link>
          </section>
        ) : (
          <section className="panel restart-panel" aria-labelledby="restart-question">
            <h2 id="restart-question" className="restart-question">
              Terminer toutes les parties en cours ?
            </h2>
            <p className="restart-count">
              {page.live === 0 ? "Aucune partie n'est en cours pour l'instant." : `Parties en cours : ${page.live}`}
            </p>
            <p className="hint">
              Les joueurs et les présentateurs seront déconnectés. Les résultats déjà enregistrés sont gardés.
            </p>
            {refusal ? (
              <p className="field-error form-alert" role="alert">
                {refusal}
              </p>
            ) : null}
            <Form method="post" className="form-actions">
              <input type="hidden" name="confirm" value="yes" />
              <Link to="/pres" className="button button-secondary">
                Annuler
              </Link>
              <button type="submit" className="button button-danger" disabled={busy}>
                {busy ? "..." : "Terminer les parties"}
              </button>
            </Form>
          </section>
        )}
      </main>
    </Shell>
  );
}
