import { useMemo, useRef, useState, type FormEvent } from "react";
import { formatCoords, parseCoords } from "@common/util/coords";
import type { Words } from "@common/i18n/ids";
import { MSG } from "@common/contracts/messages";
import { parseStreetViewEmbed, type StreetView } from "@common/media/streetview";
import { StreetViewFrame } from "~/features/map/StreetViewFrame";
import { uploadQuestion } from "./api";
import { CoordsField, CoordsPreview, fullNotice, QuestionFormFooter, type AddQuestionProps } from "./CoordsPreview";
import { QUESTION_NAME_MAX, QUIZ_DESCRIPTION_MAX } from "@common/rules";
import { WIZARD_MSG } from "@common/contracts/wizard/types";
import { useT } from "~/components/I18n";

/** What Google's embed code looks like: code, the same in every language. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- HTML code to paste, not words
const EMBED_PLACEHOLDER = '<iframe src="https://www.google.com/maps/embed?pb=…"></iframe>';

/**
 * 'Google Maps streetview URL': title, description, the embed code Google Maps gives under
 * Partager > Intégrer une carte, and the spot's coordinates (prefilled from the embed's position).
 */
export function StreetViewQuestionForm({
  quiz,
  onAdded,
  near,
  shown,
  count,
}: AddQuestionProps) {
  const t = useT();
  const full = fullNotice(count);
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [embedCode, setEmbedCode] = useState("");
  const [spotText, setSpotText] = useState("");
  const [error, setError] = useState<Words | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const prefilled = useRef("");
  const changeSpotText = (text: string) => {
    setSpotText(text);
    setError(null);
  };

  const sv = useMemo(() => (embedCode.trim() ? parseStreetViewEmbed(embedCode) : null), [embedCode]);

  function changeEmbedCode(value: string) {
    setEmbedCode(value);
    setError(null);
    const parsed = value.trim() ? parseStreetViewEmbed(value) : null;
    // The embed's camera position is the spot unless the game master typed another one.
    if (parsed && (!spotText.trim() || spotText === prefilled.current)) {
      const text = formatCoords(parsed);
      setSpotText(text);
      prefilled.current = text;
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (progress !== null || full) return;
    // Without coordinates or embed the submit is silently dropped (docs/game-rules.md,
    // Building a quiz).
    if (!embedCode.trim() || !spotText.replace(/\s+/g, "")) return;
    if (!title.trim() || !description.trim()) return setError(MSG.required);
    if (!sv) return setError(WIZARD_MSG.streetViewMissing);
    const parsed = parseCoords(spotText);
    if (!parsed.ok) return setError(parsed.error);

    const form = new FormData();
    form.set("coords", JSON.stringify(parsed.coords));
    form.set("name", title.trim());
    form.set("iframe", embedCode);
    form.set("titre", title.trim());
    form.set("description", description.trim());
    setError(null);
    setProgress(0);
    const result = await uploadQuestion(quiz, form, setProgress);
    setProgress(null);
    if (!result.ok) return setError(result.error);
    onAdded(result.value);
    setTitle("");
    setDescription("");
    setEmbedCode("");
    setSpotText("");
    prefilled.current = "";
  }

  return (
    <form className="wz-form wz-sv-form" onSubmit={submit} noValidate>
      <div className="wz-form-fields">
        <div className="wz-field">
          <label htmlFor="wz-sv-titre">{t("wizard.field.title")}</label>
          <input id="wz-sv-titre" value={title} onChange={(e) => {
              setTitle(e.currentTarget.value);
              setError(null);
            }} maxLength={QUESTION_NAME_MAX} autoComplete="off" />
        </div>
        <div className="wz-field">
          <label htmlFor="wz-sv-description">{t("wizard.field.description")}</label>
          <textarea id="wz-sv-description" rows={2} value={description} onChange={(e) => {
              setDescription(e.currentTarget.value);
              setError(null);
            }} maxLength={QUIZ_DESCRIPTION_MAX} />
        </div>
        <div className="wz-field">
          <label htmlFor="wz-sv-iframe">{t("wizard.sv.embed")}</label>
          <textarea
            id="wz-sv-iframe"
            rows={3}
            value={embedCode}
            onChange={(e) => changeEmbedCode(e.currentTarget.value)}
            placeholder={EMBED_PLACEHOLDER}
            spellCheck={false}
            aria-describedby="wz-sv-iframe-help"
          />
          <p id="wz-sv-iframe-help" className="wz-help">
            {t("wizard.sv.embedHelp")}
          </p>
          {embedCode.trim() && !sv ? (
            <p className="field-error" role="status">
              {t(WIZARD_MSG.streetViewMissing)}
            </p>
          ) : null}
        </div>
        <CoordsField id="wz-sv-coords" value={spotText} onChange={changeSpotText} />
        <QuestionFormFooter error={error} progress={progress} full={full} />
      </div>
      {/* A hidden form builds no map: each Google map built is billed. */}
      {shown ? (
        <div className="wz-form-preview">
          {sv ? (
            <StreetViewPreview sv={sv} />
          ) : (
            <div className="wz-sv-preview wz-photo-preview-empty">
              <p>{t("wizard.sv.preview")}</p>
            </div>
          )}
          <CoordsPreview text={spotText} near={sv ?? near} onPick={changeSpotText} />
        </div>
      ) : null}
    </form>
  );
}

/** The 600x300 preview: Google's own embed, which needs no key. */
function StreetViewPreview({ sv }: { sv: StreetView }) {
  const t = useT();
  return <StreetViewFrame className="wz-sv-preview" title={t("wizard.sv.preview")} sv={sv} />;
}
