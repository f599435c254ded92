import { useRef, useState, type FormEvent } from "react";
import type { Words } from "@common/i18n/ids";
import { initQuiz, updateQuiz } from "./api";
import { DEFAULT_SPEED_POINTS_MAX, isSpeedPointsMax, SPEED_POINTS_MAX_LIMIT, QUIZ_DESCRIPTION_MAX, QUIZ_TITLE_MAX } from "@common/rules";
import { WIZARD_MSG } from "@common/contracts/wizard/types";
import type { WizardQuiz } from "@common/contracts/wizard/types";
import { FieldError } from "~/components/FieldError";
import { useT } from "~/components/I18n";

const ERROR_ID = "wz-title-error";

type Invalid = { name: boolean; description: boolean; points: boolean };

/**
 * Step 1: 'Titre' and 'Description', both required, and the quiz's speed points.
 * 'Suivant' creates the quiz, or saves these fields of a quiz that exists (renaming it). A refusal
 * is read out, describes the fields it is about, and the first of them takes the focus.
 */
export function TitleStep({
  quiz,
  folderId,
  onDone,
}: {
  quiz: WizardQuiz | null;
  folderId: number | null;
  onDone: (quiz: WizardQuiz) => void;
}) {
  const t = useT();
  const [error, setError] = useState<Words | null>(null);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<Invalid>({ name: false, description: false, points: false });
  const form = useRef<HTMLFormElement>(null);

  /** Says why, and puts the focus on the first field it is about. */
  function refuse(why: Words, fields: Invalid) {
    setInvalid(fields);
    setError(why);
    const first = fields.name ? "name" : fields.description ? "description" : fields.points ? "speedPointsMax" : null;
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const fields = new FormData(event.currentTarget);
    const name = String(fields.get("name") ?? "").trim();
    const description = String(fields.get("description") ?? "").trim();
    const pointsText = String(fields.get("speedPointsMax") ?? "").trim().replace(",", ".");
    const speedPointsMax = pointsText === "" ? Number.NaN : Number(pointsText);
    const none = { name: false, description: false, points: false };
    if (!name || !description) return refuse(WIZARD_MSG.required, { ...none, name: !name, description: !description });
    if (name.length > QUIZ_TITLE_MAX) return refuse(WIZARD_MSG.titleTooLong, { ...none, name: true });
    if (description.length > QUIZ_DESCRIPTION_MAX) return refuse(WIZARD_MSG.descriptionTooLong, { ...none, description: true });
    if (!isSpeedPointsMax(speedPointsMax)) return refuse(WIZARD_MSG.badSpeedPoints, { ...none, points: true });
    setInvalid(none);
    setError(null);
    setBusy(true);
    const details = { name, description, speedPointsMax };
    if (quiz) {
      const result = await updateQuiz(quiz.uniqueName, details);
      setBusy(false);
      if (!result.ok) return setError(result.error);
      onDone({ ...quiz, ...result.value });
    } else {
      const result = await initQuiz({ ...details, folderId });
      setBusy(false);
      if (!result.ok) return setError(result.error);
      onDone({ uniqueName: result.value, ...details, mapSettings: null });
    }
  }

  return (
    <form ref={form} className="wz-card wz-title-step" onSubmit={submit} noValidate aria-labelledby="wz-title-heading">
      <h2 id="wz-title-heading" tabIndex={-1}>
        {t("wizard.title.heading")}
      </h2>
      <p className="wz-help">{t("wizard.title.help")}</p>
      <div className="wz-field">
        <label htmlFor="wz-name">{t("wizard.field.title")}</label>
        <input
          id="wz-name"
          name="name"
          defaultValue={quiz?.name}
          maxLength={QUIZ_TITLE_MAX}
          autoComplete="off"
          required
          aria-invalid={invalid.name || undefined}
          aria-describedby={invalid.name && error ? ERROR_ID : undefined}
        />
      </div>
      <div className="wz-field">
        <label htmlFor="wz-description">{t("wizard.field.description")}</label>
        <textarea
          id="wz-description"
          name="description"
          rows={4}
          defaultValue={quiz?.description}
          maxLength={QUIZ_DESCRIPTION_MAX}
          required
          aria-invalid={invalid.description || undefined}
          aria-describedby={invalid.description && error ? ERROR_ID : undefined}
        />
      </div>
      <div className="wz-field wz-points">
        <label htmlFor="wz-points">{t("wizard.title.speedPoints")}</label>
        <input
          id="wz-points"
          name="speedPointsMax"
          type="number"
          inputMode="decimal"
          min={0}
          max={SPEED_POINTS_MAX_LIMIT}
          step={0.5}
          defaultValue={quiz?.speedPointsMax ?? DEFAULT_SPEED_POINTS_MAX}
          aria-describedby={invalid.points && error ? `wz-points-help ${ERROR_ID}` : "wz-points-help"}
          aria-invalid={invalid.points || undefined}
        />
        <p id="wz-points-help" className="wz-help">
          {t("wizard.title.speedPointsHelp", { max: SPEED_POINTS_MAX_LIMIT })}
        </p>
      </div>
      <FieldError error={error && t(error)} id={ERROR_ID} />
      <div className="wz-actions">
        <button type="submit" className="button" disabled={busy}>
          {t(busy ? "common.busy" : quiz ? "wizard.title.saveAndContinue" : "wizard.next")}
        </button>
      </div>
    </form>
  );
}
