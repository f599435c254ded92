import { Link } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { CardMeta } from "./CardMeta";
import { ConfirmDialog } from "./ConfirmDialog";
import { launchUrl, moveTargets, plural, watchUrl } from "@common/dashboard/format";
import { MSG } from "@common/messages";
import {
  ANSWER_TIMES_SEC,
  DEFAULT_OPTIONS,
  defaultMaxPlayer,
  HELP_ZONES_M,
  MAX_TEAMS,
  maxPlayerLimit,
  MIN_TEAMS_OFFERED,
  NO_HELP_ZONE,
  type LaunchOptions,
} from "@common/rules";
import { Icon } from "./Icon";
import { IntentMenuButton, Menu, MenuButton } from "./Menu";
import { MoveDialog } from "./MoveDialog";
import { useActionFetcher } from "./Toast";
import type { QuizCardData, Side, TreeFolder } from "@common/dashboard/types";

type Open = null | "move" | "delete";

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
  const fetcher = useActionFetcher();
  const [open, setOpen] = useState<Open>(null);
  const [options, setOptions] = useState<LaunchOptions>(DEFAULT_OPTIONS);
  const [copied, setCopied] = useState(false);
  const [maxText, setMaxText] = useState<string | null>(null);
  const ids = useId();
  const team = options.mode === "team";
  const limit = maxPlayerLimit(options);
  const hidden = { quiz: quiz.uniqueName };

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const set = <K extends keyof LaunchOptions>(key: K, value: LaunchOptions[K]) => {
    if (key === "mode") setMaxText(null);
    setOptions((o) => {
      const next = { ...o, [key]: value };
      if (key === "mode") next.maxPlayer = defaultMaxPlayer(next.mode);
      next.maxPlayer = Math.min(next.maxPlayer, maxPlayerLimit(next));
      return next;
    });
  };

  const share = async () => {
    try {
      await navigator.clipboard.writeText(watchUrl(location.origin, quiz.uniqueName));
      setCopied(true);
    } catch (error) {
      // A clipboard failure is only logged: the link stays on screen to copy by hand.
      console.error(error);
    }
  };

  const playedLabel = quiz.playedAt === "Jamais jouée" ? quiz.playedAt : `Jouée le ${quiz.playedAt}`;

  return (
    <article className="card quiz-card" aria-busy={fetcher.state !== "idle"} data-quiz={quiz.uniqueName}>
      <div className="quiz-cover">
        {quiz.coverUrl ? <img src={quiz.coverUrl} alt="" loading="lazy" /> : <Icon name="map" size={48} />}
        <span className="played-badge">{playedLabel}</span>
        {quiz.finished ? null : <span className="unfinished-badge">{MSG.quizToFinish}</span>}
      </div>
      <div className="card-body">
        <div className="card-title-row">
          <h3 className="card-title">{quiz.name}</h3>
          <Menu label={`Actions du quiz « ${quiz.name} »`}>
            {(close) => (
              <>
                {canEdit ? (
                  <Link data-menu-item className="menu-item" to={`/quiz/${encodeURIComponent(quiz.uniqueName)}/edit`}>
                    Éditer
                  </Link>
                ) : null}
                <IntentMenuButton close={close} fetcher={fetcher} fields={{ intent: "duplicateQuiz", ...hidden }}>
                  Dupliquer
                </IntentMenuButton>
                <MenuButton onSelect={() => (close(), setOpen("move"))}>Déplacer</MenuButton>
                {quiz.folderId !== null ? (
                  <IntentMenuButton close={close} fetcher={fetcher} fields={{ intent: "rootQuiz", ...hidden }}>
                    Renvoyer à la racine
                  </IntentMenuButton>
                ) : null}
                <MenuButton danger onSelect={() => (close(), setOpen("delete"))}>
                  Supprimer
                </MenuButton>
              </>
            )}
          </Menu>
        </div>
        <CardMeta owner={owner}>{plural(quiz.questionCount, "question", "questions")}</CardMeta>

        {quiz.finished ? (
        <fieldset className="launch">
          <legend className="sr-only">Options de lancement de « {quiz.name} »</legend>
          <div className="launch-field">
            <label htmlFor={`${ids}-time`}>Temps de réponse</label>
            <select id={`${ids}-time`} value={options.answerTimeSec} onChange={(e) => set("answerTimeSec", Number(e.target.value))}>
              {ANSWER_TIMES_SEC.map((t) => (
                <option key={t} value={t}>
                  {`${t} s`}
                </option>
              ))}
            </select>
          </div>
          <div className="launch-field">
            <label htmlFor={`${ids}-help`}>Zone d'aide</label>
            <select
              id={`${ids}-help`}
              value={options.helpZone === null ? NO_HELP_ZONE : String(options.helpZone)}
              onChange={(e) => set("helpZone", e.target.value === NO_HELP_ZONE ? null : Number(e.target.value))}
            >
              <option value={NO_HELP_ZONE}>Non</option>
              {HELP_ZONES_M.map((z) => (
                <option key={z} value={String(z)}>
                  {`${z} m`}
                </option>
              ))}
            </select>
          </div>
          <div className="launch-field">
            <label htmlFor={`${ids}-icon`}>Icônes</label>
            <select
              id={`${ids}-icon`}
              value={options.iconType}
              onChange={(e) => set("iconType", e.target.value as LaunchOptions["iconType"])}
            >
              <option value="random">Aléatoire</option>
              <option value="defined">Au choix</option>
            </select>
          </div>
          <div className="launch-field">
            <label htmlFor={`${ids}-ranking`}>Classement</label>
            <select
              id={`${ids}-ranking`}
              value={options.mode}
              onChange={(e) => set("mode", e.target.value as LaunchOptions["mode"])}
            >
              <option value="player">Joueurs</option>
              <option value="team">Équipes</option>
            </select>
          </div>
          <div className="launch-field">
            <label htmlFor={`${ids}-max`}>{team ? "Joueurs par équipe" : "Joueurs max"}</label>
            <input
              id={`${ids}-max`}
              type="number"
              inputMode="numeric"
              min={1}
              max={limit}
              value={maxText ?? options.maxPlayer}
              onChange={(e) => {
                // Let the field be emptied while typing; the launch link always holds a valid number.
                setMaxText(e.target.value);
                const n = Math.round(Number(e.target.value));
                if (e.target.value !== "" && Number.isFinite(n)) set("maxPlayer", Math.max(1, Math.min(limit, n)));
              }}
              onBlur={() => setMaxText(null)}
            />
          </div>
          {team ? (
            <div className="launch-field">
              <label htmlFor={`${ids}-teams`}>Équipes</label>
              <select id={`${ids}-teams`} value={options.maxTeam} onChange={(e) => set("maxTeam", Number(e.target.value))}>
                {Array.from({ length: MAX_TEAMS - MIN_TEAMS_OFFERED + 1 }, (_, i) => i + MIN_TEAMS_OFFERED).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </fieldset>
        ) : (
          // Its map was never confirmed: launching would give the phones no frame but one drawn
          // around the answers, so the card sends its author back to the wizard instead.
          <p className="unfinished-note">{MSG.quizUnfinished}</p>
        )}

        <div className="card-actions">
          {quiz.finished ? (
            <Link className="button button-small" to={launchUrl(side, quiz.uniqueName, options, currentFolderId)}>
              <Icon name="play" /> Lancer
            </Link>
          ) : (
            <Link className="button button-small" to={`/quiz/${encodeURIComponent(quiz.uniqueName)}/edit`}>
              <Icon name="map" /> Terminer
            </Link>
          )}
          <a
            className="button button-small button-secondary"
            href={`/watch?quiz=${encodeURIComponent(quiz.uniqueName)}`}
            target="_blank"
            rel="noopener"
          >
            <Icon name="eye" /> Voir
          </a>
          <button type="button" className="button button-small button-secondary" onClick={share}>
            <Icon name={copied ? "check" : "share"} /> Partager
          </button>
          <span className="copied" role="status">
            {copied ? "Lien copié" : ""}
          </span>
        </div>
      </div>

      <MoveDialog
        open={open === "move"}
        onClose={() => setOpen(null)}
        title={`Déplacer « ${quiz.name} »`}
        targets={moveTargets(tree, { ownerId: quiz.ownerId, currentFolderId: quiz.folderId })}
        fetcher={fetcher}
        hidden={hidden}
        intent="moveQuiz"
      />
      <ConfirmDialog
        open={open === "delete"}
        onClose={() => setOpen(null)}
        title="Supprimer le quiz"
        confirmLabel="Supprimer"
        fetcher={fetcher}
        fields={{ intent: "deleteQuiz", ...hidden }}
      >
        <p>
          Supprimer le quiz « {quiz.name} » ({plural(quiz.questionCount, "question", "questions")}) ? Cette action est
          définitive.
        </p>
      </ConfirmDialog>
    </article>
  );
}
