import { useMemo } from "react";
import { GameMap } from "~/features/map/GameMap";
import { boxAround, COORDS_MSG, formatCoords, parseCoords } from "@common/util/coords";
import type { Words } from "@common/i18n/ids";
import type { LatLng } from "@common/wire/protocol";
import { QUIZ_FULL, QUIZ_QUESTIONS_MAX } from "@common/rules";
import type { WizardQuestion } from "@common/contracts/wizard/types";
import { FieldError } from "~/components/FieldError";
import { useT } from "~/components/I18n";
import { StatusNote } from "~/components/StatusNote";

/** What each way of adding a question (a batch of photos, a Street View) gets from the step. */
export type AddQuestionProps = {
  quiz: string;
  onAdded: (q: WizardQuestion) => void;
  /** The last question's spot: a new one starts near it. */
  near: LatLng | null;
  /**
   * False while the other way is chosen: the form keeps what it holds (a batch goes on) but
   * builds no map or frame out of sight.
   */
  shown: boolean;
  /** Questions the quiz holds now: the forms stop at QUIZ_QUESTIONS_MAX. */
  count: number;
};

/** Where the map opens when nothing is placed yet and no question shows the area: France. */
const FRANCE: LatLng = { lat: 46.6, lng: 2.4 };

/**
 * Where the typed coordinates fall (docs/game-rules.md, Building a quiz): a small map with the
 * spot, or 'Impossible de détecter des coordonnées' while the text is not 'lat,lng'. With `onPick`,
 * a tap on the map places the spot there (the text field stays for pasting 'lat,lng'); before any
 * spot, the map shows the area of `near` (the last question), else France. The map takes the
 * keyboard too (the offline map's crosshair: arrows, then Enter places the spot there).
 */
export function CoordsPreview({ text, onPick, near }: { text: string; onPick?: (coords: string) => void; near?: LatLng | null }) {
  const t = useT();
  const parsed = useMemo(() => parseCoords(text), [text]);
  const empty = !text.replace(/\s+/g, "");
  const pick = onPick ? (p: LatLng) => onPick(formatCoords(p)) : undefined;
  if (!parsed.ok && !pick) {
    return (
      <div className="wz-mini-map wz-mini-map-empty">
        {empty ? (
          <p>{t("wizard.coords.previewEmpty")}</p>
        ) : (
          <p className="wz-preview-error" role="status">
            {t(COORDS_MSG.undetected)}
          </p>
        )}
      </div>
    );
  }
  const spot = parsed.ok ? parsed.coords : null;
  const anchor = spot ?? near ?? FRANCE;
  return (
    <div className="wz-mini-map-wrap">
      <div className={pick ? "wz-mini-map wz-mini-map-pick" : "wz-mini-map"}>
        <GameMap
          bounds={spot || near ? boxAround(anchor) : boxAround(anchor, 60)}
          center={anchor}
          zoom={spot || near ? 13 : 5}
          markers={spot ? [{ id: "spot", position: spot, color: "#d81b60", label: t("wizard.coords.marker") }] : []}
          onMapClick={pick}
          ariaLabel={t(pick ? "wizard.coords.pickMap" : "wizard.coords.previewMap")}
          explainFallback
        />
      </div>
      {pick ? (
        <p className={!empty && !parsed.ok ? "wz-map-hint wz-preview-error" : "wz-map-hint"} role="status">
          {t(!empty && !parsed.ok ? COORDS_MSG.undetected : spot ? "wizard.coords.hintMove" : "wizard.coords.hintPlace")}
        </p>
      ) : null}
    </div>
  );
}

export function UploadProgress({ percent }: { percent: number }) {
  const t = useT();
  return (
    <div className="wz-progress">
      <progress max={100} value={percent} aria-label={t("wizard.upload.label")} />
      <span aria-live="polite">{t("wizard.upload.progress", { percent })}</span>
    </div>
  );
}

/** The typed spot of a question: 'lat,lng', pasted or filled by a tap on the map beside it. */
export function CoordsField({ id, value, onChange }: { id: string; value: string; onChange: (text: string) => void }) {
  const t = useT();
  return (
    <div className="wz-field">
      <label htmlFor={id}>{t("wizard.coords.label")}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder={t("wizard.coords.placeholder")}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}

/** Under a question form's fields: why it was refused, or how far its upload is. */
export function FormStatus({ error, progress }: { error: Words | null; progress: number | null }) {
  const t = useT();
  return (
    <>
      <FieldError error={error && t(error)} />
      {progress !== null ? <UploadProgress percent={progress} /> : null}
    </>
  );
}

/** Why a form cannot add a question now (the quiz is full), or null. */
export const fullNotice = (count: number) => (count >= QUIZ_QUESTIONS_MAX ? QUIZ_FULL : null);

/**
 * The end of both question forms: the refusal, the upload progress and the submit button, which
 * waits while the quiz is full (`full` says why).
 */
export function QuestionFormFooter({ error, progress, full }: { error: Words | null; progress: number | null; full: Words | null }) {
  const t = useT();
  return (
    <>
      <FormStatus error={error} progress={progress} />
      <StatusNote words={full} className="wz-help wz-full" />
      <div className="wz-actions">
        <button type="submit" className="button" disabled={progress !== null || full !== null}>
          {t("wizard.addQuestion")}
        </button>
      </div>
    </>
  );
}
