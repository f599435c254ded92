import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { DEFAULT_OPTIONS, launchParams, type LaunchOptions } from "@common/rules";
import type { RoundQuiz } from "@common/presenter/types";
import { LaunchOptionsFields } from "~/components/LaunchOptionsFields";

/**
 * « Autre quiz »: one of the account's quizzes (the admin's: all) with its launch options, the
 * same fields as a launch from the dashboard. The form posts the launch query's fields, which the
 * server reads exactly like a launch (parseLaunchSettings).
 */
export function RoundPicker({
  room,
  quizzes,
  busy,
  onClose,
}: {
  room: string;
  quizzes: RoundQuiz[];
  busy: boolean;
  onClose: () => void;
}) {
  const [quiz, setQuiz] = useState(() => quizzes.find((q) => !q.current)?.ref ?? quizzes[0]?.ref ?? "");
  const [options, setOptions] = useState<LaunchOptions>(DEFAULT_OPTIONS);
  const title = useId();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>("input:checked, button")?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <div className="round-picker-backdrop">
      <div className="round-picker" role="dialog" aria-modal="true" aria-labelledby={title} ref={dialog}>
        <Form method="post" className="round-picker-form">
          <h2 id={title} className="round-picker-title">
            Autre quiz
          </h2>
          {quizzes.length === 0 ? (
            <p className="round-picker-empty">Aucun quiz prêt à jouer sur ce compte.</p>
          ) : (
            <fieldset className="round-quizzes">
              <legend className="sr-only">Quiz de la prochaine manche</legend>
              {quizzes.map((q) => (
                <label key={q.ref} className={`round-quiz${q.ref === quiz ? " is-chosen" : ""}`}>
                  <input type="radio" name="quiz" value={q.ref} checked={q.ref === quiz} onChange={() => setQuiz(q.ref)} />
                  <span className="round-quiz-name">{q.name}</span>
                  <span className="round-quiz-count">
                    {q.questionCount} question{q.questionCount > 1 ? "s" : ""}
                    {q.current ? " · quiz de cette manche" : ""}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <LaunchOptionsFields
            options={options}
            onChange={setOptions}
            legend="Options de la prochaine manche"
            streetViewQuestions={quizzes.find((q) => q.ref === quiz)?.streetViewQuestions}
          />
          <input type="hidden" name="intent" value="round" />
          <input type="hidden" name="room" value={room} />
          <input type="hidden" name="mode" value={options.mode} />
          {launchParams(options).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="round-picker-actions">
            <button type="button" className="pres-button pres-button-ghost" onClick={onClose}>
              Annuler
            </button>
            <button type="submit" className="pres-button pres-button-go" disabled={busy || !quiz}>
              Lancer la manche
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}
