import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { formatCoords } from "@common/coords";
import type { WizardQuestion } from "@common/wizard/types";
import { QuestionEditor } from "./QuestionEditor";

type ListActions = {
  /** The whole list in its new order (the drag, or a move button). */
  onReorder: (next: WizardQuestion[], moved: WizardQuestion) => void;
  onDelete: (question: WizardQuestion) => void;
  onEdit: (question: WizardQuestion | null) => void;
  onSaved: (question: WizardQuestion) => void;
};

const nameOf = (questions: WizardQuestion[], id: string | number) => questions.find((q) => q.id === Number(id))?.name ?? "";

/** What a screen reader hears while a question is dragged, in French. */
function announcements(questions: WizardQuestion[]): Announcements {
  const at = (id: string | number | undefined) => questions.findIndex((q) => q.id === Number(id)) + 1;
  return {
    onDragStart: ({ active }) => `Question « ${nameOf(questions, active.id)} » saisie, position ${at(active.id)} sur ${questions.length}.`,
    onDragOver: ({ active, over }) => (over ? `Question « ${nameOf(questions, active.id)} » au-dessus de la position ${at(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `Question « ${nameOf(questions, active.id)} » posée en position ${at(over.id)}.` : undefined),
    onDragCancel: ({ active }) => `Déplacement de la question « ${nameOf(questions, active.id)} » annulé.`,
  };
}

const INSTRUCTIONS =
  "Pour déplacer une question au clavier, appuyez sur Espace ou Entrée sur sa poignée, puis sur les flèches haut et bas, et Espace ou Entrée pour la poser ; Échap annule.";

/**
 * The quiz's questions in their order: a thumbnail each, and for each a handle to drag it (mouse,
 * touch, or the keyboard: Space then the arrows), 'Monter' / 'Descendre' buttons doing the same in
 * one step, 'Modifier' (its form opens in place) and 'Supprimer'.
 */
export function QuestionList({
  quiz,
  questions,
  busy,
  editing,
  actions,
}: {
  quiz: string;
  questions: WizardQuestion[];
  /** A change is on its way to the server: the buttons wait. */
  busy: boolean;
  editing: number | null;
  actions: ListActions;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // A finger that rests on the handle picks the question up; a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (questions.length === 0) {
    return <p className="wz-empty">Aucune question pour le moment.</p>;
  }

  function end({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = questions.findIndex((q) => q.id === active.id);
    const to = questions.findIndex((q) => q.id === over.id);
    if (from < 0 || to < 0) return;
    actions.onReorder(arrayMove(questions, from, to), questions[from]!);
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    if (to < 0 || to >= questions.length) return;
    actions.onReorder(arrayMove(questions, index, to), questions[index]!);
  }

  return (
    <DndContext
      id="wz-question-order"
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements: announcements(questions), screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={questions.map((q) => q.id)} strategy={verticalListSortingStrategy}>
        <ol className="wz-question-list">
          {questions.map((q, index) => (
            <QuestionItem
              key={q.id}
              quiz={quiz}
              question={q}
              index={index}
              count={questions.length}
              busy={busy}
              editing={editing === q.id}
              near={questions[index - 1]?.coords ?? questions[index + 1]?.coords ?? null}
              onMove={(by) => move(index, by)}
              actions={actions}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function QuestionItem({
  quiz,
  question: q,
  index,
  count,
  busy,
  editing,
  near,
  onMove,
  actions,
}: {
  quiz: string;
  question: WizardQuestion;
  index: number;
  count: number;
  busy: boolean;
  editing: boolean;
  near: WizardQuestion["coords"] | null;
  onMove: (by: -1 | 1) => void;
  actions: ListActions;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: q.id, disabled: busy });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? "wz-question is-dragging" : "wz-question"} data-question-id={q.id}>
      <div className="wz-question-row">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="wz-handle"
          {...attributes}
          {...listeners}
          aria-label={`Déplacer la question « ${q.name} » (position ${index + 1} sur ${count})`}
        >
          <span className="wz-question-n">{index + 1}</span>
          <svg viewBox="0 0 12 20" width="10" height="18" aria-hidden="true" focusable="false">
            {[3, 10, 17].flatMap((y) => [2, 9].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.7" fill="currentColor" />))}
          </svg>
        </button>
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
        <span className="wz-question-actions">
          <button type="button" className="wz-icon-button" onClick={() => onMove(-1)} disabled={busy || index === 0} aria-label={`Monter la question « ${q.name} »`}>
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M10 4l6 7h-4v5H8v-5H4z" fill="currentColor" />
            </svg>
          </button>
          <button
            type="button"
            className="wz-icon-button"
            onClick={() => onMove(1)}
            disabled={busy || index === count - 1}
            aria-label={`Descendre la question « ${q.name} »`}
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M10 16l-6-7h4V4h4v5h4z" fill="currentColor" />
            </svg>
          </button>
          <button
            type="button"
            className="wz-edit"
            onClick={() => actions.onEdit(editing ? null : q)}
            disabled={busy && !editing}
            aria-expanded={editing}
            aria-label={`Modifier la question « ${q.name} »`}
          >
            Modifier
          </button>
          <button type="button" className="wz-delete" onClick={() => actions.onDelete(q)} disabled={busy} aria-label={`Supprimer la question « ${q.name} »`}>
            Supprimer
          </button>
        </span>
      </div>
      {editing ? <QuestionEditor quiz={quiz} question={q} near={near} onSaved={actions.onSaved} onClose={() => actions.onEdit(null)} /> : null}
    </li>
  );
}
