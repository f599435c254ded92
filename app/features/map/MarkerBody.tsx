import type { CSSProperties } from "react";
import { MapPin } from "./MapPin";
import type { MapMarker } from "./types";

/**
 * What a marker looks like on both maps: the player's picture or a plain pin, the tip on the
 * point, and its label below. The offline map places it in percentages of its box, Google's map
 * in pixels of its overlay pane; either way the same element, so both renderings look alike.
 */
export function MarkerBody({
  marker,
  style,
  labelSide = "",
}: {
  marker: MapMarker;
  style?: CSSProperties;
  /** " is-start" / " is-end": a label near an edge runs inwards. */
  labelSide?: string;
}) {
  return (
    <div
      className="om-marker"
      style={style}
      role={marker.label ? "img" : undefined}
      aria-label={marker.label}
      aria-hidden={marker.label ? undefined : true}
      data-marker-id={marker.id}
    >
      {marker.iconUrl ? (
        <img className="om-marker-icon" src={marker.iconUrl} alt="" width={40} height={40} draggable={false} />
      ) : (
        <MapPin color={marker.color} />
      )}
      {marker.label ? (
        <span className={`om-marker-label${labelSide}`} aria-hidden="true">
          {marker.label}
        </span>
      ) : null}
    </div>
  );
}
