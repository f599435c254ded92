import type { BrowserAlertsView } from "@common/dashboard/types";
import { plural } from "@common/dashboard/format";

/**
 * « Alertes du navigateur » on the admin's home dashboard: what browsers reported of the pages'
 * security policy. « Appliquée »: the policy in force refused something (a missing origin, or an
 * attack); « à l'essai »: Google's strict policy, sent for report only, would have.
 */
export function BrowserAlerts({ alerts }: { alerts: BrowserAlertsView }) {
  return (
    <section aria-labelledby="alertes" className="dash-section alerts">
      <h2 id="alertes">Alertes du navigateur</h2>
      {alerts.total === 0 ? (
        <p className="played-empty">Aucune alerte</p>
      ) : (
        <>
          <p className="alerts-lead">
            {plural(alerts.total, "alerte reçue", "alertes reçues")} : ce que les navigateurs ont refusé de charger sur les pages
            (politique appliquée), ou auraient refusé avec la politique stricte recommandée par Google (à l'essai).
          </p>
          <table className="played-table alerts-counts">
            <caption className="sr-only">Alertes par règle de la politique</caption>
            <thead>
              <tr>
                <th scope="col">Règle</th>
                <th scope="col" className="num">
                  Appliquée
                </th>
                <th scope="col" className="num">
                  À l'essai
                </th>
              </tr>
            </thead>
            <tbody>
              {alerts.counts.map((c) => (
                <tr key={c.directive}>
                  <th scope="row" className="played-quiz alerts-directive">
                    {c.directive}
                  </th>
                  <td data-label="Appliquée" className="num">
                    {c.enforced}
                  </td>
                  <td data-label="À l'essai" className="num">
                    {c.trial}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3 className="alerts-subtitle">Dernières alertes</h3>
          <table className="played-table alerts-recent">
            <thead>
              <tr>
                <th scope="col">Heure</th>
                <th scope="col">Page</th>
                <th scope="col">Règle</th>
                <th scope="col">Adresse bloquée</th>
                <th scope="col">Politique</th>
              </tr>
            </thead>
            <tbody>
              {alerts.recent.map((a) => (
                <tr key={a.id}>
                  <td data-label="Heure" className="played-date">
                    {a.at}
                  </td>
                  <th scope="row" className="played-quiz alerts-page">
                    {a.page}
                  </th>
                  <td data-label="Règle" className="alerts-directive">
                    {a.directive}
                  </td>
                  <td data-label="Adresse bloquée" className="alerts-blocked">
                    {a.blocked}
                  </td>
                  <td data-label="Politique">
                    <span className={`played-status ${a.trial ? "played-status-cut" : "played-status-live"}`}>{a.trial ? "À l'essai" : "Appliquée"}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
