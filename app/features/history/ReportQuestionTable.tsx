// Every question of a game in its report, one line of figures each, its title the link that shows
// it on the report's one map.
import { Link } from "@remix-run/react";
import type { ReportData } from "@common/contracts/history/types";
import { formatDistance, formatInteger } from "@common/i18n/format";
import { useLocale, useT } from "~/components/I18n";
import { ScoredShare, seconds } from "./report-figures";

export function QuestionTable({ data }: { data: ReportData }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="questions">
      <h2 id="questions">{t("history.report.questions")}</h2>
      <div className="report-wide" role="region" aria-labelledby="questions" tabIndex={0}>
        <table className="report-table report-qtable">
          <thead>
            <tr>
              <th scope="col">{t("history.report.number")}</th>
              <th scope="col">{t("history.report.question")}</th>
              <th scope="col" className="num">{t("history.report.answers")}</th>
              <th scope="col" className="num">{t("history.report.averageDistance")}</th>
              <th scope="col" className="num">{t("history.report.scored")}</th>
              <th scope="col">{t("history.report.fastest")}</th>
            </tr>
          </thead>
          <tbody>
            {data.questions.map((q) => (
              <tr key={q.index} className={q.index === data.selected ? "is-selected" : undefined}>
                <td>{q.index + 1}</td>
                <th scope="row">
                  <Link
                    to={`?question=${q.index + 1}#question`}
                    preventScrollReset
                    aria-current={q.index === data.selected ? "true" : undefined}
                  >
                    {q.title}
                  </Link>
                </th>
                <td className="num">{formatInteger(locale, q.answers)}</td>
                <td className="num">{q.averageDistanceM === null ? "—" : formatDistance(locale, q.averageDistanceM)}</td>
                <td className="num">
                  <ScoredShare share={q.scoredShare} scored={q.scored} muted />
                </td>
                <td>{q.fastest ? t("history.report.fastestAnswer", { pseudo: q.fastest.pseudo, time: seconds(locale, q.fastest.timeMs) }) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
