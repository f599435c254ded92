import { useState, type FormEvent } from "react";
import { initQuiz, updateQuiz } from "./api";
import { DEFAULT_SPEED_POINTS_MAX, isSpeedPointsMax, SPEED_POINTS_MAX_LIMIT, QUIZ_DESCRIPTION_MAX, QUIZ_TITLE_MAX } from "@common/rules";
import { WIZARD_MSG } from "@common/wizard/types";
import type { WizardQuiz } from "./Wizard";
import { FieldError } from "~/components/FieldError";

/**
 * Step 1: 'Titre' and 'Description', both required, and the quiz's speed points.
 * 'Suivant' creates the quiz, or saves these fields of a quiz that exists (renaming it).
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
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState({ name: false, description: false, points: false });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const description = String(form.get("description") ?? "").trim();
    const pointsText = String(form.get("speedPointsMax") ?? "").trim().replace(",", ".");
    const speedPointsMax = pointsText === "" ? Number.NaN : Number(pointsText);
    setInvalid({ name: !name, description: !description, points: !isSpeedPointsMax(speedPointsMax) });
    if (!name || !description) return setError(WIZARD_MSG.required);
    if (name.length > QUIZ_TITLE_MAX) return setError(WIZARD_MSG.titleTooLong);
    if (description.length > QUIZ_DESCRIPTION_MAX) return setError(WIZARD_MSG.descriptionTooLong);
    if (!isSpeedPointsMax(speedPointsMax)) return setError(WIZARD_MSG.badSpeedPoints);
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
    <form className="wz-card wz-title-step" onSubmit={submit} noValidate aria-labelledby="wz-title-heading">
      <h2 id="wz-title-heading">Titre et description</h2>
      <p className="wz-help">Le titre apparaît sur le tableau de bord et sur l'écran du présentateur.</p>
      <div className="wz-field">
        <label htmlFor="wz-name">Titre</label>
        <input
          id="wz-name"
          name="name"
          defaultValue={quiz?.name}
          maxLength={QUIZ_TITLE_MAX}
          autoComplete="off"
          required
          aria-invalid={invalid.name || undefined}
        />
      </div>
      <div className="wz-field">
        <label htmlFor="wz-description">Description</label>
        <textarea
          id="wz-description"
          name="description"
          rows={4}
          defaultValue={quiz?.description}
          maxLength={QUIZ_DESCRIPTION_MAX}
          required
          aria-invalid={invalid.description || undefined}
        />
      </div>
      <div className="wz-field wz-points">
        <label htmlFor="wz-points">Points de rapidité</label>
        <input
          id="wz-points"
          name="speedPointsMax"
          type="number"
          inputMode="decimal"
          min={0}
          max={SPEED_POINTS_MAX_LIMIT}
          step={0.5}
          defaultValue={quiz?.speedPointsMax ?? DEFAULT_SPEED_POINTS_MAX}
          aria-describedby="wz-points-help"
          aria-invalid={invalid.points || undefined}
        />
        <p id="wz-points-help" className="wz-help">
          {`À gagner en plus des cercles par une réponse donnée dès l'ouverture de la question ; ils baissent jusqu'à 0 à la fin du temps (0 à ${SPEED_POINTS_MAX_LIMIT}).`}
        </p>
      </div>
      <FieldError error={error} />
      <div className="wz-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "..." : quiz ? "Enregistrer et continuer" : "Suivant"}
        </button>
      </div>
    </form>
  );
}
