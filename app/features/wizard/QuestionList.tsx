import { formatCoords } from "@common/coords";
import type { WizardQuestion } from "@common/wizard/types";

/** The quiz's questions with a thumbnail each and a delete button. */
export function QuestionList({
  questions,
  deleting,
  onDelete,
}: {
  questions: WizardQuestion[];
  deleting: number | null;
  onDelete: (question: WizardQuestion) => void;
}) {
  if (questions.length === 0) {
    return <p className="wz-empty">Aucune question pour le moment.</p>;
  }
  return (
    <ol className="wz-question-list">
      {questions.map((q, index) => (
        <li key={q.id} className="wz-question" data-question-id={q.id}>
          <span className="wz-question-n" aria-hidden="true">
            {index + 1}
          </span>
          {q.imageUrl ? (
            <img className="wz-thumb" src={q.imageUrl} alt={`Photo de la question « ${q.name} »`} width={96} height={64} loading="lazy" />
          ) : (
            <span className="wz-thumb wz-thumb-sv" role="img" aria-label={`Street View de la question « ${q.name} »`}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <circle cx="12" cy="5" r="3" fill="currentColor" />
                <path d="M8 10h8l-1 6h-2l-1 6-1-6H9z" fill="currentColor" />
              </svg>
              Street View
            </span>
          )}
          <span className="wz-question-text">
            <span className="wz-question-name">{q.name}</span>
            <span className="wz-question-meta">
              {q.kind === "photo" ? "Photo" : "Street View"} · {formatCoords(q.coords)}
            </span>
          </span>
          <button
            type="button"
            className="wz-delete"
            onClick={() => onDelete(q)}
            disabled={deleting !== null}
            aria-label={`Supprimer la question « ${q.name} »`}
          >
            {deleting === q.id ? "..." : "Supprimer"}
          </button>
        </li>
      ))}
    </ol>
  );
}
