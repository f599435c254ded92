import { Link } from "@remix-run/react";
import { useMemo, useState } from "react";
import type { ReportData } from "@common/history/types";
import { ringLabel, teamLabel } from "@common/history/exports";
import { boxAroundMetres } from "@common/projection";
import { SPOT_COLOR } from "@common/rules";
import { Shell } from "~/components/Shell";
import { Icon } from "~/components/Icon";
import { ringCircles } from "~/features/map/rings";
import { DefiManage } from "~/features/defi/DefiManage";
import { GameMap } from "~/features/map/GameMap";
import type { MapCircle, MapMarker } from "~/features/map/types";
import { formatPoints } from "~/features/presenter/format";
import { formatDistance } from "~/features/presenter/ResultsMapView";

const MODE = { player: "Joueurs", team: "Équipes" } as const;
/** Pseudos beside the markers while the map stays readable; beyond, the table below names them. */
const LABELLED_MAX = 12;
/** Half the height of the « Autour de la réponse » view, in metres: the 200 m ring and some room. */
const CLOSE_HALF_M = 600;
/**
 * The map's box is 4:3 (history.css) and the offline map stretches its view over the box: a
 * view of the same shape in metres keeps the rings round.
 */
const MAP_ASPECT = 4 / 3;

const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;
const share = (x: number) => `${Math.round(x * 100)} %`;

/**
 * The report of one game (/pres|mj/parties/{game}): final ranking, every question with its
 * figures, and one map showing every answer to the chosen question. One map for the page: Google
 * bills each map built, so choosing another question moves this one (?question=N).
 */
export function ReportPage({ data }: { data: ReportData }) {
  const { game, questions, selected } = data;
  const question = questions[selected] ?? null;
  return (
    <Shell side={data.side} accountName={data.accountName}>
      <main className="dash-main report" id="contenu">
        <div className="report-head">
          <div>
            <p className="dash-eyebrow">
              <Link to={data.backUrl} className="report-back">
                <Icon name="back" /> Tableau de bord
              </Link>
            </p>
            <h1>Rapport — {game.quizName}</h1>
            <p className="report-meta">
              <span>{game.playedAt}</span>
              <span>{data.defi ? "Défi" : `Mode ${MODE[game.mode].toLowerCase()}`}</span>
              <span>
                {game.playersCount} joueur{game.playersCount > 1 ? "s" : ""}
              </span>
              <span>{game.status}</span>
              {game.owner ? <span>Compte : {game.owner}</span> : null}
            </p>
            {game.winner ? (
              <p className="report-winner">
                Gagnant : <strong>{game.winner}</strong>
              </p>
            ) : null}
          </div>
          <div className="report-actions">
            <a href={data.exports.answers} className="button button-small" download>
              Réponses (CSV)
            </a>
            <a href={data.exports.totals} className="button button-small button-secondary" download>
              Totaux (CSV)
            </a>
            <button type="button" className="button button-small button-secondary" onClick={() => window.print()}>
              Imprimer
            </button>
          </div>
        </div>

        {data.defi ? <DefiManage defi={data.defi} quizName={game.quizName} /> : null}

        <div className="report-body">
          <Ranking data={data} />
          <div className="report-questions">
            <QuestionTable data={data} />
            {question ? <QuestionDetail data={data} /> : <p className="report-empty">Aucune question n'a encore été révélée.</p>}
          </div>
        </div>
      </main>
    </Shell>
  );
}

function Ranking({ data }: { data: ReportData }) {
  const team = data.game.mode === "team";
  return (
    <section className="report-ranking" aria-labelledby="classement">
      <h2 id="classement">{data.defi?.open ? "Classement provisoire" : "Classement final"}</h2>
      {data.teams?.length ? (
        <table className="report-table report-teams">
          <caption className="sr-only">Classement des équipes</caption>
          <thead>
            <tr>
              <th scope="col">Rang</th>
              <th scope="col">Équipe</th>
              <th scope="col" className="num">Points</th>
            </tr>
          </thead>
          <tbody>
            {data.teams.map((t) => (
              <tr key={t.team}>
                <td>{t.rank}</td>
                <th scope="row">{t.name}</th>
                <td className="num">{formatPoints(t.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data.ranking.length ? (
        <div className="report-scroll">
          <table className="report-table">
            <caption className="sr-only">Classement des joueurs</caption>
            <thead>
              <tr>
                <th scope="col">Rang</th>
                <th scope="col">Joueur</th>
                {team ? <th scope="col">Équipe</th> : null}
                <th scope="col" className="num">Points</th>
                <th scope="col" className="num">Réponses</th>
              </tr>
            </thead>
            <tbody>
              {data.ranking.map((p) => (
                <tr key={p.playerNo}>
                  <td>{p.rank ?? "—"}</td>
                  <th scope="row">{p.pseudo}</th>
                  {team ? <td>{teamLabel(p.team)}</td> : null}
                  <td className="num">{p.points === null ? "—" : formatPoints(p.points)}</td>
                  <td className="num">{p.answered}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="report-empty">Aucun joueur n'a répondu.</p>
      )}
    </section>
  );
}

function QuestionTable({ data }: { data: ReportData }) {
  return (
    <section aria-labelledby="questions">
      <h2 id="questions">Questions</h2>
      <table className="report-table report-qtable">
        <thead>
          <tr>
            <th scope="col">N°</th>
            <th scope="col">Question</th>
            <th scope="col" className="num">Réponses</th>
            <th scope="col" className="num">Distance moyenne</th>
            <th scope="col" className="num">Ont marqué</th>
            <th scope="col">Bonne réponse la plus rapide</th>
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
              <td className="num">{q.answers}</td>
              <td className="num">{q.averageDistanceM === null ? "—" : formatDistance(q.averageDistanceM)}</td>
              <td className="num">
                {share(q.scoredShare)} <span className="report-muted">({q.scored})</span>
              </td>
              <td>{q.fastest ? `${q.fastest.pseudo}, ${seconds(q.fastest.timeMs)}` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function QuestionDetail({ data }: { data: ReportData }) {
  const q = data.questions[data.selected]!;
  const [close, setClose] = useState(false);
  const { markers, circles } = useMemo(() => {
    const answers = data.answers;
    const labelled = answers.length <= LABELLED_MAX;
    const markers: MapMarker[] = [
      ...answers.map((a) => ({
        id: `p${a.playerNo}`,
        position: { lat: a.lat, lng: a.lng },
        color: data.targets[a.ring]?.color ?? data.targets[0]?.color ?? "#9e9e9e",
        label: labelled ? a.pseudo : undefined,
      })),
      { id: "spot", position: q.spot, color: SPOT_COLOR, label: "Bonne réponse" },
    ];
    const circles: MapCircle[] = ringCircles(data.targets, q.spot);
    return { markers, circles };
  }, [data.answers, data.targets, q.spot]);
  const counts = data.targets.map((_, i) => data.answers.filter((a) => a.ring === i).length);
  const bounds = useMemo(() => data.bounds ?? boxAroundMetres(q.spot, 50_000, MAP_ASPECT), [data.bounds, q.spot]);
  const focus = useMemo(() => (close ? boxAroundMetres(q.spot, CLOSE_HALF_M, MAP_ASPECT) : bounds), [close, q.spot, bounds]);

  return (
    <section className="report-question" aria-labelledby="question">
      <div className="report-qhead">
        <h2 id="question">
          Question {q.index + 1} — {q.title}
        </h2>
        <nav className="report-qnav" aria-label="Autres questions">
          {q.index > 0 ? (
            <Link to={`?question=${q.index}#question`} preventScrollReset className="button button-small button-secondary">
              Précédente
            </Link>
          ) : null}
          {q.index + 1 < data.questions.length ? (
            <Link to={`?question=${q.index + 2}#question`} preventScrollReset className="button button-small button-secondary">
              Suivante
            </Link>
          ) : null}
        </nav>
      </div>
      <div className="report-qbody">
        <figure className="report-photo">
          {q.imageUrl ? (
            <img src={q.imageUrl} alt={`Photo de la question ${q.index + 1}`} />
          ) : (
            <div className="report-photo-none">{q.streetview ? "Question Street View" : "Photo indisponible"}</div>
          )}
          <figcaption>
            <dl className="report-figures">
              <div>
                <dt>Réponses</dt>
                <dd>
                  {q.answers} / {data.game.playersCount}
                </dd>
              </div>
              <div>
                <dt>Distance moyenne</dt>
                <dd>{q.averageDistanceM === null ? "—" : formatDistance(q.averageDistanceM)}</dd>
              </div>
              <div>
                <dt>Ont marqué</dt>
                <dd>
                  {share(q.scoredShare)} ({q.scored})
                </dd>
              </div>
              <div>
                <dt>Bonne réponse la plus rapide</dt>
                <dd>{q.fastest ? `${q.fastest.pseudo}, ${seconds(q.fastest.timeMs)}` : "—"}</dd>
              </div>
            </dl>
          </figcaption>
        </figure>
        <div className="report-mapbox">
          <div className="report-map-tools">
            <button type="button" className="button button-small button-secondary" aria-pressed={!close} onClick={() => setClose(false)}>
              Toute la carte
            </button>
            <button type="button" className="button button-small button-secondary" aria-pressed={close} onClick={() => setClose(true)}>
              Autour de la bonne réponse
            </button>
          </div>
          <GameMap
            bounds={bounds}
            focus={focus}
            markers={markers}
            circles={circles}
            ariaLabel={`Carte des réponses à la question ${q.index + 1}`}
            className="report-map"
            explainFallback
          />
          <ul className="report-legend" aria-label="Réponses par cercle">
            {data.targets.map((t, i) => (
              <li key={i}>
                <span className="report-swatch" style={{ background: t.color }} aria-hidden="true" />
                {ringLabel(data.targets, i)} : {counts[i]}
              </li>
            ))}
            <li>
              <span className="report-swatch" style={{ background: SPOT_COLOR }} aria-hidden="true" /> Bonne réponse
            </li>
          </ul>
        </div>
      </div>
      <details className="report-answers">
        <summary>Toutes les réponses à cette question ({data.answers.length})</summary>
        <table className="report-table">
          <thead>
            <tr>
              <th scope="col">Joueur</th>
              <th scope="col" className="num">Distance</th>
              <th scope="col">Cercle</th>
              <th scope="col" className="num">Temps</th>
              <th scope="col" className="num">Points</th>
            </tr>
          </thead>
          <tbody>
            {data.answers.map((a) => (
              <tr key={a.playerNo}>
                <th scope="row">{a.pseudo}</th>
                <td className="num">{formatDistance(a.distanceM)}</td>
                <td>{ringLabel(data.targets, a.ring)}</td>
                <td className="num">{seconds(a.timeMs)}</td>
                <td className="num">{formatPoints(a.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
