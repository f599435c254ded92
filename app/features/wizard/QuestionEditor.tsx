import { useEffect, useRef, useState, type FormEvent } from "react";
import { formatCoords, parseCoords } from "@common/util/coords";
import type { Words } from "@common/i18n/ids";
import { MSG } from "@common/contracts/messages";
import { QUESTION_NAME_MAX, QUIZ_DESCRIPTION_MAX } from "@common/rules";
import { parseStreetViewEmbed } from "@common/media/streetview";
import { WIZARD_MSG, type WizardQuestion } from "@common/contracts/wizard/types";
import { updateQuestion } from "./api";
import { CoordsField, CoordsPreview, FormStatus } from "./CoordsPreview";
import { Thumb } from "./BlobThumb";
import { preparePhoto, type PreparedPhoto } from "./photo-prep";
import { useT } from "~/components/I18n";

/**
 * A question's form, opened in place in the list: its name and its spot (typed, or a tap on the
 * map) for any question; a new photo for a photo question (prepared like any picked photo); the
 * title, description and embed code of a Street View question. Only what changed is sent. It
 * takes the focus on its first field when it opens.
 */
export function QuestionEditor({
  quiz,
  question: q,
  near,
  onSaved,
  onClose,
}: {
  quiz: string;
  question: WizardQuestion;
  near: WizardQuestion["coords"] | null;
  onSaved: (q: WizardQuestion) => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = `wz-edit-${q.id}`;
  const nameField = useRef<HTMLInputElement>(null);
  useEffect(() => nameField.current?.focus(), []);
  const [name, setName] = useState(q.name);
  const [spotText, setSpotText] = useState(formatCoords(q.coords));
  const [title, setTitle] = useState(q.titre ?? "");
  const [description, setDescription] = useState(q.description ?? "");
  const [embedCode, setEmbedCode] = useState("");
  const [photo, setPhoto] = useState<PreparedPhoto | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<Words | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const changeSpotText = (text: string) => {
    setSpotText(text);
    setError(null);
  };

  async function choose(file: File | undefined) {
    if (!file) return;
    setPreparing(true);
    setError(null);
    const prepared = await preparePhoto(file);
    setPreparing(false);
    if (!prepared.ok) return setError(prepared.error);
    setPhoto(prepared.photo);
    // A new photo that knows where it was taken moves the question there, unless the spot was typed.
    if (prepared.photo.gps && spotText === formatCoords(q.coords)) setSpotText(formatCoords(prepared.photo.gps));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null || preparing) return;
    const parsed = parseCoords(spotText);
    if (!parsed.ok) return setError(parsed.error);
    if (!name.trim()) return setError(MSG.required);
    const form = new FormData();
    if (name.trim() !== q.name) form.set("name", name.trim());
    if (parsed.coords.lat !== q.coords.lat || parsed.coords.lng !== q.coords.lng) form.set("coords", JSON.stringify(parsed.coords));
    if (photo) form.set("uploadFile", photo.jpeg, `${photo.name}.jpg`);
    if (q.kind === "streetview") {
      if (!title.trim() || !description.trim()) return setError(MSG.required);
      if (title.trim() !== (q.titre ?? "")) form.set("titre", title.trim());
      if (description.trim() !== (q.description ?? "")) form.set("description", description.trim());
      if (embedCode.trim()) {
        if (!parseStreetViewEmbed(embedCode)) return setError(WIZARD_MSG.streetViewMissing);
        form.set("iframe", embedCode);
      }
    }
    if ([...form.keys()].length === 0) return onClose();
    setError(null);
    setProgress(0);
    const result = await updateQuestion(quiz, q.id, form, setProgress);
    setProgress(null);
    if (!result.ok) return setError(result.error);
    onSaved(result.value);
  }

  return (
    <form className="wz-form wz-editor" onSubmit={submit} noValidate aria-label={t("wizard.list.editLabel", { name: q.name })}>
      <div className="wz-form-fields">
        <div className="wz-field">
          <label htmlFor={`${id}-name`}>{t("wizard.field.name")}</label>
          <input ref={nameField} id={`${id}-name`} value={name} maxLength={QUESTION_NAME_MAX} autoComplete="off" onChange={(e) => setName(e.currentTarget.value)} />
        </div>
        {q.kind === "photo" ? (
          <div className="wz-field">
            <span className="wz-field-label">{t("wizard.editor.photo")}</span>
            <div className="wz-file">
              <input
                id={`${id}-photo`}
                className="wz-file-input"
                type="file"
                accept="image/*,.heic,.heif,.avif"
                onChange={(e) => void choose(e.currentTarget.files?.[0])}
                disabled={preparing || progress !== null}
              />
              <label htmlFor={`${id}-photo`} className="wz-file-button">
                {t(preparing ? "wizard.batch.preparing" : "wizard.editor.replacePhoto")}
              </label>
              <span className="wz-file-name">{photo ? t("wizard.editor.newPhotoName", { name: photo.name }) : t("wizard.editor.currentPhoto")}</span>
            </div>
          </div>
        ) : (
          <>
            <div className="wz-field">
              <label htmlFor={`${id}-titre`}>{t("wizard.field.title")}</label>
              <input id={`${id}-titre`} value={title} maxLength={QUESTION_NAME_MAX} autoComplete="off" onChange={(e) => setTitle(e.currentTarget.value)} />
            </div>
            <div className="wz-field">
              <label htmlFor={`${id}-description`}>{t("wizard.field.description")}</label>
              <textarea id={`${id}-description`} rows={2} value={description} maxLength={QUIZ_DESCRIPTION_MAX} onChange={(e) => setDescription(e.currentTarget.value)} />
            </div>
            <div className="wz-field">
              <label htmlFor={`${id}-iframe`}>{t("wizard.editor.newEmbed")}</label>
              <textarea
                id={`${id}-iframe`}
                rows={2}
                value={embedCode}
                spellCheck={false}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setEmbedCode(value);
                  const sv = value.trim() ? parseStreetViewEmbed(value) : null;
                  if (sv) setSpotText(formatCoords(sv));
                }}
              />
            </div>
          </>
        )}
        <CoordsField id={`${id}-coords`} value={spotText} onChange={changeSpotText} />
        <FormStatus error={error} progress={progress} />
        <div className="wz-actions">
          <button type="button" className="button button-secondary" onClick={onClose} disabled={progress !== null}>
            {t("wizard.editor.close")}
          </button>
          <button type="submit" className="button" disabled={progress !== null || preparing}>
            {t("wizard.editor.save")}
          </button>
        </div>
      </div>
      <div className="wz-form-preview">
        {photo ? <Thumb blob={photo.jpeg} alt={t("wizard.editor.newPhotoAlt")} className="wz-photo-preview" /> : null}
        <CoordsPreview text={spotText} near={near} onPick={changeSpotText} />
      </div>
    </form>
  );
}
