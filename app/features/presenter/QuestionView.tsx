import { useEffect, useMemo, useRef, useState } from "react";
import type { RoomPlayer } from "@common/wire/room-messages";
import { AXIS_SLOTS, layoutAxis } from "./answer-axis";
import { QUESTION_TICK_MS, WARNING_BEFORE_MS } from "@common/rules";
import { formatSeconds } from "@common/i18n/format";
import { RichText, useLocale, useT } from "~/components/I18n";
import { crossesWarning, questionProgress } from "./countdown";
import { formatPoints1 } from "./format";
import type { QuestionView as Question } from "./screen-state";
import { PlayerMarker } from "./PlayerMarker";
import { QuestionMedia } from "./QuestionMedia";
import { ExtraTimeDialog } from "./ExtraTimeDialog";
import type { Roster } from "./roster";
import { useNow } from "./useNow";

const AXIS_ROWS = 3;

/**
 * A question running (docs/game-rules.md, Presenter steps): 'Question n/N', the picture large, the
 * countdown bar and the points still to win (refreshed every 100 ms), 'N/M ont répondu', and the
 * players' markers along the answer-time axis as they answer. Calls `onWarning` 10 s before the
 * end. « Temps adapté » gives a player more time (ExtraTimeDialog); the seats that have it are
 * listed with the time left to each.
 */
export function QuestionView({
  question,
  speedPointsMax,
  onWarning,
  players,
  onExtraTime,
}: {
  question: Question;
  speedPointsMax: number;
  onWarning: () => void;
  players: Roster;
  onExtraTime: (player: RoomPlayer) => void;
}) {
  const t = useT();
  const locale = useLocale();
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
  const seconds = (sec: number) => formatSeconds(locale, sec * 1000, Number.isInteger(sec) ? 0 : 1);
  const [picking, setPicking] = useState(false);
  const closePicker = () => setPicking(false);
  const answered = useMemo(() => new Set(question.answers.map((a) => a.seatId)), [question.answers]);
  const waiting = question.extraTime.filter((x) => !answered.has(x.seatId));

  return (
    <div className="pres-question">
      <header className="question-bar">
        <QuestionNumber index={question.index} count={question.count} />
        <p className={`question-points${urgent ? " is-urgent" : ""}`} aria-live="off">
          <RichText
            id="presenter.question.pointsLeft"
            values={{ points: formatPoints1(progress.points, locale) }}
            components={{ 0: <span className="question-points-value" data-testid="points-left" />, 1: <span className="question-points-unit" /> }}
          />
          <span className="question-seconds">{seconds(progress.seconds)}</span>
        </p>
        <Answered answered={question.answeredCount} expected={question.expectedCount} />
      </header>
      <div
        className={`countdown${urgent ? " is-urgent" : ""}`}
        role="progressbar"
        aria-label={t("presenter.question.timeLeft")}
        aria-valuemin={0}
        aria-valuemax={totalSec}
        aria-valuenow={progress.seconds}
      >
        <div className="countdown-fill" style={{ transform: `scaleX(${progress.fraction})` }} />
      </div>
      <div className="question-extra">
        <button type="button" className="pres-button pres-button-ghost question-extra-open" onClick={() => setPicking(true)}>
          {t("presenter.extraTime.open")}
        </button>
        {/* Who the results wait for: each seat given more time, until it answers. */}
        <ul className="question-extra-list" aria-live="off">
          {waiting.map((x) => (
            <li key={x.seatId}>
              {t("presenter.extraTime.waiting", { pseudo: x.pseudo, seconds: formatSeconds(locale, Math.ceil(Math.max(0, x.deadline - now) / 1000) * 1000, 0) })}
            </li>
          ))}
        </ul>
      </div>
      <div className="question-media">
        <QuestionMedia question={question.question} index={question.index} />
      </div>
      <section className="answer-axis" aria-label={t("presenter.question.axis")}>
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
          <span>{seconds(0)}</span>
          <span>{seconds(totalSec / 2)}</span>
          <span>{seconds(totalSec)}</span>
        </div>
      </section>
      {picking ? (
        <ExtraTimeDialog
          players={players}
          answered={answered}
          given={new Set(question.extraTime.map((x) => x.seatId))}
          onGive={(p) => {
            onExtraTime(p);
            closePicker();
          }}
          onClose={closePicker}
        />
      ) : null}
    </div>
  );
}

/** 'Question 2/5': the bars of the question, the results map and the ranking. */
export function QuestionNumber({ index, count }: { index: number; count: number }) {
  return (
    <p className="question-number">
      <RichText id="presenter.questionNumber" values={{ n: index + 1, count }} components={{ 0: <strong /> }} />
    </p>
  );
}

/** 'N/M ont répondu', said politely as answers arrive. */
export function Answered({ answered, expected, live = true }: { answered: number; expected: number; live?: boolean }) {
  return (
    <p className="question-answered" aria-live={live ? "polite" : undefined} data-testid="answered">
      <RichText id="presenter.answered" values={{ answered, expected }} components={{ 0: <strong /> }} />
    </p>
  );
}
