import { Link } from "@remix-run/react";
import { useId, useState } from "react";
import { decodeDefiCreated } from "@common/contracts/defi/decoders";
import type { DefiCreated } from "@common/contracts/defi/types";
import type { Words } from "@common/i18n/ids";
import { DEFAULT_OPTIONS, defaultDeadline, DEFI_MSG, type DefiNameMode } from "@common/rules";
import { Dialog, DialogActions } from "~/components/Dialog";
import { FieldError } from "~/components/FieldError";
import { useT } from "~/components/I18n";
import { AnswerTimeField, HelpZoneField } from "~/components/LaunchOptionsFields";
import { useStreetViewNote } from "~/components/street-view-note";
import { AdaptedFields, adaptedBody, NO_ADAPTED, type AdaptedChoice } from "./AdaptedFields";
import { DefiLink } from "./DefiLink";
import { fromLocalInput, postDefi, toLocalInput } from "./share";

/**
 * « Créer un défi » on a quiz card: the deadline (a week from now by default), the answer time and
 * help zone of a launch, how players are named, when the spots are shown (at the end, or after
 * each answer for a practice défi), whether the leaderboard waits for the end and « Temps
 * adapté »; which Street View questions stay out; then the link and its QR code to hand out.
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
  const t = useT();
  const ids = useId();
  const [deadline, setDeadline] = useState(() => toLocalInput(defaultDeadline(Date.now())));
  const [answerTimeSec, setAnswerTimeSec] = useState(DEFAULT_OPTIONS.answerTimeSec);
  const [helpZoneM, setHelpZoneM] = useState<number | null>(DEFAULT_OPTIONS.helpZoneM);
  const [nameMode, setNameMode] = useState<DefiNameMode>("pseudo");
  const [revealEach, setRevealEach] = useState(false);
  const [boardHidden, setBoardHidden] = useState(false);
  const [adapted, setAdapted] = useState<AdaptedChoice>(NO_ADAPTED);
  const [error, setError] = useState<Words | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<DefiCreated | null>(null);
  const leftOutNote = useStreetViewNote("leftOut", created ? created.leftOut : streetViewQuestions);

  const close = () => {
    setCreated(null);
    setError(null);
    onClose();
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    const result = await postDefi("/api/defis/new", decodeDefiCreated, {
      quiz,
      deadline: fromLocalInput(deadline),
      answerTimeSec,
      helpZoneM,
      nameMode,
      reveal: revealEach ? "each" : "end",
      boardHidden,
      adapted: adaptedBody(adapted, nameMode),
    });
    setBusy(false);
    if (result.ok) setCreated(result.data);
    else setError(result.error);
  };

  return (
    <Dialog open={open} onClose={close} title={created ? t("defi.create.done") : t("defi.create.title", { quiz: quizName })}>
      {created ? (
        <div className="defi-created">
          <p>{t("defi.create.share")}</p>
          {leftOutNote ? <p className="launch-note">{leftOutNote}</p> : null}
          <DefiLink path={created.path} title={quizName} />
          <div className="dialog-actions">
            <Link className="button button-secondary" to={`${reportBase}/${created.gameId}`}>
              {t("defi.create.follow")}
            </Link>
            <button type="button" className="button" onClick={close}>
              {t("defi.create.close")}
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
          <p className="defi-intro">{t("defi.create.intro")}</p>
          <div className="launch defi-options">
            <div className="launch-field">
              <label htmlFor={`${ids}-deadline`}>{t("defi.deadline")}</label>
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
            <legend>{t("defi.create.names")}</legend>
            <label>
              <input type="radio" name="nameMode" checked={nameMode === "pseudo"} onChange={() => setNameMode("pseudo")} />{" "}
              {t("defi.create.namesPseudo")}
            </label>
            <label>
              <input type="radio" name="nameMode" checked={nameMode === "free"} onChange={() => setNameMode("free")} />{" "}
              {t("defi.create.namesFree")}
            </label>
          </fieldset>
          <fieldset className="defi-names defi-choices">
            <legend>{t("defi.options")}</legend>
            <label className="defi-check">
              <input type="checkbox" checked={revealEach} onChange={(e) => setRevealEach(e.target.checked)} aria-describedby={`${ids}-each`} />
              {t(DEFI_MSG.revealEach)}
            </label>
            <p id={`${ids}-each`} className="defi-hint">
              {t(revealEach ? DEFI_MSG.revealEachHint : DEFI_MSG.spotsAtEnd)}
            </p>
            <label className="defi-check">
              <input type="checkbox" checked={boardHidden} onChange={(e) => setBoardHidden(e.target.checked)} />
              {t(DEFI_MSG.boardHiddenLabel)}
            </label>
          </fieldset>
          <AdaptedFields value={adapted} onChange={setAdapted} nameMode={nameMode} />
          {leftOutNote ? <p className="launch-note">{leftOutNote}</p> : null}
          <FieldError error={error ? t(error) : null} />
          <DialogActions onCancel={close} submitLabel={t(busy ? "defi.create.creating" : "defi.create.submit")} />
        </form>
      )}
    </Dialog>
  );
}
