import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { MessageId } from "@common/i18n/ids";
import { MapStep } from "./MapStep";
import { QuestionsStep } from "./QuestionsStep";
import type { WizardQuestion, WizardQuiz } from "@common/contracts/wizard/types";
import { TitleStep } from "./TitleStep";
import { TestMapNotice } from "~/features/map/TestMapNotice";
import { BrandName } from "~/components/BrandName";
import { useT } from "~/components/I18n";

type WizardProps = {
  mode: "create" | "edit";
  quiz: WizardQuiz | null;
  questions: WizardQuestion[];
  folderId: number | null;
  /** The dashboard the wizard closes to. */
  backTo: string;
};

type Step = 1 | 2 | 3;
const STEPS: { n: Step; label: MessageId }[] = [
  { n: 1, label: "wizard.step.title" },
  { n: 2, label: "wizard.step.questions" },
  { n: 3, label: "wizard.step.map" },
];

/**
 * The quiz creation wizard (docs/game-rules.md, Building a quiz): title -> questions -> map setup
 * -> close. In edit mode it opens at the questions step, and 'Annuler' never deletes anything. Once
 * the quiz exists, every step can be reopened from the header (the title to rename it, the map only
 * with a question). A step that opens takes the focus on its first heading, so a keyboard or a
 * screen reader goes on from there rather than from the top of the page.
 */
export function Wizard({ mode, quiz: initialQuiz, questions: initialQuestions, folderId, backTo }: WizardProps) {
  const [quiz, setQuiz] = useState<WizardQuiz | null>(initialQuiz);
  const [questions, setQuestions] = useState<WizardQuestion[]>(initialQuestions);
  const [step, setStep] = useState<Step>(mode === "edit" ? 2 : 1);
  const t = useT();
  const main = useRef<HTMLElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    main.current?.querySelector<HTMLElement>("h2")?.focus();
  }, [step]);

  const heading = t(mode === "edit" ? "wizard.heading.edit" : "wizard.heading.create");
  const reachable = (n: Step) => n !== step && quiz !== null && (n !== 3 || questions.length > 0);

  return (
    <div className="page wizard" data-step={step}>
      <header className="wz-header">
        <div className="wz-title">
          <Link to={backTo} className="wz-brand" aria-label={t("wizard.brandBack")}>
            <BrandName />
          </Link>
          <div>
            <h1>{heading}</h1>
            {quiz ? <p className="wz-quiz-name">{quiz.name}</p> : null}
          </div>
        </div>
        <ol className="wz-steps" aria-label={t("wizard.steps")}>
          {STEPS.map((s) => {
            const content = (
              <>
                <span className="wz-step-n" aria-hidden="true">
                  {s.n}
                </span>
                {t(s.label)}
              </>
            );
            return (
              <li
                key={s.n}
                className={s.n === step ? "is-current" : s.n < step ? "is-done" : ""}
                aria-current={s.n === step ? "step" : undefined}
              >
                {reachable(s.n) ? (
                  <button type="button" className="wz-step-button" onClick={() => setStep(s.n)}>
                    {content}
                  </button>
                ) : (
                  content
                )}
              </li>
            );
          })}
        </ol>
        <CancelButton mode={mode} quiz={quiz} backTo={backTo} />
      </header>

      <main className="wz-main" ref={main}>
        <TestMapNotice className="wz-test-map" />
        {step === 1 ? (
          <TitleStep
            quiz={quiz}
            folderId={folderId}
            onDone={(saved) => {
              setQuiz(saved);
              setStep(2);
            }}
          />
        ) : null}
        {step === 2 && quiz ? (
          <QuestionsStep quiz={quiz.uniqueName} questions={questions} setQuestions={setQuestions} onNext={() => setStep(3)} />
        ) : null}
        {step === 3 && quiz ? (
          <MapStep
            quiz={quiz.uniqueName}
            questions={questions}
            initial={quiz.mapSettings}
            backTo={backTo}
            onBack={() => setStep(2)}
          />
        ) : null}
      </main>
    </div>
  );
}

/**
 * 'Annuler': a quiz this wizard created is deleted (a POST, so it works without
 * JavaScript too); otherwise it only goes back to the dashboard.
 */
function CancelButton({ mode, quiz, backTo }: { mode: WizardProps["mode"]; quiz: WizardQuiz | null; backTo: string }) {
  const t = useT();
  if (mode === "create" && quiz) {
    return (
      <Form method="post" action="/quiz/new" className="wz-cancel">
        <input type="hidden" name="intent" value="discard" />
        <input type="hidden" name="quiz" value={quiz.uniqueName} />
        <button type="submit" className="button button-secondary">
          {t("wizard.cancel")}
        </button>
      </Form>
    );
  }
  return (
    <Link to={backTo} className="button button-secondary wz-cancel">
      {t("wizard.cancel")}
    </Link>
  );
}
