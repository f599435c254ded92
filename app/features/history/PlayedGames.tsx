import { Link } from "@remix-run/react";
import type { GamesPage, GameStatus } from "@common/contracts/history/types";
import { formatPlayedAt } from "@common/contracts/dashboard/format";
import { formatInteger } from "@common/i18n/format";
import { useLocale, useT } from "~/components/I18n";

const STATUS_CLASS: Record<GameStatus, string> = { live: "played-status-live", over: "played-status-done", interrupted: "played-status-cut" };

/** « Parties jouées » on the home dashboard: newest first, a page at a time (?parties=N). */
export function PlayedGames({ games, showOwner }: { games: GamesPage; showOwner: boolean }) {
  const t = useT();
  const locale = useLocale();
  const { rows, page, pages, total } = games;
  const pageLink = (n: number) => (n === 1 ? "?" : `?parties=${n}`) + "#parties";
  // On a phone each row becomes a card whose cells say what they are (data-label, history.css).
  const label = {
    date: t("history.played.date"),
    owner: t("history.played.owner"),
    mode: t("history.played.mode"),
    players: t("history.played.players"),
    winner: t("history.played.winner"),
    status: t("history.played.status"),
  };
  return (
    <section aria-labelledby="parties" className="dash-section played">
      <h2 id="parties">{t("history.played.title")}</h2>
      {rows.length === 0 ? (
        <p className="played-empty">{t("history.played.empty")}</p>
      ) : (
        <>
          <table className="played-table">
            <thead>
              <tr>
                <th scope="col">{label.date}</th>
                <th scope="col">{t("history.played.quiz")}</th>
                {showOwner ? <th scope="col">{label.owner}</th> : null}
                <th scope="col">{label.mode}</th>
                <th scope="col" className="num">
                  {label.players}
                </th>
                <th scope="col">{label.winner}</th>
                <th scope="col">{label.status}</th>
                <th scope="col">
                  <span className="sr-only">{t("history.played.report")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => {
                const playedAt = formatPlayedAt(g.playedAt, locale);
                return (
                  <tr key={g.id}>
                    <td data-label={label.date} className="played-date">
                      {playedAt}
                    </td>
                    <th scope="row" className="played-quiz">
                      {g.quizName}
                    </th>
                    {showOwner ? <td data-label={label.owner}>{g.owner ?? t("history.played.you")}</td> : null}
                    <td data-label={label.mode}>
                      {g.defi ? (
                        <>
                          <span className="played-defi">{t("history.played.defi")}</span>{" "}
                          <span className="played-deadline">
                            {t(g.defi.open ? "history.played.defiOpen" : "history.played.defiClosed", {
                              date: formatPlayedAt(g.defi.deadline, locale),
                            })}
                          </span>
                        </>
                      ) : (
                        t(g.mode === "team" ? "history.played.modeTeam" : "history.played.modePlayer")
                      )}
                    </td>
                    <td data-label={label.players} className="num">
                      {formatInteger(locale, g.playersCount)}
                    </td>
                    <td data-label={label.winner}>{g.winner ?? "—"}</td>
                    <td data-label={label.status}>
                      <span className={`played-status ${STATUS_CLASS[g.status]}`}>{t("history.status", { status: g.status })}</span>
                    </td>
                    <td className="played-open">
                      <Link
                        to={g.reportUrl}
                        className="button button-small button-secondary"
                        aria-label={t("history.played.reportOf", { quiz: g.quizName, date: playedAt })}
                      >
                        {t("history.played.report")}
                      </Link>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <nav className="played-pager" aria-label={t("history.played.pages")}>
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className="button button-small button-secondary" preventScrollReset>
                {t("history.played.newer")}
              </Link>
            ) : (
              <span />
            )}
            <span className="played-count">{t("history.played.count", { total, page, pages })}</span>
            {page < pages ? (
              <Link to={pageLink(page + 1)} className="button button-small button-secondary" preventScrollReset>
                {t("history.played.older")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        </>
      )}
    </section>
  );
}
