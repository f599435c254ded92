// The parts a question shows around its map, on a night's phone and in a défi alike: its number
// and the player's badge atop it, « Répondre » or the hint to tap over it.
import type { Words } from "@common/i18n/ids";
import { useT } from "~/components/I18n";
import { PseudoBadge } from "./Common";

/** Atop a question (and a défi's reveal): its number and the player's badge. */
export function QuestionRow({ index, count, pseudo, marker }: { index: number; count: number; pseudo: string; marker: string }) {
  const t = useT();
  return (
    <div className="pl-qbar-row">
      <p className="pl-qnum">{t("player.questionNumber", { n: index + 1, count })}</p>
      <PseudoBadge pseudo={pseudo} marker={marker} />
    </div>
  );
}

/** Over the map: why an answer failed, « Répondre » once the map was tapped, or the hint to tap it. */
export function AnswerControls({
  notice,
  tapped,
  timeUp,
  sending,
  onAnswer,
}: {
  notice: Words | null;
  tapped: boolean;
  timeUp: boolean;
  sending: boolean;
  onAnswer: () => void;
}) {
  const t = useT();
  return (
    <>
      {notice ? (
        <p className="pl-notice" role="alert">
          {t(notice)}
        </p>
      ) : null}
      {tapped && !timeUp ? (
        <button type="button" className="button pl-answer" onClick={onAnswer} disabled={sending}>
          {sending ? t("player.question.sending") : t("player.question.answer")}
        </button>
      ) : !tapped && !timeUp ? (
        <p className="pl-tap-hint">{t("player.question.tapHint")}</p>
      ) : null}
    </>
  );
}
