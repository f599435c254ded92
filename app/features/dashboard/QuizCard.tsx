import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CardMeta } from "./CardMeta";
import { ConfirmDialog } from "~/components/ConfirmDialog";
import { formatPlayedAt, launchUrl, moveTargets, watchUrl } from "@common/contracts/dashboard/format";
import { MSG } from "@common/contracts/messages";
import { DEFAULT_OPTIONS, type LaunchOptions } from "@common/rules";
import { LaunchOptionsFields } from "~/components/LaunchOptionsFields";
import { Icon } from "~/components/Icon";
import { IntentMenuButton, Menu, MenuButton } from "~/components/Menu";
import { MoveDialog } from "./MoveDialog";
import { CreateDefiDialog } from "~/features/defi/CreateDefiDialog";
import { useActionFetcher } from "~/components/Toast";
import type { QuizCardData, Side, TreeFolder } from "@common/contracts/dashboard/types";
import { useLocale, useT } from "~/components/I18n";

type Open = null | "move" | "delete" | "defi";

export function QuizCard({
  quiz,
  side,
  tree,
  canEdit,
  currentFolderId,
  owner,
}: {
  quiz: QuizCardData;
  side: Side;
  tree: TreeFolder[];
  canEdit: boolean;
  currentFolderId: number | null;
  owner: string | null;
}) {
  const t = useT();
  const locale = useLocale();
  const fetcher = useActionFetcher();
  const [open, setOpen] = useState<Open>(null);
  const [options, setOptions] = useState<LaunchOptions>(DEFAULT_OPTIONS);
  const [copied, setCopied] = useState(false);
  const hidden = { quiz: quiz.uniqueName };

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const share = async () => {
    try {
      await navigator.clipboard.writeText(watchUrl(location.origin, quiz.uniqueName));
      setCopied(true);
    } catch (error) {
      // A clipboard failure is only logged: the link stays on screen to copy by hand.
      console.error(error);
    }
  };

  const playedLabel =
    quiz.playedAt === null ? t("dashboard.quiz.neverPlayed") : t("dashboard.quiz.playedOn", { date: formatPlayedAt(quiz.playedAt, locale) });
  const questions = t("dashboard.quiz.questions", { n: quiz.questionCount });

  return (
    <article className="card quiz-card" aria-busy={fetcher.state !== "idle"} data-quiz={quiz.uniqueName}>
      <div className="quiz-cover">
        {quiz.coverUrl ? <img src={quiz.coverUrl} alt="" loading="lazy" /> : <Icon name="map" size={48} />}
        <span className="played-badge">{playedLabel}</span>
        {quiz.finished ? null : <span className="unfinished-badge">{t(MSG.quizToFinish)}</span>}
      </div>
      <div className="card-body">
        <div className="card-title-row">
          <h3 className="card-title">{quiz.name}</h3>
          <Menu label={t("dashboard.quiz.menu", { name: quiz.name })}>
            {(close) => (
              <>
                {canEdit ? (
                  <Link data-menu-item className="menu-item" to={`/quiz/${encodeURIComponent(quiz.uniqueName)}/edit`}>
                    {t("dashboard.menu.edit")}
                  </Link>
                ) : null}
                <IntentMenuButton close={close} fetcher={fetcher} fields={{ intent: "duplicateQuiz", ...hidden }}>
                  {t("dashboard.menu.duplicate")}
                </IntentMenuButton>
                <MenuButton onSelect={() => (close(), setOpen("move"))}>{t("dashboard.menu.move")}</MenuButton>
                {quiz.folderId !== null ? (
                  <IntentMenuButton close={close} fetcher={fetcher} fields={{ intent: "rootQuiz", ...hidden }}>
                    {t("dashboard.menu.toRoot")}
                  </IntentMenuButton>
                ) : null}
                <MenuButton danger onSelect={() => (close(), setOpen("delete"))}>
                  {t("dashboard.menu.delete")}
                </MenuButton>
              </>
            )}
          </Menu>
        </div>
        <CardMeta owner={owner}>{questions}</CardMeta>

        {quiz.finished ? (
          <LaunchOptionsFields
            options={options}
            onChange={setOptions}
            legend={t("dashboard.quiz.launchLegend", { name: quiz.name })}
            streetViewQuestions={quiz.streetViewQuestions}
          />
        ) : (
          // Its map was never confirmed: launching would give the phones no frame but one drawn
          // around the answers, so the card sends its author back to the wizard instead.
          <p className="unfinished-note">{t(MSG.quizUnfinished)}</p>
        )}

        <div className="card-actions">
          {quiz.finished ? (
            <Link className="button button-small" to={launchUrl(side, quiz.uniqueName, options, currentFolderId)}>
              <Icon name="play" /> {t("dashboard.quiz.launch")}
            </Link>
          ) : (
            <Link className="button button-small" to={`/quiz/${encodeURIComponent(quiz.uniqueName)}/edit`}>
              <Icon name="map" /> {t("dashboard.quiz.finish")}
            </Link>
          )}
          {quiz.finished ? (
            <button type="button" className="button button-small button-secondary" onClick={() => setOpen("defi")}>
              <Icon name="share" /> {t("dashboard.quiz.createDefi")}
            </button>
          ) : null}
          <a
            className="button button-small button-secondary"
            href={`/watch?quiz=${encodeURIComponent(quiz.uniqueName)}`}
            target="_blank"
            rel="noopener"
            aria-label={t("dashboard.quiz.viewLabel", { name: quiz.name })}
          >
            <Icon name="eye" /> {t("dashboard.quiz.view")}
          </a>
          <button type="button" className="button button-small button-secondary" onClick={share}>
            <Icon name={copied ? "check" : "share"} /> {t("dashboard.quiz.share")}
          </button>
          <span className="copied" role="status">
            {copied ? t("dashboard.quiz.copied") : ""}
          </span>
        </div>
      </div>

      <MoveDialog
        open={open === "move"}
        onClose={() => setOpen(null)}
        title={t("dashboard.quiz.moveTitle", { name: quiz.name })}
        targets={moveTargets(tree, { ownerId: quiz.ownerId, currentFolderId: quiz.folderId })}
        fetcher={fetcher}
        hidden={hidden}
        intent="moveQuiz"
      />
      {quiz.finished ? (
        <CreateDefiDialog
          open={open === "defi"}
          onClose={() => setOpen(null)}
          quiz={quiz.uniqueName}
          quizName={quiz.name}
          streetViewQuestions={quiz.streetViewQuestions}
          reportBase={side === "admin" ? "/pres/parties" : "/mj/parties"}
        />
      ) : null}
      <ConfirmDialog
        open={open === "delete"}
        onClose={() => setOpen(null)}
        title={t("dashboard.quiz.deleteTitle")}
        confirmLabel={t("dashboard.menu.delete")}
        fetcher={fetcher}
        fields={{ intent: "deleteQuiz", ...hidden }}
      >
        <p>{t("dashboard.quiz.deleteText", { name: quiz.name, n: quiz.questionCount })}</p>
      </ConfirmDialog>
    </article>
  );
}
