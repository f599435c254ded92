// A photo of a batch whose file said nothing of where it was taken: placed by a tap on the map or
// typed coordinates, named, then added as a question.
import { useState, type FormEvent } from "react";
import { parseCoords } from "@common/util/coords";
import type { Words } from "@common/i18n/ids";
import type { LatLng } from "@common/wire/protocol";
import { QUESTION_NAME_MAX } from "@common/rules";
import { WIZARD_MSG, type WizardQuestion } from "@common/contracts/wizard/types";
import { useT } from "~/components/I18n";
import { uploadQuestion } from "./api";
import { Thumb } from "./BlobThumb";
import { CoordsField, CoordsPreview, FormStatus } from "./CoordsPreview";
import { photoForm, type PreparedPhoto } from "./photo-prep";
import { StatusNote } from "~/components/StatusNote";

/** One photo without a position: its name, its spot (a tap on the map or typed), then added. */
export function PlacePhoto({
  quiz,
  photo,
  near,
  shown,
  full,
  onPlaced,
  onSkip,
}: {
  quiz: string;
  photo: PreparedPhoto;
  near: LatLng | null;
  shown: boolean;
  /** Why no question can be added now (the quiz is full), or null. */
  full: Words | null;
  onPlaced: (q: WizardQuestion) => void;
  onSkip: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(photo.name);
  const [spotText, setSpotText] = useState("");
  const [error, setError] = useState<Words | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const changeSpotText = (text: string) => {
    setSpotText(text);
    setError(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null || full) return;
    const parsed = parseCoords(spotText);
    if (!parsed.ok) return setError(parsed.error);
    const questionName = name.trim();
    if (!questionName) return setError(WIZARD_MSG.required);
    setError(null);
    setProgress(0);
    const result = await uploadQuestion(quiz, photoForm(photo, parsed.coords, questionName), setProgress);
    setProgress(null);
    if (!result.ok) return setError(result.error);
    onPlaced(result.value);
  }

  return (
    <form className="wz-form wz-place" onSubmit={submit} noValidate aria-label={t("wizard.place.label", { name: photo.name })}>
      <div className="wz-form-fields">
        <Thumb blob={photo.jpeg} alt={t("wizard.place.photoAlt", { name: photo.name })} className="wz-photo-preview" />
        <div className="wz-field">
          <label htmlFor="wz-place-name">{t("wizard.field.name")}</label>
          <input id="wz-place-name" value={name} maxLength={QUESTION_NAME_MAX} autoComplete="off" onChange={(e) => setName(e.currentTarget.value)} />
        </div>
        <CoordsField id="wz-place-coords" value={spotText} onChange={changeSpotText} />
        <FormStatus error={error} progress={progress} />
        <StatusNote words={full} className="wz-help wz-full" />
        <div className="wz-actions">
          <button type="button" className="button button-secondary" onClick={onSkip} disabled={progress !== null}>
            {t("wizard.place.skip")}
          </button>
          <button type="submit" className="button" disabled={progress !== null || full !== null}>
            {t("wizard.addQuestion")}
          </button>
        </div>
      </div>
      {shown ? (
        <div className="wz-form-preview">
          <CoordsPreview text={spotText} near={near} onPick={changeSpotText} />
        </div>
      ) : null}
    </form>
  );
}
