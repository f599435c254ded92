// The chosen question of a game's report: its photo and figures, every answer on the report's one
// map (the whole zone or close to the spot), its legend and all its answers as a table.
import { Link } from "@remix-run/react";
import { useMemo, useState } from "react";
import type { ReportData } from "@common/contracts/history/types";
import { ringLabel } from "@common/contracts/history/exports";
import { formatDistance } from "@common/i18n/format";
import { boxAroundMetres } from "@common/util/projection";
import { SPOT_COLOR } from "@common/rules";
import { useLocale, useT } from "~/components/I18n";
import { GameMap } from "~/features/map/GameMap";
import { ringCircles } from "~/features/map/rings";
import type { MapCircle, MapMarker } from "~/features/map/types";
import { points, ScoredShare, seconds } from "./report-figures";

/** Pseudos beside the markers while the map stays readable; beyond, the table below names them. */
const LABELLED_MAX = 12;
/** Half the height of the « Autour de la réponse » view, in metres: the 200 m ring and some room. */
const CLOSE_HALF_M = 600;
/**
 * The map's box is 4:3 (history.css) and the offline map stretches its view over the box: a
 * view of the same shape in metres keeps the rings round.
 */
const MAP_ASPECT = 4 / 3;

export function QuestionDetail({ data }: { data: ReportData }) {
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
