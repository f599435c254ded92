import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { formatCoords, parseCoords } from "@common/coords";
import { readExifGps } from "@common/exif";
import { uploadQuestion } from "./api";
import { CoordsPreview, QuestionFormFooter } from "./CoordsPreview";
import { megabytes, QUESTION_NAME_MAX, QUESTION_PHOTO_MAX_BYTES } from "@common/rules";
import { WIZARD_MSG, type WizardQuestion } from "@common/wizard/types";

const withoutExtension = (fileName: string) => fileName.replace(/\.[^.]*$/, "");

/**
 * 'Photo et coordonnées': a picture, its name (the file name by default) and 'lat,lng'. The
 * photo's own GPS position, when it has one, is read here in the browser to prefill the
 * coordinates; the server strips it from the stored file.
 */
export function PhotoQuestionForm({ quiz, onAdded }: { quiz: string; onAdded: (q: WizardQuestion) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState("");
  const [coords, setCoords] = useState("");
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const autoName = useRef("");
  const pick = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.currentTarget.files?.[0] ?? null;
    const token = ++pick.current;
    setFile(chosen);
    setError(null);
    setNote(null);
    setPreviewUrl(chosen && chosen.type.startsWith("image/") ? URL.createObjectURL(chosen) : null);
    if (!chosen) return;
    if (!chosen.type.startsWith("image/")) {
      setError(WIZARD_MSG.notAnImage);
      return;
    }
    if (chosen.size > QUESTION_PHOTO_MAX_BYTES) setError(WIZARD_MSG.tooLarge);
    const base = withoutExtension(chosen.name);
    if (!name.trim() || name === autoName.current) setName(base);
    autoName.current = base;
    const gps = readExifGps(new Uint8Array(await chosen.arrayBuffer()));
    if (token !== pick.current) return; // another file was chosen meanwhile
    if (gps) {
      setCoords(formatCoords(gps));
      setNote("Coordonnées lues dans la photo (GPS). Elles ne seront pas conservées dans le fichier.");
    } else {
      setNote("Cette photo ne contient pas de position GPS : saisissez les coordonnées.");
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null) return;
    if (!file) return setError(WIZARD_MSG.noFile);
    if (!file.type.startsWith("image/")) return setError(WIZARD_MSG.notAnImage);
    if (file.size > QUESTION_PHOTO_MAX_BYTES) return setError(WIZARD_MSG.tooLarge);
    const parsed = parseCoords(coords);
    if (!parsed.ok) return setError(parsed.error);
    const questionName = name.trim() || withoutExtension(file.name);
    if (questionName.length > QUESTION_NAME_MAX) return setError(WIZARD_MSG.nameTooLong);

    const form = new FormData();
    form.set("uploadFile", file);
    form.set("name", questionName);
    form.set("coords", JSON.stringify(parsed.coords));
    setError(null);
    setProgress(0);
    const result = await uploadQuestion(quiz, form, setProgress);
    setProgress(null);
    if (!result.ok) return setError(result.error);
    onAdded(result.value);
    setFile(null);
    setName("");
    setCoords("");
    setNote(null);
    setPreviewUrl(null);
    autoName.current = "";
    if (fileInput.current) fileInput.current.value = "";
  }

  return (
    <form className="wz-form wz-photo-form" onSubmit={submit} noValidate>
      <div className="wz-form-fields">
        <div className="wz-field">
          <label htmlFor="wz-photo">Photo</label>
          <div className="wz-file">
            <input
              ref={fileInput}
              id="wz-photo"
              className="wz-file-input"
              name="uploadFile"
              type="file"
              accept="image/*"
              onChange={choose}
              aria-describedby="wz-photo-help"
            />
            {/* The browser's own button speaks the browser's language; this one speaks French. */}
            <label htmlFor="wz-photo" className="wz-file-button" aria-hidden="true">
              Choisir une photo
            </label>
            <span className="wz-file-name">{file ? file.name : "Aucune photo"}</span>
          </div>
          <p id="wz-photo-help" className="wz-help">
            {`JPEG, PNG, WebP ou GIF, ${megabytes(QUESTION_PHOTO_MAX_BYTES)} au plus.`}
          </p>
        </div>
        <div className="wz-field">
          <label htmlFor="wz-photo-name">Nom</label>
          <input id="wz-photo-name" value={name} onChange={(e) => { setName(e.currentTarget.value); setError(null); }} maxLength={QUESTION_NAME_MAX} autoComplete="off" />
        </div>
        <div className="wz-field">
          <label htmlFor="wz-photo-coords">Coordonnées (latitude,longitude)</label>
          <input
            id="wz-photo-coords"
            value={coords}
            onChange={(e) => {
              setCoords(e.currentTarget.value);
              setError(null);
            }}
            placeholder="ex. 48.8584,2.2945"
            autoComplete="off"
            spellCheck={false}
            aria-describedby={note ? "wz-photo-note" : undefined}
          />
          {note ? (
            <p id="wz-photo-note" className="wz-note" role="status">
              {note}
            </p>
          ) : null}
        </div>
        <QuestionFormFooter error={error} progress={progress} />
      </div>
      <div className="wz-form-preview">
        {previewUrl ? (
          <img className="wz-photo-preview" src={previewUrl} alt="Aperçu de la photo choisie" />
        ) : (
          <div className="wz-photo-preview wz-photo-preview-empty">
            <p>Aperçu de la photo</p>
          </div>
        )}
        <CoordsPreview text={coords} />
      </div>
    </form>
  );
}
