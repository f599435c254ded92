// A game's final ranking in its report: the teams, then every player, or who is ahead while a
// défi is still open.
import type { ReportData } from "@common/contracts/history/types";
import { teamLabel } from "@common/contracts/history/exports";
import { formatInteger } from "@common/i18n/format";
import { useLocale, useT } from "~/components/I18n";
import { points } from "./report-figures";

export function Ranking({ data }: { data: ReportData }) {
  const t = useT();
  const locale = useLocale();
  const team = data.game.mode === "team";
  return (
    <section className="report-ranking" aria-labelledby="classement">
      <h2 id="classement">{t(data.defi?.open ? "history.report.rankingOpen" : "history.report.rankingFinal")}</h2>
      {data.teams?.length ? (
        <table className="report-table report-teams">
          <caption className="sr-only">{t("history.report.teamsCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("history.report.rank")}</th>
              <th scope="col">{t("history.report.team")}</th>
              <th scope="col" className="num">{t("history.report.points")}</th>
            </tr>
          </thead>
          <tbody>
            {data.teams.map((result) => (
              <tr key={result.team}>
                <td>{result.rank}</td>
                <th scope="row">{teamLabel(result.team, t)}</th>
                <td className="num">{points(locale, result.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data.ranking.length ? (
        // A long ranking scrolls in its own box, which the keyboard can scroll too.
        <div className="report-scroll" role="region" aria-labelledby="classement" tabIndex={0}>
          <table className="report-table">
            <caption className="sr-only">{t("history.report.playersCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("history.report.rank")}</th>
                <th scope="col">{t("history.report.player")}</th>
                {team ? <th scope="col">{t("history.report.team")}</th> : null}
                <th scope="col" className="num">{t("history.report.points")}</th>
                <th scope="col" className="num">{t("history.report.answers")}</th>
              </tr>
            </thead>
            <tbody>
              {data.ranking.map((p) => (
                <tr key={p.playerNo}>
                  <td>{p.rank ?? "—"}</td>
                  <th scope="row">{p.pseudo}</th>
                  {team ? <td>{teamLabel(p.team, t)}</td> : null}
                  <td className="num">{p.points === null ? "—" : points(locale, p.points)}</td>
                  <td className="num">{formatInteger(locale, p.answered)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="report-empty">{t("history.report.nobody")}</p>
      )}
    </section>
  );
}
