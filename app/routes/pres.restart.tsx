import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Shell } from "~/components/Shell";
import { restartAction, restartPage } from "~/server/admin-pages.server";
import adminCss from "~/features/admin/admin.css?url";
import componentsCss from "~/components/components.css?url";
import dashboardCss from "~/features/dashboard/dashboard.css?url";
import { BackTitle } from "~/components/BackTitle";

/**
 * /pres/restart: 'Redémarrer' (admin only) ends every live game. The dashboard's button posts
 * here; without `confirm=yes` the page asks first, then says how many games it ended.
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: componentsCss },
  { rel: "stylesheet", href: dashboardCss },
  { rel: "stylesheet", href: adminCss },
];
export const meta: MetaFunction = () => [{ title: "Redémarrer — Repère" }];

export const loader = restartPage;
export const action = restartAction;

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
        <BackTitle back="/pres">Redémarrer</BackTitle>
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
