// One question in the wizard's list: its handle to drag it, its thumbnail, its buttons to move,
// edit or delete it, its editor opened in place, and where the focus goes after each of them.
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useRef } from "react";
import { shownPoint } from "@common/util/coords";
import type { WizardQuestion } from "@common/contracts/wizard/types";
import { useLocale, useT } from "~/components/I18n";
import { QuestionEditor } from "./QuestionEditor";

export type ListActions = {
  /** The whole list in its new order (the drag, or a move button). */
  onReorder: (next: WizardQuestion[], moved: WizardQuestion) => void;
  onDelete: (question: WizardQuestion) => void;
  onEdit: (question: WizardQuestion | null) => void;
  onSaved: (question: WizardQuestion) => void;
};

export function QuestionItem({
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
