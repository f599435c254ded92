// The question's bar of speed points still to win, redrawn on its own tick so that the screen
// around it (and its map) does not render again ten times a second.
import { useEffect, useState } from "react";
import { QUESTION_TICK_MS } from "@common/rules";
import { useT } from "~/components/I18n";
import { useFormats } from "./format";
import { progressAt, spokenSecondsLeft, type QuestionClock } from "./progress";

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
