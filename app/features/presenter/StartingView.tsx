import { useT } from "~/components/I18n";
import { useNow } from "./useNow";

/**
 * 'Lancement' (docs/game-rules.md, Phases of a game): about 5 s before the first question, counted
 * down.
 */
export function StartingView({ endsAt, quizName, questionCount }: { endsAt: number | null; quizName: string; questionCount: number }) {
  const t = useT();
  const now = useNow(200);
  const left = endsAt === null ? null : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return (
    <div className="pres-center pres-starting">
      <p className="pres-kicker">{quizName}</p>
      <h1 className="pres-huge">{t("presenter.starting.title")}</h1>
      {left !== null ? (
        <p className="starting-count" aria-live="off">
          {left > 0 ? left : t("presenter.starting.go")}
        </p>
      ) : null}
      <p className="pres-sub">{t("presenter.starting.sub", { n: questionCount })}</p>
    </div>
  );
}
