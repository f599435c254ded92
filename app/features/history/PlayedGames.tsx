import { Link } from "@remix-run/react";
import type { GamesPage } from "@common/history/types";
import { plural } from "@common/dashboard/format";

const MODE = { player: "Joueurs", team: "Équipes" } as const;

/** « Parties jouées » on the home dashboard: newest first, a page at a time (?parties=N). */
export function PlayedGames({ games, showOwner }: { games: GamesPage; showOwner: boolean }) {
  const { rows, page, pages, total } = games;
  const pageLink = (n: number) => (n === 1 ? "?" : `?parties=${n}`) + "#parties";
  return (
    <section aria-labelledby="parties" className="dash-section played">
      <h2 id="parties">Parties jouées</h2>
      {rows.length === 0 ? (
        <p className="played-empty">Aucune partie jouée pour l'instant : elles s'ajoutent ici dès qu'elles commencent.</p>
      ) : (
        <>
          <table className="played-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Quiz</th>
                {showOwner ? <th scope="col">Compte</th> : null}
                <th scope="col">Mode</th>
                <th scope="col" className="num">Joueurs</th>
                <th scope="col">Gagnant</th>
                <th scope="col">État</th>
                <th scope="col">
                  <span className="sr-only">Rapport</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.id}>
                  <td data-label="Date" className="played-date">{g.playedAt}</td>
                  <th scope="row" className="played-quiz">{g.quizName}</th>
                  {showOwner ? <td data-label="Compte">{g.owner ?? "Vous"}</td> : null}
                  <td data-label="Mode">
                    {g.defi ? (
                      <>
                        <span className="played-defi">Défi</span>{" "}
                        <span className="played-deadline">
                          {g.defi.open ? "jusqu'au" : "clos le"} {g.defi.deadline}
                        </span>
                      </>
                    ) : (
                      MODE[g.mode]
                    )}
                  </td>
                  <td data-label="Joueurs" className="num">{g.playersCount}</td>
                  <td data-label="Gagnant">{g.winner ?? "—"}</td>
                  <td data-label="État">
                    <span className={`played-status played-status-${g.status === "Terminée" ? "done" : g.status === "En cours" ? "live" : "cut"}`}>
                      {g.status}
                    </span>
                  </td>
                  <td className="played-open">
                    <Link to={g.reportUrl} className="button button-small button-secondary" aria-label={`Rapport de « ${g.quizName} » du ${g.playedAt}`}>
                      Rapport
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="played-pager" aria-label="Pages des parties jouées">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className="button button-small button-secondary" preventScrollReset>
                Plus récentes
              </Link>
            ) : (
              <span />
            )}
            <span className="played-count">
              {plural(total, "partie", "parties")} · page {page} sur {pages}
            </span>
            {page < pages ? (
              <Link to={pageLink(page + 1)} className="button button-small button-secondary" preventScrollReset>
                Plus anciennes
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
