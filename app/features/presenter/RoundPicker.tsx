import { Form } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { DEFAULT_OPTIONS, launchParams, type LaunchOptions } from "@common/rules";
import type { RoundQuiz } from "@common/contracts/presenter/types";
import { useLocale, useT } from "~/components/I18n";
import { LaunchOptionsFields } from "~/components/LaunchOptionsFields";
import { useFocusReturn } from "~/components/modal";

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
  const dialog = useRef<HTMLDivElement>(null);
  // The keyboard starts in the dialog, once, and stays in it (Tab goes round); Escape closes it,
  // and the keyboard goes back to the button that opened it.
  useFocusReturn();
  useEffect(() => {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector
    dialog.current?.querySelector<HTMLElement>("input:checked, button")?.focus();
  }, []);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close.current();
      if (e.key === "Tab" && dialog.current) keepTabIn(dialog.current, e);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className="round-picker-backdrop">
      <div className="round-picker" role="dialog" aria-modal="true" aria-labelledby={title} ref={dialog}>
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
                  <input type="radio" name="quiz" value={q.ref} checked={q.ref === quiz} onChange={() => setQuiz(q.ref)} />
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
            <button type="button" className="pres-button pres-button-ghost" onClick={onClose}>
              {t("presenter.cancel")}
            </button>
            <button type="submit" className="pres-button pres-button-go" disabled={busy || !quiz}>
              {t("presenter.round.submit")}
            </button>
          </div>
        </Form>
      </div>
    </div>
  );
}

// eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector
const TAB_STOPS = "input:not([type=hidden]):not(:disabled), select, button:not(:disabled)";

/** Tab past the dialog's last control comes back to its first, Shift+Tab the other way round. */
function keepTabIn(box: HTMLElement, e: KeyboardEvent) {
  // A group of radios is one stop: its checked one.
  const controls = [...box.querySelectorAll<HTMLElement>(TAB_STOPS)].filter(
    (el) => !(el instanceof HTMLInputElement && el.type === "radio" && !el.checked),
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const at = document.activeElement;
  if (e.shiftKey ? at === first || !box.contains(at) : at === last || !box.contains(at)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}
