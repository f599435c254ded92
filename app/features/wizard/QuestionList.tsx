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
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useRef } from "react";
import type { Translate } from "@common/i18n/ids";
import type { WizardQuestion } from "@common/contracts/wizard/types";
import { useT } from "~/components/I18n";
import { type ListActions, QuestionItem } from "./QuestionItem";

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
