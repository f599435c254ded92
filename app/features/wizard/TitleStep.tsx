import { useState, type FormEvent } from "react";
import { initQuiz } from "./api";
import { QUIZ_DESCRIPTION_MAX, QUIZ_TITLE_MAX } from "@common/rules";
import { WIZARD_MSG } from "@common/wizard/types";
import type { WizardQuiz } from "./Wizard";

/** Step 1 (spec §2): 'Titre' and 'Description', both required; 'Suivant' creates the quiz. */
export function TitleStep({ folderId, onCreated }: { folderId: number | null; onCreated: (quiz: WizardQuiz) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState({ name: false, description: false });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const name = String(form.get("name") ?? "").trim();
    const description = String(form.get("description") ?? "").trim();
    setInvalid({ name: !name, description: !description });
    if (!name || !description) return setError(WIZARD_MSG.required);
    if (name.length > QUIZ_TITLE_MAX) return setError(WIZARD_MSG.titleTooLong);
    if (description.length > QUIZ_DESCRIPTION_MAX) return setError(WIZARD_MSG.descriptionTooLong);
    setError(null);
    setBusy(true);
    const result = await initQuiz({ name, description, folderId });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onCreated({ uniqueName: result.value, name, description, mapSettings: null });
  }

  return (
    <form className="wz-card wz-title-step" onSubmit={submit} noValidate aria-labelledby="wz-title-heading">
      <h2 id="wz-title-heading">Titre et description</h2>
      <p className="wz-help">Le titre apparaît sur le tableau de bord et sur l'écran du présentateur.</p>
      <div className="wz-field">
        <label htmlFor="wz-name">Titre</label>
        <input id="wz-name" name="name" maxLength={QUIZ_TITLE_MAX} autoComplete="off" required aria-invalid={invalid.name || undefined} />
      </div>
      <div className="wz-field">
        <label htmlFor="wz-description">Description</label>
        <textarea
          id="wz-description"
          name="description"
          rows={4}
          maxLength={QUIZ_DESCRIPTION_MAX}
          required
          aria-invalid={invalid.description || undefined}
        />
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="wz-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "..." : "Suivant"}
        </button>
      </div>
    </form>
  );
}
