import type { BrowserAlertsView } from "@common/contracts/dashboard/types";
import { formatPlayedAt } from "@common/contracts/dashboard/format";
import { formatInteger } from "@common/i18n/format";
import { useLocale, useT } from "~/components/I18n";

/**
 * « Alertes du navigateur » on the admin's home dashboard: what browsers reported of the pages'
 * security policy. « Appliquée »: the policy in force refused something (a missing origin, or an
 * attack); « à l'essai »: Google's strict policy, sent for report only, would have. The
 * directives and addresses are the browsers' own words.
 */
export function BrowserAlerts({ alerts }: { alerts: BrowserAlertsView }) {
  const t = useT();
  const locale = useLocale();
  const enforced = t("dashboard.alerts.enforced");
  const trial = t("dashboard.alerts.trial");
  return (
    <section aria-labelledby="alertes" className="dash-section alerts">
      <h2 id="alertes">{t("dashboard.alerts.title")}</h2>
      {alerts.total === 0 ? (
        <p className="played-empty">{t("dashboard.alerts.none")}</p>
      ) : (
        <>
          <p className="alerts-lead">{t("dashboard.alerts.lead", { n: alerts.total })}</p>
          <table className="played-table alerts-counts">
            <caption className="sr-only">{t("dashboard.alerts.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("dashboard.alerts.rule")}</th>
                <th scope="col" className="num">
                  {enforced}
                </th>
                <th scope="col" className="num">
                  {trial}
                </th>
              </tr>
            </thead>
            <tbody>
              {alerts.counts.map((c) => (
                <tr key={c.directive}>
                  <th scope="row" className="played-quiz alerts-directive">
                    {c.directive}
                  </th>
                  <td data-label={enforced} className="num">
                    {formatInteger(locale, c.enforced)}
                  </td>
                  <td data-label={trial} className="num">
                    {formatInteger(locale, c.trial)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3 className="alerts-subtitle">{t("dashboard.alerts.recent")}</h3>
          <table className="played-table alerts-recent">
            <thead>
              <tr>
                <th scope="col">{t("dashboard.alerts.time")}</th>
                <th scope="col">{t("dashboard.alerts.page")}</th>
                <th scope="col">{t("dashboard.alerts.rule")}</th>
                <th scope="col">{t("dashboard.alerts.blocked")}</th>
                <th scope="col">{t("dashboard.alerts.policy")}</th>
              </tr>
            </thead>
            <tbody>
              {alerts.recent.map((a) => (
                <tr key={a.id}>
                  <td data-label={t("dashboard.alerts.time")} className="played-date">
                    {formatPlayedAt(a.at, locale)}
                  </td>
                  <th scope="row" className="played-quiz alerts-page">
                    {a.page}
                  </th>
                  <td data-label={t("dashboard.alerts.rule")} className="alerts-directive">
                    {a.directive}
                  </td>
                  <td data-label={t("dashboard.alerts.blocked")} className="alerts-blocked">
                    {a.blocked}
                  </td>
                  <td data-label={t("dashboard.alerts.policy")}>
                    <span className={`played-status ${a.trial ? "played-status-cut" : "played-status-live"}`}>{a.trial ? trial : enforced}</span>
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
