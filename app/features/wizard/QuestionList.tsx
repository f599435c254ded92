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
import { useEffect, useRef } from "react";
import { shownPoint } from "@common/util/coords";
import type { Translate } from "@common/i18n/ids";
import type { WizardQuestion } from "@common/contracts/wizard/types";
import { useLocale, useT } from "~/components/I18n";
import { QuestionEditor } from "./QuestionEditor";

type ListActions = {
  /** The whole list in its new order (the drag, or a move button). */
  onReorder: (next: WizardQuestion[], moved: WizardQuestion) => void;
  onDelete: (question: WizardQuestion) => void;
  onEdit: (question: WizardQuestion | null) => void;
  onSaved: (question: WizardQuestion) => void;
};

const nameOf = (questions: WizardQuestion[], id: string | number) => questions.find((q) => q.id === Number(id))?.name ?? "";

/**
 * What a screen reader hears while a question is dragged, in the page's language. dnd-kit says
 * the question is over its own place as soon as it is picked up: that would talk over « picked
 * up », so it is said only once the question has moved (`moved`).
 */
function announcements(questions: WizardQuestion[], t: Translate, moved: { current: boolean }): Announcements {
  const at = (id: string | number | undefined) => questions.findIndex((q) => q.id === Number(id)) + 1;
  return {
    onDragStart: ({ active }) => {
      moved.current = false;
      return t("wizard.list.dragStart", { name: nameOf(questions, active.id), n: at(active.id), count: questions.length });
    },
    onDragOver: ({ active, over }) => {
      if (!over || (over.id === active.id && !moved.current)) return undefined;
      moved.current = true;
      return t("wizard.list.dragOver", { name: nameOf(questions, active.id), n: at(over.id) });
    },
    onDragEnd: ({ active, over }) => (over ? t("wizard.list.dragEnd", { name: nameOf(questions, active.id), n: at(over.id) }) : undefined),
    onDragCancel: ({ active }) => t("wizard.list.dragCancel", { name: nameOf(questions, active.id) }),
  };
}

/**
 * The quiz's questions in their order: a thumbnail each, and for each a handle to drag it (mouse,
 * touch, or the keyboard: Space then the arrows), 'Monter' / 'Descendre' buttons doing the same in
 * one step, 'Modifier' (its form opens in place) and 'Supprimer'. While a change is on its way the
 * buttons say they wait (aria-disabled) but keep the focus: a disabled button would drop it.
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
  const t = useT();
  const moved = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    // A finger that rests on the handle picks the question up; a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (questions.length === 0) {
    return <p className="wz-empty">{t("wizard.questions.empty")}</p>;
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
      accessibility={{ announcements: announcements(questions, t, moved), screenReaderInstructions: { draggable: t("wizard.list.instructions") } }}
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
  const t = useT();
  const locale = useLocale();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: q.id, disabled: busy });
  const style = { transform: CSS.Transform.toString(transform), transition };
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const edit = useRef<HTMLButtonElement>(null);
  // A move to the top or the bottom disables the button just pressed: the focus goes on to the
  // other one, in the question's new place, rather than back to the top of the page.
  const refocus = useRef<"up" | "down" | null>(null);
  useEffect(() => {
    const which = refocus.current;
    refocus.current = null;
    if (which) (which === "up" ? up : down).current?.focus();
  }, [index]);
  // The editor closed (saved or not): the focus goes back to the button that opened it.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) edit.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const move = (by: -1 | 1) => {
    if (busy) return;
    const to = index + by;
    refocus.current = to === 0 ? "down" : to === count - 1 ? "up" : null;
    onMove(by);
  };
  return (
    <li ref={setNodeRef} style={style} className={isDragging ? "wz-question is-dragging" : "wz-question"} data-question-id={q.id}>
      <div className="wz-question-row">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="wz-handle"
          {...attributes}
          {...listeners}
          aria-label={t("wizard.list.handle", { name: q.name, n: index + 1, count })}
        >
          <span className="wz-question-n">{index + 1}</span>
          <svg viewBox="0 0 12 20" width="10" height="18" aria-hidden="true" focusable="false">
            {[3, 10, 17].flatMap((y) => [2, 9].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.7" fill="currentColor" />))}
          </svg>
        </button>
        {q.imageUrl ? (
          <img className="wz-thumb" src={q.imageUrl} alt={t("wizard.list.photoAlt", { name: q.name })} width={96} height={64} loading="lazy" />
        ) : (
          <span className="wz-thumb wz-thumb-sv" role="img" aria-label={t("wizard.list.streetViewAlt", { name: q.name })}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <circle cx="12" cy="5" r="3" fill="currentColor" />
              <path d="M8 10h8l-1 6h-2l-1 6-1-6H9z" fill="currentColor" />
            </svg>
            {t("wizard.list.streetView")}
          </span>
        )}
        <span className="wz-question-text">
          <span className="wz-question-name">{q.name}</span>
          <span className="wz-question-meta">
            {t("wizard.list.meta", { kind: q.kind, point: t(shownPoint(locale, q.coords)) })}
          </span>
        </span>
        <span className="wz-question-actions">
          <button
            type="button"
            ref={up}
            className="wz-icon-button"
            onClick={() => move(-1)}
            disabled={index === 0}
            aria-disabled={busy || undefined}
            aria-label={t("wizard.list.up", { name: q.name })}
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M10 4l6 7h-4v5H8v-5H4z" fill="currentColor" />
            </svg>
          </button>
          <button
            type="button"
            className="wz-icon-button"
            ref={down}
            onClick={() => move(1)}
            disabled={index === count - 1}
            aria-disabled={busy || undefined}
            aria-label={t("wizard.list.down", { name: q.name })}
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M10 16l-6-7h4V4h4v5h4z" fill="currentColor" />
            </svg>
          </button>
          <button
            type="button"
            ref={edit}
            className="wz-edit"
            onClick={() => (busy && !editing ? undefined : actions.onEdit(editing ? null : q))}
            aria-disabled={(busy && !editing) || undefined}
            aria-expanded={editing}
            aria-label={t("wizard.list.editLabel", { name: q.name })}
          >
            {t("wizard.list.edit")}
          </button>
          <button
            type="button"
            className="wz-delete"
            onClick={() => (busy ? undefined : actions.onDelete(q))}
            aria-disabled={busy || undefined}
            aria-label={t("wizard.list.deleteLabel", { name: q.name })}
          >
            {t("wizard.list.delete")}
          </button>
        </span>
      </div>
      {editing ? <QuestionEditor quiz={quiz} question={q} near={near} onSaved={actions.onSaved} onClose={() => actions.onEdit(null)} /> : null}
    </li>
  );
}
