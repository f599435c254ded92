import { Form } from "@remix-run/react";
import { useId, useRef, useState } from "react";
import { DEFAULT_OPTIONS, launchParams, type LaunchOptions } from "@common/rules";
import type { RoundQuiz } from "@common/contracts/presenter/types";
import { useLocale, useT } from "~/components/I18n";
import { LaunchOptionsFields } from "~/components/LaunchOptionsFields";
import { useModal } from "~/components/modal";

/**
 * « Autre quiz »: one of the account's quizzes (the admin's: all) with its launch options, the
 * same fields as a launch from the dashboard, the night's language first chosen. The form posts
 * the launch query's fields, which the server reads exactly like a launch (parseLaunchSettings).
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
  const t = useT();
  const night = useLocale();
  const [options, setOptions] = useState<LaunchOptions>(() => ({ ...DEFAULT_OPTIONS, locale: night }));
  const title = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  // The keyboard starts on the chosen quiz (with none to choose, on « Annuler »), stays in the
  // dialog, and goes back to « Autre quiz » when it closes.
  const chosen = useRef<HTMLInputElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useModal(dialog, quizzes.length > 0 ? chosen : cancel);

  return (
    <dialog
      className="round-picker"
      aria-labelledby={title}
      ref={dialog}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <Form method="post" className="round-picker-form">
        <h2 id={title} className="round-picker-title">
          {t("presenter.end.otherQuiz")}
        </h2>
        {quizzes.length === 0 ? (
          <p className="round-picker-empty">{t("presenter.round.none")}</p>
        ) : (
          <fieldset className="round-quizzes">
            <legend className="sr-only">{t("presenter.round.quizzes")}</legend>
            {quizzes.map((q) => (
              <label key={q.ref} className={`round-quiz${q.ref === quiz ? " is-chosen" : ""}`}>
                <input
                  type="radio"
                  name="quiz"
                  value={q.ref}
                  checked={q.ref === quiz}
                  onChange={() => setQuiz(q.ref)}
                  ref={q.ref === quiz ? chosen : undefined}
                />
                <span className="round-quiz-name">{q.name}</span>
                <span className="round-quiz-count">
                  {t("presenter.round.count", { n: q.questionCount, current: q.current ? "yes" : "no" })}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <LaunchOptionsFields
          options={options}
          onChange={setOptions}
          legend={t("presenter.round.options")}
          streetViewQuestions={quizzes.find((q) => q.ref === quiz)?.streetViewQuestions}
        />
        <input type="hidden" name="intent" value="round" />
        <input type="hidden" name="room" value={room} />
        <input type="hidden" name="mode" value={options.mode} />
        {launchParams(options).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="round-picker-actions">
          <button type="button" className="pres-button pres-button-ghost" onClick={onClose} ref={cancel}>
            {t("presenter.cancel")}
          </button>
          <button type="submit" className="pres-button pres-button-go" disabled={busy || !quiz}>
            {t("presenter.round.submit")}
          </button>
        </div>
      </Form>
    </dialog>
  );
}
