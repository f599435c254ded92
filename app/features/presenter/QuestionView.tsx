import { useEffect, useMemo, useRef } from "react";
import { AXIS_SLOTS, layoutAxis } from "./answer-axis";
import { QUESTION_TICK_MS, WARNING_BEFORE_MS } from "@common/rules";
import { crossesWarning, questionProgress } from "./countdown";
import { formatPoints1 } from "./format";
import type { QuestionView as Question } from "./screen-state";
import { PlayerMarker } from "./PlayerMarker";
import { QuestionMedia } from "./QuestionMedia";
import { useNow } from "./useNow";

const AXIS_ROWS = 3;

/**
 * A question running (docs/game-rules.md, Presenter steps): 'Question n/N', the picture large, the
 * countdown bar and the points still to win (refreshed every 100 ms), 'N/M ont répondu', and the
 * players' markers along the answer-time axis as they answer. Calls `onWarning` 10 s before the
 * end.
 */
export function QuestionView({
  question,
  speedPointsMax,
  onWarning,
}: {
  question: Question;
  speedPointsMax: number;
  onWarning: () => void;
}) {
  const now = useNow(QUESTION_TICK_MS);
  const remaining = Math.max(0, question.deadline - now);
  const progress = questionProgress(remaining, question.answerTimeMs, speedPointsMax);

  const previous = useRef<{ index: number; remaining: number } | null>(null);
  useEffect(() => {
    const prev = previous.current?.index === question.index ? previous.current.remaining : null;
    if (crossesWarning(prev, remaining)) onWarning();
    previous.current = { index: question.index, remaining };
  }, [question.index, remaining, onWarning]);

  // Laid out when answers arrive, not at every tick of the countdown (2,000 answers to sort).
  const axis = useMemo(() => layoutAxis(question.answers, question.answerTimeMs, AXIS_ROWS), [question.answers, question.answerTimeMs]);
  const urgent = remaining <= WARNING_BEFORE_MS;
  const totalSec = Math.round(question.answerTimeMs / 1000);

  return (
    <div className="pres-question">
      <header className="question-bar">
        <p className="question-number">
          Question <strong>{question.index + 1}</strong>/{question.count}
        </p>
        <p className={`question-points${urgent ? " is-urgent" : ""}`} aria-live="off">
          <span className="question-points-value" data-testid="points-left">
            {formatPoints1(progress.points)}
          </span>{" "}
          <span className="question-points-unit">pts à gagner</span>
          <span className="question-seconds">{progress.seconds} s</span>
        </p>
        <p className="question-answered" aria-live="polite" data-testid="answered">
          <strong>{question.answeredCount}</strong>/{question.expectedCount} ont répondu
        </p>
      </header>
      <div
        className={`countdown${urgent ? " is-urgent" : ""}`}
        role="progressbar"
        aria-label="Temps restant"
        aria-valuemin={0}
        aria-valuemax={totalSec}
        aria-valuenow={progress.seconds}
      >
        <div className="countdown-fill" style={{ transform: `scaleX(${progress.fraction})` }} />
      </div>
      <div className="question-media">
        <QuestionMedia question={question.question} index={question.index} />
      </div>
      <section className="answer-axis" aria-label="Temps de réponse des joueurs">
        <ol className="answer-slots" style={{ gridTemplateColumns: `repeat(${AXIS_SLOTS}, minmax(0, 1fr))` }}>
          {Array.from({ length: AXIS_SLOTS }, (_, slot) => {
            const here = axis.items.filter((i) => i.slot === slot);
            const more = axis.overflow[slot] ?? 0;
            return (
              <li key={slot} className="answer-slot">
                {more > 0 ? <span className="answer-more">+{more}</span> : null}
                {[...here].reverse().map((i) => (
                  <span key={i.seatId} className="answer-marker" title={i.pseudo}>
                    <PlayerMarker marker={i.marker} pseudo={i.pseudo} size={46} />
                    <span className="sr-only">{i.pseudo}</span>
                  </span>
                ))}
              </li>
            );
          })}
        </ol>
        <div className="answer-scale" aria-hidden="true">
          <span>0 s</span>
          <span>{(totalSec / 2).toLocaleString("fr-FR")} s</span>
          <span>{totalSec} s</span>
        </div>
      </section>
    </div>
  );
}
