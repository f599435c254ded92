import { Form, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { NightTop, RankedPlayer, RankedTeam, RoomMessageOf } from "@common/room-messages";
import type { RoundQuiz } from "@common/presenter/types";
import type { Translate } from "@common/i18n/ids";
import { RichText, useT } from "~/components/I18n";
import { RoundPicker } from "./RoundPicker";
import { colorHex, inkOn, teamWords } from "./players";
import { PlayerMarker } from "./PlayerMarker";
import { PlayerRows, Points, TeamRows } from "./Ranking";
import { afterEndPage, clampPage, columnsOf, END_COLUMN, END_LAYOUT, END_PAGE_MS, pageRanges, rangeLabel } from "./ranking-pages";
import { useFullRanking } from "./useFullRanking";

type Step = { rank: number; key: string; name: string; points: number; picture: React.ReactNode; detail?: string };

/** Podium places drawn left to right: 2nd, 1st, 3rd. */
const ORDER = [1, 0, 2];

/** How long the podium stays before the night ranking takes the screen (from the second round). */
const NIGHT_AFTER_PODIUM_MS = 15_000;

/**
 * End of a round (docs/game-rules.md, Presenter steps, podium): the round's podium, then from
 * the second round on the « Classement de la soirée »; and what comes next: « Rejouer » (same quiz,
 * same settings), « Autre quiz » (the picker) or « Nouvelle partie » (closes the room, back to
 * the dashboard). Every phone stays in the room for the next round.
 */
export function EndGameView({
  endGame,
  room,
  error,
  quizzes,
}: {
  endGame: RoomMessageOf<"pres_endGame">;
  room: string;
  error?: string | null;
  quizzes: RoundQuiz[];
}) {
  const t = useT();
  const night = endGame.night;
  const [view, setView] = useState<"podium" | "night">("podium");
  const [picking, setPicking] = useState(false);
  const otherQuiz = useRef<HTMLButtonElement>(null);
  const closePicker = useCallback(() => {
    setPicking(false);
    // Back to the button that opened it.
    window.setTimeout(() => otherQuiz.current?.focus());
  }, []);
  useEffect(() => {
    if (!night) return;
    const id = window.setTimeout(() => setView("night"), NIGHT_AFTER_PODIUM_MS);
    return () => window.clearTimeout(id);
  }, [night]);
  const busy = useNavigation().state !== "idle";
  const actions = (
    <div className="end-buttons">
      {night ? (
        <button type="button" className="pres-button pres-button-ghost" onClick={() => setView(view === "podium" ? "night" : "podium")}>
          {t(view === "podium" ? "presenter.end.night" : "presenter.end.roundPodium")}
        </button>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="replay" />
        <input type="hidden" name="room" value={room} />
        <button type="submit" className="pres-button pres-button-go" disabled={busy}>
          {t("presenter.end.replay")}
        </button>
      </Form>
      <button type="button" className="pres-button pres-button-go" onClick={() => setPicking(true)} disabled={busy} ref={otherQuiz}>
        {t("presenter.end.otherQuiz")}
      </button>
      <Form method="post">
        <input type="hidden" name="intent" value="close" />
        <input type="hidden" name="room" value={room} />
        <button type="submit" className="pres-button pres-button-ghost" disabled={busy}>
          {t("presenter.end.newGame")}
        </button>
      </Form>
    </div>
  );
  return (
    <>
      {night && view === "night" ? (
        <NightView night={night} room={room} error={error} actions={actions} />
      ) : (
        <PodiumView endGame={endGame} room={room} error={error} actions={actions} />
      )}
      {picking ? (
        <RoundPicker room={room} quizzes={quizzes} busy={busy} onClose={closePicker} />
      ) : null}
    </>
  );
}

/** « Classement de la soirée »: every round added up, in pages like the list under the podium. */
function NightView({
  night,
  room,
  error,
  actions,
}: {
  night: NightTop;
  room: string;
  error?: string | null;
  actions: React.ReactNode;
}) {
  const t = useT();
  // The socket brings the top; the whole night comes over HTTP, as the round's ranking does.
  const full = useFullRanking(room, `night${night.round}`, "over", "night");
  const lines = full ?? night.ranking;
  const { pages, shown, rows } = useEndPages(lines);
  const missing = shown === pages.length - 1 ? night.playersCount - lines.length : 0;
  return (
    <div className="pres-end pres-night" data-testid="night-ranking">
      <h1 className="end-title">{t("presenter.end.night")}</h1>
      <p className="night-sub">{t("presenter.end.nightSub", { rounds: night.round, players: night.playersCount })}</p>
      <section className="end-rest night-rest" aria-label={t("presenter.end.night")} data-page={shown + 1} data-pages={pages.length}>
        <div className={`ranking-columns cols-${lines.length > END_COLUMN ? 3 : 1}`}>
          {columnsOf(rows, END_COLUMN).map((col, i) => (
            <PlayerRows key={i} lines={col} showQuestion markerSize={44} />
          ))}
        </div>
      </section>
      <div className="end-actions">
        <EndFooter pageLabel={pages.length > 1 ? pageLabel(t, rows, shown, pages.length) : null} missing={missing} error={error} actions={actions} />
      </div>
    </div>
  );
}

function PodiumView({
  endGame,
  room,
  error,
  actions,
}: {
  endGame: RoomMessageOf<"pres_endGame">;
  room: string;
  error?: string | null;
  actions: React.ReactNode;
}) {
  const t = useT();
  const teams = endGame.teams;
  const steps: Step[] = teams ? teams.slice(0, 3).map((team) => teamStep(t, team)) : endGame.ranking.slice(0, 3).map(playerStep);
  const full = useFullRanking(room, teams ? null : "end", "over");
  const rest = (full ?? endGame.ranking).slice(3);
  const { pages, shown, rows: restPlayers } = useEndPages(rest);
  const restTeams = teams ? teams.slice(3) : [];
  // Only the socket's top arrived: say how many are not listed.
  const missing = shown === pages.length - 1 ? endGame.playersCount - 3 - rest.length : 0;

  return (
    <div className={`pres-end${(teams ? restTeams.length : restPlayers.length) === 0 ? " is-short" : ""}`}>
      <h1 className="end-title">{endGame.night ? t("presenter.end.roundTitle", { round: endGame.night.round }) : t("presenter.end.title")}</h1>
      <ol className="podium" aria-label={t(teams ? "presenter.end.teamPodium" : "presenter.end.podium")}>
        {ORDER.map((i) => steps[i]).map((s) =>
          s ? (
            <li key={s.key} className={`podium-place podium-${s.rank <= 3 ? s.rank : 3}`}>
              <div className="podium-who">
                {s.picture}
                <span className="podium-name">{s.name}</span>
                {s.detail ? <span className="podium-detail">{s.detail}</span> : null}
                <span className="podium-points">
                  <Points points={s.points} unitClass="podium-unit" />
                </span>
              </div>
              <div className="podium-block">
                <span className="podium-rank">
                  <RichText id="presenter.end.rank" values={{ rank: s.rank }} components={{ 0: <span className="sr-only" /> }} />
                </span>
              </div>
            </li>
          ) : null,
        )}
      </ol>
      {teams ? (
        restTeams.length > 0 ? (
          <section className="end-rest" aria-label={t("presenter.end.teamRest")}>
            <TeamRows teams={restTeams} />
          </section>
        ) : null
      ) : restPlayers.length > 0 ? (
        <section className="end-rest" aria-label={t("presenter.end.rest")} data-page={shown + 1} data-pages={pages.length}>
          <div className={`ranking-columns cols-${rest.length > END_COLUMN ? 3 : 1}`}>
            {columnsOf(restPlayers, END_COLUMN).map((col, i) => (
              <PlayerRows key={i} lines={col} showQuestion={false} markerSize={44} />
            ))}
          </div>
        </section>
      ) : null}
      <div className="end-actions">
        <EndFooter
          pageLabel={!teams && pages.length > 1 ? pageLabel(t, restPlayers, shown, pages.length) : null}
          missing={missing}
          error={error}
          actions={actions}
        />
      </div>
    </div>
  );
}

/** The end screens' lines in pages of END_LAYOUT that turn by themselves and go round. */
function useEndPages<T>(lines: readonly T[]) {
  const pages = pageRanges(lines.length, END_LAYOUT);
  const [page, setPage] = useState(0);
  const shown = clampPage(page, pages.length);
  useEffect(() => {
    if (pages.length <= 1) return;
    const id = window.setTimeout(() => setPage(afterEndPage(shown, pages.length)), END_PAGE_MS);
    return () => window.clearTimeout(id);
  }, [shown, pages.length]);
  const range = pages[shown] ?? { from: 0, to: 0 };
  return { pages, shown, rows: lines.slice(range.from, range.to) };
}

/** 'Rangs 4 à 33 · page 1/3' under an end screen's list. */
function pageLabel(t: Translate, rows: readonly RankedPlayer[], shown: number, pages: number): string | null {
  const range = rangeLabel(rows);
  return range ? t("presenter.end.page", { range: t(range), page: shown + 1, pages }) : null;
}

/** Under an end screen's list: which page, how many the socket's top left out, the error, the buttons. */
function EndFooter({
  pageLabel,
  missing,
  error,
  actions,
}: {
  pageLabel: string | null;
  missing: number;
  error?: string | null;
  actions: React.ReactNode;
}) {
  const t = useT();
  return (
    <>
      {pageLabel ? (
        <p className="end-page" data-testid="end-page">
          {pageLabel}
        </p>
      ) : null}
      {missing > 0 ? <p className="end-page">{t("presenter.missingPlayers", { n: missing })}</p> : null}
      {error ? (
        <p className="pres-error" role="alert">
          {error}
        </p>
      ) : null}
      {actions}
    </>
  );
}

function playerStep(l: RankedPlayer): Step {
  return {
    rank: l.rank,
    key: l.seatId,
    name: l.pseudo,
    points: l.points,
    picture: <PlayerMarker marker={l.marker} pseudo={l.pseudo} size={l.rank === 1 ? 150 : 120} className={`podium-marker podium-marker-${l.rank}`} />,
  };
}

function teamStep(t: Translate, team: RankedTeam): Step {
  return {
    rank: team.rank,
    key: team.team,
    name: t(teamWords(team.team)),
    points: team.points,
    detail: team.players.length ? team.players.join(", ") : undefined,
    picture: (
      <span className="podium-team" style={{ background: colorHex(team.team), color: inkOn(team.team) }} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="64" height="64" focusable="false">
          <path d="M6 3v18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          <path d="M7 4h11l-3 4 3 4H7z" fill="currentColor" />
        </svg>
      </span>
    ),
  };
}
