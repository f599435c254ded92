import { useRef, useState } from "react";
import type { Words } from "@common/i18n/ids";
import { deleteQuestion, getQuestions, reorderQuestions } from "./api";
import { PhotoBatch } from "./PhotoBatch";
import { QuestionList } from "./QuestionList";
import { StreetViewQuestionForm } from "./StreetViewQuestionForm";
import { WIZARD_MSG, type WizardQuestion } from "@common/contracts/wizard/types";
import { FieldError } from "~/components/FieldError";
import { QUIZ_QUESTIONS_MAX } from "@common/rules";
import { fullNotice } from "./CoordsPreview";
import { RichText, useT } from "~/components/I18n";
import { StatusNote } from "~/components/StatusNote";

type Kind = "streetview" | "photo";

/**
 * Step 2: an input type chooser, the form of that type (many photos at once, or a
 * Street View question), the questions so far (reordered by dragging or moving, edited in place,
 * deleted), 'Actualiser questions' and 'Suivant' (at least one question). What changes in the list
 * is said once in a polite live region; a deleted question's button gone, the focus goes to the
 * list's heading.
 */
export function QuestionsStep({
  quiz,
  questions,
  setQuestions,
  onNext,
}: {
  quiz: string;
  questions: WizardQuestion[];
  setQuestions: (update: WizardQuestion[] | ((old: WizardQuestion[]) => WizardQuestion[])) => void;
  onNext: () => void;
}) {
  const t = useT();
  const [kind, setKind] = useState<Kind>("photo");
  const [listError, setListError] = useState<Words | null>(null);
  const [nextError, setNextError] = useState<Words | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [announce, setAnnounce] = useState<Words | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  async function refresh() {
    setRefreshing(true);
    const result = await getQuestions(quiz);
    setRefreshing(false);
    if (result.ok) {
      setQuestions(result.value);
      setListError(null);
      setAnnounce({ id: "wizard.questions.count", values: { n: result.value.length } });
    } else {
      setListError(result.error);
    }
  }

  async function remove(question: WizardQuestion) {
    setBusy(true);
    const result = await deleteQuestion(quiz, question.id);
    setBusy(false);
    if (result.ok) {
      setQuestions(result.value);
      setListError(null);
      setAnnounce({ id: "wizard.questions.deleted", values: { name: question.name } });
      listHeading.current?.focus();
    } else {
      setListError(result.error);
    }
  }

  // Photos of a batch arrive one after another: each is added to the list as it is then.
  function added(question: WizardQuestion) {
    setQuestions((list) => [...list.filter((q) => q.id !== question.id), question]);
    setNextError(null);
    setAnnounce({ id: "wizard.questions.added", values: { name: question.name } });
  }

  /** The new order at once on screen; the server's answer then, or the old order back. */
  async function reorder(next: WizardQuestion[], moved: WizardQuestion) {
    const before = questions;
    setQuestions(next);
    setBusy(true);
    const result = await reorderQuestions(quiz, next.map((q) => q.id));
    setBusy(false);
    if (result.ok) {
      setQuestions(result.value);
      setListError(null);
      setAnnounce({ id: "wizard.questions.moved", values: { name: moved.name, n: result.value.findIndex((q) => q.id === moved.id) + 1 } });
    } else {
      setQuestions(before);
      setListError(result.error);
    }
  }

  function saved(question: WizardQuestion) {
    setQuestions((list) => list.map((q) => (q.id === question.id ? question : q)));
    setEditing(null);
    setAnnounce({ id: "wizard.questions.saved", values: { name: question.name } });
  }

  function next() {
    if (questions.length === 0) {
      setNextError(WIZARD_MSG.atLeastOneQuestion);
      return;
    }
    onNext();
  }

  const full = fullNotice(questions.length);

  return (
    <div className="wz-questions">
      <section className="wz-card wz-add" aria-labelledby="wz-add-heading">
        <h2 id="wz-add-heading" tabIndex={-1}>
          {t("wizard.questions.addHeading")}
        </h2>
        <StatusNote words={full} className="wz-full-banner" />
        <fieldset className="wz-kind">
          <legend>{t("wizard.questions.kind")}</legend>
          <label className={kind === "streetview" ? "is-checked" : ""}>
            <input type="radio" name="kind" value="streetview" checked={kind === "streetview"} onChange={() => setKind("streetview")} />
            {t("wizard.questions.kindStreetView")}
          </label>
          <label className={kind === "photo" ? "is-checked" : ""}>
            <input type="radio" name="kind" value="photo" checked={kind === "photo"} onChange={() => setKind("photo")} />
            {t("wizard.questions.kindPhoto")}
          </label>
        </fieldset>
        {/* Both stay mounted: switching type never loses a batch under way or a half-typed form. */}
        <div hidden={kind !== "photo"}>
          <PhotoBatch quiz={quiz} onAdded={added} near={questions.at(-1)?.coords ?? null} shown={kind === "photo"} count={questions.length} />
        </div>
        <div hidden={kind !== "streetview"}>
          <StreetViewQuestionForm quiz={quiz} onAdded={added} near={questions.at(-1)?.coords ?? null} shown={kind === "streetview"} count={questions.length} />
        </div>
      </section>

      <section className="wz-card wz-list" aria-labelledby="wz-list-heading">
        <div className="wz-list-head">
          <h2 id="wz-list-heading" ref={listHeading} tabIndex={-1}>
            <RichText
              id="wizard.questions.heading"
              values={{ n: questions.length, max: QUIZ_QUESTIONS_MAX }}
              components={{ 0: <span className="wz-count" /> }}
            />
          </h2>
          <button type="button" className="button button-secondary button-small" onClick={refresh} disabled={refreshing}>
            {t(refreshing ? "common.busy" : "wizard.questions.refresh")}
          </button>
        </div>
        <FieldError error={listError && t(listError)} />
        <QuestionList
          quiz={quiz}
          questions={questions}
          busy={busy}
          editing={editing}
          actions={{
            // Both report their own failures on screen (the API helpers return results, never throw).
            onReorder: (next, moved) => void reorder(next, moved),
            onDelete: (q) => void remove(q),
            onEdit: (q) => setEditing(q?.id ?? null),
            onSaved: saved,
          }}
        />
        <p className="sr-only" aria-live="polite">
          {announce && t(announce)}
        </p>
        <div className="wz-actions wz-next">
          <FieldError error={nextError && t(nextError)} />
          <button type="button" className="button" onClick={next}>
            {t("wizard.next")}
          </button>
        </div>
      </section>
    </div>
  );
}
