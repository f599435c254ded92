import { useEffect, useMemo, useState } from "react";
import type { Bounds, LatLng, PhoneMedia } from "@common/wire/protocol";
import { GameMap } from "~/features/map/GameMap";
import type { GameMapProps, MapMarker } from "~/features/map/types";
import type { Words } from "@common/i18n/ids";
import { useT } from "~/components/I18n";
import { useFormats } from "./format";
import type { Me } from "./play-state";
import { QUESTION_TICK_MS } from "@common/rules";
import { progressAt, spokenSecondsLeft, type QuestionClock } from "./progress";
import { PseudoBadge, markerUrl } from "./Common";
import { PhotoThenMap, type QuestionMedia } from "./PhotoThenMap";

type Props = {
  me: Me;
  questionIndex: number;
  questionCount: number;
  clock: QuestionClock;
  help: Bounds | null;
  /** The question's photo or view, when the game shows it on the phones; null: the map alone. */
  media: PhoneMedia | null;
  tap: LatLng | null;
  sending: boolean;
  notice: Words | null;
  onTap: (coords: LatLng) => void;
  onAnswer: () => void;
};

/**
 * The question screen (docs/game-rules.md, Phone screens): the full-screen map, points still to win
 * on top, 'Répondre' after a tap. A game that shows the photos on the phones puts the question's
 * photo (or Street View view) first, with the same map one tap away.
 */
export function QuestionScreen({
  me,
  questionIndex,
  questionCount,
  clock,
  help,
  media,
  tap,
  sending,
  notice,
  onTap,
  onAnswer,
}: Props) {
  const t = useT();
  const timeUp = useTimeUp(clock);
  // Below the map: the map's keyboard help (never over its crosshair, however small the map).
  const [helpSlot, setHelpSlot] = useState<HTMLElement | null>(null);
  // The map only re-renders when the marker moves, not at every tick of the bar.
  const markers = useMemo<MapMarker[]>(
    () => (tap ? [{ id: "me", position: tap, iconUrl: markerUrl(me.marker) }] : []),
    [tap, me.marker]
  );
  const label = t("player.question.label", { n: questionIndex + 1, count: questionCount });
  const map: GameMapProps = {
    bounds: me.mapSettings.bounds,
    center: me.mapSettings.center,
    zoom: me.mapSettings.zoom,
    restrict: true,
    markers,
    helpZone: help,
    onMapClick: sending ? undefined : onTap,
    // Enter on the map, once the marker stands at its crosshair: the same « Répondre » as a tap.
    onConfirm: sending || timeUp ? undefined : onAnswer,
    ariaLabel: t("player.question.mapLabel"),
  };
  const header = (
    <>
      <QuestionRow index={questionIndex} count={questionCount} pseudo={me.pseudo} marker={me.marker} />
      {/* The time left is said by the page's one live region (PlayerGame). */}
      <ProgressBar clock={clock} speedPointsMax={me.scoring.speedPointsMax} speaksTime={false} />
    </>
  );
  const answer = <AnswerControls notice={notice} tapped={tap !== null} timeUp={timeUp} sending={sending} onAnswer={onAnswer} />;

  if (media) {
    // Keyed by question: each one opens on its photo.
    return (
      <PhotoThenMap
        key={questionIndex}
        label={label}
        media={shownMedia(media, label)}
        map={map}
        header={header}
        answer={answer}
      />
    );
  }
  return (
    <main className="pl-question" aria-label={label}>
      <header className="pl-qbar">{header}</header>
      <div className="pl-map">
        {/* Not keyed by question: one map for the whole game (Google bills each one built). */}
        <GameMap {...map} helpSlot={helpSlot} />
        <div className="pl-answer-zone">{answer}</div>
      </div>
      <div className="pl-map-help" ref={setHelpSlot} />
    </main>
  );
}

/** The room's media as PhotoThenMap shows it; `title` names the question, never its answer. */
function shownMedia(media: PhoneMedia, title: string): QuestionMedia {
  if (media.kind === "photo") return { photoUrl: media.url, streetview: null, title };
  const sv = media.streetview;
  return {
    photoUrl: null,
    streetview: { pano: sv.panoId, lat: sv.lat, lng: sv.lng, heading: sv.heading, pitch: sv.pitch, fov: sv.fov },
    title,
  };
}

/** Over the map: why an answer failed, « Répondre » once the map was tapped, or the hint to tap it. */
/** Atop a question (and a défi's reveal): its number and the player's badge. */
export function QuestionRow({ index, count, pseudo, marker }: { index: number; count: number; pseudo: string; marker: string }) {
  const t = useT();
  return (
    <div className="pl-qbar-row">
      <p className="pl-qnum">{t("player.questionNumber", { n: index + 1, count })}</p>
      <PseudoBadge pseudo={pseudo} marker={marker} />
    </div>
  );
}

export function AnswerControls({
  notice,
  tapped,
  timeUp,
  sending,
  onAnswer,
}: {
  notice: Words | null;
  tapped: boolean;
  timeUp: boolean;
  sending: boolean;
  onAnswer: () => void;
}) {
  const t = useT();
  return (
    <>
      {notice ? (
        <p className="pl-notice" role="alert">
          {t(notice)}
        </p>
      ) : null}
      {tapped && !timeUp ? (
        <button type="button" className="button pl-answer" onClick={onAnswer} disabled={sending}>
          {sending ? t("player.question.sending") : t("player.question.answer")}
        </button>
      ) : !tapped && !timeUp ? (
        <p className="pl-tap-hint">{t("player.question.tapHint")}</p>
      ) : null}
    </>
  );
}

/**
 * Points of speed still to win, redrawn every 100 ms, 1 decimal (docs/game-rules.md, Timings).
 * `speaksTime`: the bar says the time left itself, in a live region of its own; a screen whose
 * one live region says it already (a night's phone) turns that off.
 */
export function ProgressBar({ clock, speedPointsMax, speaksTime = true }: { clock: QuestionClock; speedPointsMax: number; speaksTime?: boolean }) {
  const t = useT();
  const f = useFormats();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), QUESTION_TICK_MS);
    return () => clearInterval(id);
  }, []);
  const progress = progressAt(clock, speedPointsMax, now);
  const text = progress.timeUp
    ? t("player.question.timeUp")
    : t("player.question.toWin", { points: f.points(progress.points, 1) });
  const spoken = spokenSecondsLeft(clock, now);
  return (
    <>
      <div
        className="pl-progress"
        role="progressbar"
        aria-label={t("player.question.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={speedPointsMax}
        aria-valuenow={Math.round(progress.points * 10) / 10}
        aria-valuetext={text}
      >
        <span className="pl-progress-fill" style={{ width: `${(progress.fraction * 100).toFixed(2)}%` }} />
        <span className="pl-progress-text" data-testid="points-left">
          {text}
        </span>
      </div>
      {clock.extended ? <p className="pl-extra-time">{t("player.question.extraTimeMark")}</p> : null}
      {/* The time left, said twice near the end (and once when it is up), never at every tick. */}
      {speaksTime ? (
        <p className="sr-only" aria-live="polite" data-testid="time-spoken">
          {progress.timeUp ? t("player.question.timeUp") : spoken ? t("player.question.secondsLeft", { n: spoken }) : ""}
        </p>
      ) : null}
    </>
  );
}

/** True once the room's deadline has passed on the local clock; re-checked when it is due. */
export function useTimeUp(clock: QuestionClock): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = clock.deadlineAt - Date.now();
    if (left <= 0) return;
    const id = setTimeout(() => setNow(Date.now()), left + 20);
    return () => clearTimeout(id);
  }, [clock.deadlineAt, now]);
  return progressAt(clock, 1, now).timeUp;
}
