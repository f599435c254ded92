import { useState } from "react";
import { deleteQuestion, getQuestions } from "./api";
import { PhotoQuestionForm } from "./PhotoQuestionForm";
import { QuestionList } from "./QuestionList";
import { StreetViewQuestionForm } from "./StreetViewQuestionForm";
import { WIZARD_MSG, type WizardQuestion } from "@common/wizard/types";

type Kind = "streetview" | "photo";

/**
 * Step 2 (spec §2): an input type chooser, the form of that type, the questions so far with a
 * delete button each, 'Actualiser questions' and 'Suivant' (at least one question).
 */
export function QuestionsStep({
  quiz,
  questions,
  setQuestions,
  onNext,
}: {
  quiz: string;
  questions: WizardQuestion[];
  setQuestions: (questions: WizardQuestion[]) => void;
  onNext: () => void;
}) {
  const [kind, setKind] = useState<Kind>("photo");
  const [listError, setListError] = useState<string | null>(null);
  const [nextError, setNextError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [announce, setAnnounce] = useState("");

  async function refresh() {
    setRefreshing(true);
    const result = await getQuestions(quiz);
    setRefreshing(false);
    if (result.ok) {
      setQuestions(result.value);
      setListError(null);
      setAnnounce(`${result.value.length} question${result.value.length > 1 ? "s" : ""}`);
    } else {
      setListError(result.error);
    }
  }

  async function remove(question: WizardQuestion) {
    setDeleting(question.id);
    const result = await deleteQuestion(quiz, question.id);
    setDeleting(null);
    if (result.ok) {
      setQuestions(result.value);
      setListError(null);
      setAnnounce(`Question « ${question.name} » supprimée`);
    } else {
      setListError(result.error);
    }
  }

  function added(question: WizardQuestion) {
    setQuestions([...questions.filter((q) => q.id !== question.id), question]);
    setNextError(null);
    setAnnounce(`Question « ${question.name} » ajoutée`);
  }

  function next() {
    if (questions.length === 0) {
      setNextError(WIZARD_MSG.atLeastOneQuestion);
      return;
    }
    onNext();
  }

  return (
    <div className="wz-questions">
      <section className="wz-card wz-add" aria-labelledby="wz-add-heading">
        <h2 id="wz-add-heading">Ajouter une question</h2>
        <fieldset className="wz-kind">
          <legend>Type de question</legend>
          <label className={kind === "streetview" ? "is-checked" : ""}>
            <input type="radio" name="kind" value="streetview" checked={kind === "streetview"} onChange={() => setKind("streetview")} />
            Google Maps streetview URL
          </label>
          <label className={kind === "photo" ? "is-checked" : ""}>
            <input type="radio" name="kind" value="photo" checked={kind === "photo"} onChange={() => setKind("photo")} />
            Photo et coordonnées
          </label>
        </fieldset>
        {kind === "photo" ? <PhotoQuestionForm quiz={quiz} onAdded={added} /> : <StreetViewQuestionForm quiz={quiz} onAdded={added} />}
      </section>

      <section className="wz-card wz-list" aria-labelledby="wz-list-heading">
        <div className="wz-list-head">
          <h2 id="wz-list-heading">
            Questions <span className="wz-count">({questions.length})</span>
          </h2>
          <button type="button" className="button button-secondary button-small" onClick={refresh} disabled={refreshing}>
            {refreshing ? "..." : "Actualiser questions"}
          </button>
        </div>
        {listError ? (
          <p className="field-error" role="alert">
            {listError}
          </p>
        ) : null}
        <QuestionList questions={questions} deleting={deleting} onDelete={remove} />
        <p className="visually-hidden" aria-live="polite">
          {announce}
        </p>
        <div className="wz-actions wz-next">
          {nextError ? (
            <p className="field-error" role="alert">
              {nextError}
            </p>
          ) : null}
          <button type="button" className="button" onClick={next}>
            Suivant
          </button>
        </div>
      </section>
    </div>
  );
}
