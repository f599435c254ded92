import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { MapSettings } from "@db/schema";
import { MapStep } from "./MapStep";
import { QuestionsStep } from "./QuestionsStep";
import type { WizardQuestion } from "@common/wizard/types";
import { TitleStep } from "./TitleStep";
import { TestMapNotice } from "~/features/map/TestMapNotice";

export type WizardQuiz = {
  uniqueName: string;
  name: string;
  description: string;
  mapSettings: MapSettings | null;
};

export type WizardProps = {
  mode: "create" | "edit";
  quiz: WizardQuiz | null;
  questions: WizardQuestion[];
  folderId: number | null;
  /** The dashboard the wizard closes to. */
  backTo: string;
};

type Step = 1 | 2 | 3;
const STEPS: { n: Step; label: string }[] = [
  { n: 1, label: "Titre" },
  { n: 2, label: "Questions" },
  { n: 3, label: "Carte" },
];

/**
 * The quiz creation wizard (spec §2, §4): title -> questions -> map setup -> close. In edit mode
 * it opens at the questions step, and 'Annuler' never deletes anything.
 */
export function Wizard({ mode, quiz: initialQuiz, questions: initialQuestions, folderId, backTo }: WizardProps) {
  const [quiz, setQuiz] = useState<WizardQuiz | null>(initialQuiz);
  const [questions, setQuestions] = useState<WizardQuestion[]>(initialQuestions);
  const [step, setStep] = useState<Step>(mode === "edit" ? 2 : 1);

  const heading = mode === "edit" ? "Modifier le quiz" : "Nouveau quiz";

  return (
    <div className="page wizard" data-step={step}>
      <header className="wz-header">
        <div className="wz-title">
          <Link to={backTo} className="wz-brand" aria-label="Repère, retour au tableau de bord">
            Rep<span className="brand-pin">è</span>re
          </Link>
          <div>
            <h1>{heading}</h1>
            {quiz ? <p className="wz-quiz-name">{quiz.name}</p> : null}
          </div>
        </div>
        <ol className="wz-steps" aria-label="Étapes">
          {STEPS.filter((s) => mode === "create" || s.n !== 1).map((s) => (
            <li
              key={s.n}
              className={s.n === step ? "is-current" : s.n < step ? "is-done" : ""}
              aria-current={s.n === step ? "step" : undefined}
            >
              <span className="wz-step-n" aria-hidden="true">
                {mode === "edit" ? s.n - 1 : s.n}
              </span>
              {s.label}
            </li>
          ))}
        </ol>
        <CancelButton mode={mode} quiz={quiz} backTo={backTo} />
      </header>

      <main className="wz-main">
        <TestMapNotice className="wz-test-map" />
        {step === 1 ? (
          <TitleStep
            folderId={folderId}
            onCreated={(created) => {
              setQuiz(created);
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
 * 'Annuler' (spec §2): a quiz this wizard created is deleted (a POST, so it works without
 * JavaScript too); otherwise it only goes back to the dashboard.
 */
function CancelButton({ mode, quiz, backTo }: { mode: WizardProps["mode"]; quiz: WizardQuiz | null; backTo: string }) {
  if (mode === "create" && quiz) {
    return (
      <Form method="post" action="/quiz/new" className="wz-cancel">
        <input type="hidden" name="intent" value="discard" />
        <input type="hidden" name="quiz" value={quiz.uniqueName} />
        <button type="submit" className="button button-secondary">
          Annuler
        </button>
      </Form>
    );
  }
  return (
    <Link to={backTo} className="button button-secondary wz-cancel">
      Annuler
    </Link>
  );
}
