import { Link } from "@remix-run/react";
import { useId, useState } from "react";
import { DEFAULT_OPTIONS, defaultDeadline, DEFI_MSG, streetViewLeftOut, type DefiNameMode } from "@common/rules";
import { Dialog, DialogActions } from "~/components/Dialog";
import { FieldError } from "~/components/FieldError";
import { AnswerTimeField, HelpZoneField } from "~/components/LaunchOptionsFields";
import { DefiLink } from "./DefiLink";
import { fromLocalInput, postDefi, toLocalInput } from "./share";
import { DEFI_TEXT } from "./texts";

type Created = { gameId: string; code: string; path: string; deadline: number; leftOut: number[] };

/**
 * « Créer un défi » on a quiz card: the deadline (a week from now by default), the answer time and
 * help zone of a launch, how players are named, when the spots are shown (at the end, or after
 * each answer for a practice défi) and whether the leaderboard waits for the end; which Street
 * View questions stay out; then the link and its QR code to hand out.
 */
export function CreateDefiDialog({
  open,
  onClose,
  quiz,
  quizName,
  streetViewQuestions,
  reportBase,
}: {
  open: boolean;
  onClose: () => void;
  quiz: string;
  quizName: string;
  /** Its Street View questions (from 1), which a défi leaves out: said before it is created. */
  streetViewQuestions: number[];
  /** '/mj/parties' or '/pres/parties': where the défi is followed. */
  reportBase: string;
}) {
  const ids = useId();
  const [deadline, setDeadline] = useState(() => toLocalInput(defaultDeadline(Date.now())));
  const [answerTimeSec, setAnswerTimeSec] = useState(DEFAULT_OPTIONS.answerTimeSec);
  const [helpZoneM, setHelpZoneM] = useState<number | null>(DEFAULT_OPTIONS.helpZoneM);
  const [nameMode, setNameMode] = useState<DefiNameMode>("pseudo");
  const [revealEach, setRevealEach] = useState(false);
  const [boardHidden, setBoardHidden] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);

  const close = () => {
    setCreated(null);
    setError(null);
    onClose();
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    const result = await postDefi<Created>("/api/defis/new", {
      quiz,
      deadline: fromLocalInput(deadline),
      answerTimeSec,
      helpZoneM,
      nameMode,
      reveal: revealEach ? "each" : "end",
      boardHidden,
    });
    setBusy(false);
    if (result.ok) setCreated(result.data);
    else setError(result.error);
  };

  return (
    <Dialog open={open} onClose={close} title={created ? "Défi créé" : `Créer un défi — « ${quizName} »`}>
      {created ? (
        <div className="defi-created">
          <p>Partagez ce lien ou ce QR code : chacun joue seul, sur son téléphone, jusqu'à l'échéance.</p>
          {created.leftOut.length > 0 ? <p className="launch-note">{streetViewLeftOut(created.leftOut)}</p> : null}
          <DefiLink path={created.path} title={quizName} />
          <div className="dialog-actions">
            <Link className="button button-secondary" to={`${reportBase}/${created.gameId}`}>
              Suivre le défi
            </Link>
            <button type="button" className="button" onClick={close}>
              Fermer
            </button>
          </div>
        </div>
      ) : (
        <form
          className="defi-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          aria-busy={busy}
        >
          <p className="defi-intro">Un lien à partager : chacun joue le quiz seul, à son rythme, avant l'échéance.</p>
          <div className="launch defi-options">
            <div className="launch-field">
              <label htmlFor={`${ids}-deadline`}>Échéance</label>
              <input
                id={`${ids}-deadline`}
                type="datetime-local"
                value={deadline}
                onChange={(e) => setDeadline(e.target.value)}
                required
              />
            </div>
            <AnswerTimeField id={`${ids}-time`} value={answerTimeSec} onChange={setAnswerTimeSec} />
            <HelpZoneField id={`${ids}-help`} value={helpZoneM} onChange={setHelpZoneM} />
          </div>
          <fieldset className="defi-names">
            <legend>Noms des joueurs</legend>
            <label>
              <input type="radio" name="nameMode" checked={nameMode === "pseudo"} onChange={() => setNameMode("pseudo")} /> Pseudo
              fruit et couleur, comme en partie
            </label>
            <label>
              <input type="radio" name="nameMode" checked={nameMode === "free"} onChange={() => setNameMode("free")} /> Chacun tape son
              nom (une classe)
            </label>
          </fieldset>
          <fieldset className="defi-names defi-choices">
            <legend>{DEFI_TEXT.options}</legend>
            <label className="defi-check">
              <input type="checkbox" checked={revealEach} onChange={(e) => setRevealEach(e.target.checked)} aria-describedby={`${ids}-each`} />
              {DEFI_MSG.revealEach}
            </label>
            <p id={`${ids}-each`} className="defi-hint">
              {revealEach ? DEFI_MSG.revealEachHint : DEFI_MSG.spotsAtEnd}
            </p>
            <label className="defi-check">
              <input type="checkbox" checked={boardHidden} onChange={(e) => setBoardHidden(e.target.checked)} />
              {DEFI_MSG.boardHiddenLabel}
            </label>
          </fieldset>
          {streetViewQuestions.length > 0 ? <p className="launch-note">{streetViewLeftOut(streetViewQuestions)}</p> : null}
          <FieldError error={error} />
          <DialogActions onCancel={close} submitLabel={busy ? "Création…" : "Créer le défi"} />
        </form>
      )}
    </Dialog>
  );
}
