import { useEffect, useMemo, useState } from "react";
import type { DefiInfo, DefiMe, DefiQuestion } from "@common/contracts/defi/types";
import type { Words } from "@common/i18n/ids";
import type { LatLng } from "@common/wire/protocol";
import { QUESTION_TICK_MS, type PlayerTiming } from "@common/rules";
import { useT } from "~/components/I18n";
import type { MapMarker } from "~/features/map/types";
import { markerUrl } from "~/features/player/Common";
import { PhotoThenMap } from "~/features/player/PhotoThenMap";
import { remainingMs, spokenSecondsLeft, type QuestionClock } from "~/features/player/progress";
import { ProgressBar } from "~/features/player/ProgressBar";
import { AnswerControls, QuestionRow } from "~/features/player/QuestionParts";
import { useTimeUp } from "~/features/player/useTimeUp";

/**
 * A défi's question on the phone: its photo, the map a tap away, and above them what the
 * player's clock is: the speed points still to win (as in a live game), or, when speed points do
 * not count for them (adapted time without them), the seconds left; with no limit at all, that
 * the question waits for them. `clock` is null without a limit.
 */
export function QuestionView({
  defi,
  me,
  question,
  clock,
  timing,
  busy,
  notice,
  onAnswer,
  onTimeUp,
}: {
  defi: DefiInfo;
  me: DefiMe;
  question: DefiQuestion;
  clock: QuestionClock | null;
  timing: PlayerTiming;
  busy: boolean;
  notice: Words | null;
  onAnswer: (at: LatLng) => void;
  onTimeUp: () => void;
}) {
  const t = useT();
  const [tap, setTap] = useState<LatLng | null>(null);
  const [timeUp, setTimeUp] = useState(false);
  useEffect(() => {
    if (!timeUp) return;
    // The server decides: the missed question's reveal, once its clock agrees the time is up.
    const id = setTimeout(onTimeUp, 400);
    return () => clearTimeout(id);
  }, [timeUp, onTimeUp]);
  const markers = useMemo<MapMarker[]>(() => (tap ? [{ id: "me", position: tap, iconUrl: markerUrl(me.marker) }] : []), [tap, me.marker]);
  const label = t("player.question.label", { n: question.index + 1, count: defi.questionCount });
  return (
    <PhotoThenMap
      label={label}
      media={{ photoUrl: question.photoUrl, streetview: null, title: label }}
      map={{
        bounds: defi.mapSettings.bounds,
        center: defi.mapSettings.center,
        zoom: defi.mapSettings.zoom,
        restrict: true,
        markers,
        helpZone: question.help,
        onMapClick: busy || timeUp ? undefined : setTap,
        // Enter on the map, once the marker stands at its crosshair: the same answer as the button.
        onConfirm: busy || timeUp ? undefined : () => tap && onAnswer(tap),
        ariaLabel: t("player.question.mapLabel"),
      }}
      header={
        <>
          <QuestionRow index={question.index} count={defi.questionCount} pseudo={me.name} marker={me.marker} />
          {clock ? <TimeUpWatch clock={clock} onChange={setTimeUp} /> : null}
          {!clock ? (
            <p className="df-nolimit">{t("defi.play.noLimitBar")}</p>
          ) : timing.speedPointsMax > 0 ? (
            <ProgressBar clock={clock} speedPointsMax={timing.speedPointsMax} />
          ) : (
            <TimeLeftBar clock={clock} />
          )}
        </>
      }
      answer={<AnswerControls notice={notice} tapped={tap !== null} timeUp={timeUp} sending={busy} onAnswer={() => tap && onAnswer(tap)} />}
    />
  );
}

/** Tells the question when its time is up on the local clock (useTimeUp). */
function TimeUpWatch({ clock, onChange }: { clock: QuestionClock; onChange: (up: boolean) => void }) {
  const up = useTimeUp(clock);
  useEffect(() => onChange(up), [up, onChange]);
  return null;
}

/**
 * The time left when speed points do not count for the player: seconds rather than points, on a
 * bar that empties, said to a screen reader at 10 s and 5 s like the points' bar.
 */
function TimeLeftBar({ clock }: { clock: QuestionClock }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), QUESTION_TICK_MS);
    return () => clearInterval(id);
  }, []);
  const left = remainingMs(clock, now);
  const text = left <= 0 ? t("player.question.timeUp") : t("defi.play.secondsLeft", { n: Math.ceil(left / 1000) });
  const spoken = spokenSecondsLeft(clock, now);
  return (
    <div className="df-timer">
      <progress className="df-timer-bar" max={clock.totalMs} value={left} aria-label={t("defi.play.timeLabel")} aria-valuetext={text} />
      <span className="df-timer-text" data-testid="time-left" aria-hidden="true">
        {text}
      </span>
      <span className="sr-only" aria-live="polite">
        {left <= 0 ? t("player.question.timeUp") : spoken ? t("player.question.secondsLeft", { n: spoken }) : ""}
      </span>
    </div>
  );
}
