import { Link } from "@remix-run/react";
import type { ReportData } from "@common/contracts/history/types";
import { Shell } from "~/components/Shell";
import { Icon } from "~/components/Icon";
import { DefiManage } from "~/features/defi/DefiManage";
import { formatPlayedAt } from "@common/contracts/dashboard/format";
import { RichText, useLocale, useT } from "~/components/I18n";
import { QuestionDetail } from "./ReportQuestionDetail";
import { QuestionTable } from "./ReportQuestionTable";
import { Ranking } from "./ReportRanking";

/**
 * The report of one game (/pres|mj/parties/{game}): final ranking, every question with its
 * figures, and one map showing every answer to the chosen question. One map for the page: Google
 * bills each map built, so choosing another question moves this one (?question=N).
 */
export function ReportPage({ data }: { data: ReportData }) {
  const t = useT();
  const locale = useLocale();
  const { game, questions, selected } = data;
  const question = questions[selected] ?? null;
  return (
    <Shell side={data.side} accountName={data.accountName}>
      <main className="dash-main report" id="contenu">
        <div className="report-head">
          <div>
            <p className="dash-eyebrow">
              <Link to={data.backUrl} className="report-back">
                <Icon name="back" /> {t("history.report.back")}
              </Link>
            </p>
            <h1>{t("history.report.title", { quiz: game.quizName })}</h1>
            <p className="report-meta">
              <span>{formatPlayedAt(game.playedAt, locale)}</span>
              <span>{data.defi ? t("history.report.defi") : t("history.report.mode", { mode: game.mode })}</span>
              <span>{t("history.report.players", { n: game.playersCount })}</span>
              <span>{t("history.status", { status: game.status })}</span>
              {game.owner ? <span>{t("history.report.owner", { name: game.owner })}</span> : null}
            </p>
            {game.winner ? (
              <p className="report-winner">
                <RichText id="history.report.winner" values={{ name: game.winner }} components={{ 0: <strong /> }} />
              </p>
            ) : null}
          </div>
          <div className="report-actions">
            <a href={data.exports.answers} className="button button-small" download>
              {t("history.report.answersCsv")}
            </a>
            <a href={data.exports.totals} className="button button-small button-secondary" download>
              {t("history.report.totalsCsv")}
            </a>
            <button type="button" className="button button-small button-secondary" onClick={() => window.print()}>
              {t("history.report.print")}
            </button>
          </div>
        </div>

        {data.defi ? <DefiManage defi={data.defi} quizName={game.quizName} /> : null}

        <div className="report-body">
          <Ranking data={data} />
          <div className="report-questions">
            <QuestionTable data={data} />
            {question ? <QuestionDetail data={data} /> : <p className="report-empty">{t("history.report.nothingRevealed")}</p>}
          </div>
        </div>
      </main>
    </Shell>
  );
}
