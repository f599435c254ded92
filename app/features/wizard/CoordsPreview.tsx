import { useMemo } from "react";
import { GameMap } from "~/features/map/GameMap";
import { boxAround, COORDS_MSG, parseCoords } from "@common/coords";

/**
 * Where the typed coordinates fall (spec §5): a small map with the spot, or 'Impossible de
 * détecter des coordonnées' while the text is not 'lat,lng'.
 */
export function CoordsPreview({ text }: { text: string }) {
  const parsed = useMemo(() => parseCoords(text), [text]);
  if (!text.replace(/\s+/g, "")) {
    return (
      <div className="wz-mini-map wz-mini-map-empty">
        <p>La position de la question apparaîtra ici.</p>
      </div>
    );
  }
  if (!parsed.ok) {
    return (
      <div className="wz-mini-map wz-mini-map-empty">
        <p className="wz-preview-error" role="status">
          {COORDS_MSG.undetected}
        </p>
      </div>
    );
  }
  return (
    <div className="wz-mini-map">
      <GameMap
        bounds={boxAround(parsed.coords)}
        center={parsed.coords}
        zoom={13}
        markers={[{ id: "spot", position: parsed.coords, color: "#d81b60", label: "Position de la question" }]}
        ariaLabel="Aperçu de la position de la question"
        explainFallback
      />
    </div>
  );
}

export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="wz-progress">
      <progress max={100} value={percent} aria-label="Envoi de la question" />
      <span aria-live="polite">Envoi : {percent} %</span>
    </div>
  );
}

/** The end of both question forms: the refusal, the upload progress and the submit button. */
export function QuestionFormFooter({ error, progress }: { error: string | null; progress: number | null }) {
  return (
    <>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {progress !== null ? <UploadProgress percent={progress} /> : null}
      <div className="wz-actions">
        <button type="submit" className="button" disabled={progress !== null}>
          Ajouter la question
        </button>
      </div>
    </>
  );
}
