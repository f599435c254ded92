import { Link } from "@remix-run/react";
import { useMemo, useState } from "react";
import type { ReportData } from "@common/contracts/history/types";
import { ringLabel, teamLabel } from "@common/contracts/history/exports";
import { boxAroundMetres } from "@common/util/projection";
import { SPOT_COLOR } from "@common/rules";
import { Shell } from "~/components/Shell";
import { Icon } from "~/components/Icon";
import { ringCircles } from "~/features/map/rings";
import { DefiManage } from "~/features/defi/DefiManage";
import { GameMap } from "~/features/map/GameMap";
import type { MapCircle, MapMarker } from "~/features/map/types";
import { formatPlayedAt } from "@common/contracts/dashboard/format";
import { formatDecimal, formatDistance, formatInteger, formatSeconds } from "@common/i18n/format";
import type { Locale } from "@common/i18n/locales";
import { RichText, useLocale, useT } from "~/components/I18n";
/** Pseudos beside the markers while the map stays readable; beyond, the table below names them. */
const LABELLED_MAX = 12;
/** Half the height of the « Autour de la réponse » view, in metres: the 200 m ring and some room. */
const CLOSE_HALF_M = 600;
/**
 * The map's box is 4:3 (history.css) and the offline map stretches its view over the box: a
 * view of the same shape in metres keeps the rings round.
 */
const MAP_ASPECT = 4 / 3;

/** Points in the report: 2 decimals (docs/game-rules.md, Display formats). */
const points = (locale: Locale, value: number) => formatDecimal(locale, Number.isFinite(value) ? value : 0, 2);
const seconds = (locale: Locale, ms: number) => formatSeconds(locale, ms, 1);

/** '67 % (2)': the share of all the game's players whose answer scored, and how many. */
function ScoredShare({ share, scored, muted }: { share: number; scored: number; muted?: boolean }) {
  return (
    <RichText
      id="history.report.scoredShare"
      values={{ pct: Math.round(share * 100), n: scored }}
      components={{ 0: muted ? <span className="report-muted" /> : <span /> }}
    />
  );
}

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

function Ranking({ data }: { data: ReportData }) {
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

function QuestionTable({ data }: { data: ReportData }) {
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

function QuestionDetail({ data }: { data: ReportData }) {
  const t = useT();
  const locale = useLocale();
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
      { id: "spot", position: q.spot, color: SPOT_COLOR, label: t("history.report.spot") },
    ];
    const circles: MapCircle[] = ringCircles(data.targets, q.spot);
    return { markers, circles };
  }, [data.answers, data.targets, q.spot, t]);
  const counts = data.targets.map((_, i) => data.answers.filter((a) => a.ring === i).length);
  const bounds = useMemo(() => data.bounds ?? boxAroundMetres(q.spot, 50_000, MAP_ASPECT), [data.bounds, q.spot]);
  const focus = useMemo(() => (close ? boxAroundMetres(q.spot, CLOSE_HALF_M, MAP_ASPECT) : bounds), [close, q.spot, bounds]);

  return (
    <section className="report-question" aria-labelledby="question">
      <div className="report-qhead">
        <h2 id="question">{t("history.report.questionTitle", { n: q.index + 1, title: q.title })}</h2>
        <nav className="report-qnav" aria-label={t("history.report.otherQuestions")}>
          {q.index > 0 ? (
            <Link to={`?question=${q.index}#question`} preventScrollReset className="button button-small button-secondary">
              {t("history.report.previous")}
            </Link>
          ) : null}
          {q.index + 1 < data.questions.length ? (
            <Link to={`?question=${q.index + 2}#question`} preventScrollReset className="button button-small button-secondary">
              {t("history.report.next")}
            </Link>
          ) : null}
        </nav>
      </div>
      <div className="report-qbody">
        <figure className="report-photo">
          {q.imageUrl ? (
            <img src={q.imageUrl} alt={t("history.report.photo", { n: q.index + 1 })} />
          ) : (
            <div className="report-photo-none">{t(q.streetview ? "history.report.streetview" : "history.report.noPhoto")}</div>
          )}
          <figcaption>
            <dl className="report-figures">
              <div>
                <dt>{t("history.report.answers")}</dt>
                <dd>{t("history.report.answersOf", { answers: q.answers, players: data.game.playersCount })}</dd>
              </div>
              <div>
                <dt>{t("history.report.averageDistance")}</dt>
                <dd>{q.averageDistanceM === null ? "—" : formatDistance(locale, q.averageDistanceM)}</dd>
              </div>
              <div>
                <dt>{t("history.report.scored")}</dt>
                <dd>
                  <ScoredShare share={q.scoredShare} scored={q.scored} />
                </dd>
              </div>
              <div>
                <dt>{t("history.report.fastest")}</dt>
                <dd>
                  {q.fastest ? t("history.report.fastestAnswer", { pseudo: q.fastest.pseudo, time: seconds(locale, q.fastest.timeMs) }) : "—"}
                </dd>
              </div>
            </dl>
          </figcaption>
        </figure>
        <div className="report-mapbox">
          <div className="report-map-tools">
            <button type="button" className="button button-small button-secondary" aria-pressed={!close} onClick={() => setClose(false)}>
              {t("history.report.wholeMap")}
            </button>
            <button type="button" className="button button-small button-secondary" aria-pressed={close} onClick={() => setClose(true)}>
              {t("history.report.closeUp")}
            </button>
          </div>
          <GameMap
            bounds={bounds}
            focus={focus}
            markers={markers}
            circles={circles}
            ariaLabel={t("history.report.mapLabel", { n: q.index + 1 })}
            className="report-map"
            explainFallback
          />
          <ul className="report-legend" aria-label={t("history.report.legend")}>
            {data.targets.map((target, i) => (
              <li key={i}>
                <span className="report-swatch" style={{ background: target.color }} aria-hidden="true" />
                {t("history.report.legendItem", { ring: ringLabel(data.targets, i, t), n: counts[i] ?? 0 })}
              </li>
            ))}
            <li>
              <span className="report-swatch" style={{ background: SPOT_COLOR }} aria-hidden="true" /> {t("history.report.spot")}
            </li>
          </ul>
        </div>
      </div>
      <details className="report-answers">
        <summary>{t("history.report.allAnswers", { n: data.answers.length })}</summary>
        <div className="report-wide" role="region" aria-label={t("history.report.allAnswers", { n: data.answers.length })} tabIndex={0}>
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">{t("history.report.player")}</th>
                <th scope="col" className="num">{t("history.report.distance")}</th>
                <th scope="col">{t("history.report.ring")}</th>
                <th scope="col" className="num">{t("history.report.time")}</th>
                <th scope="col" className="num">{t("history.report.points")}</th>
              </tr>
            </thead>
            <tbody>
              {data.answers.map((a) => (
                <tr key={a.playerNo}>
                  <th scope="row">{a.pseudo}</th>
                  <td className="num">{formatDistance(locale, a.distanceM)}</td>
                  <td>{ringLabel(data.targets, a.ring, t)}</td>
                  <td className="num">{seconds(locale, a.timeMs)}</td>
                  <td className="num">{points(locale, a.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
