/// <reference types="google.maps" />
import { Polyline, useMap } from "@vis.gl/react-google-maps";
import { Fragment, useEffect, useMemo, useState } from "react";
import { useLatest } from "./camera";
import { casings } from "./casing";
import { HELP_TARGET_COLOR, helpTargetLineWidth, helpTargetShapes } from "./help-target";
import type { GameMapProps } from "./types";

type Stroke = { strokeColor?: string; strokeWeight: number; strokeOpacity?: number };

/**
 * A shape over its casing (casing.ts): drawn three times, the casing's dark and white bands
 * first, then the shape itself in its own colour.
 */
export function CasedShape({ width, children }: { width: number; children: (stroke: Stroke) => JSX.Element }) {
  return (
    <>
      {casings(width).map((c) => (
        <Fragment key={c.color}>{children({ strokeColor: c.color, strokeWeight: c.width, strokeOpacity: 1 })}</Fragment>
      ))}
      {children({ strokeWeight: width })}
    </>
  );
}

/** The map's zoom, followed: a reused map keeps the zoom it had, so it is read, not assumed. */
function useMapZoom(): number | null {
  const map = useMap();
  const [zoom, setZoom] = useState<number | null>(null);
  useEffect(() => {
    if (!map) return;
    const read = () => {
      const z = map.getZoom();
      if (z !== undefined) setZoom(z);
    };
    read();
    const listener = google.maps.event.addListener(map, "zoom_changed", read);
    return () => listener.remove();
  }, [map]);
  return zoom;
}

export function ZoomReporter({ onZoomChange }: { onZoomChange: (zoom: number) => void }) {
  const zoom = useMapZoom();
  const report = useLatest(onZoomChange);
  useEffect(() => {
    if (zoom !== null) report.current(Math.round(zoom));
  }, [zoom, report]);
  return null;
}

/** The help target, its line width following the zoom (thicker when zoomed out). */
export function HelpTargetLines({ zone }: { zone: NonNullable<GameMapProps["helpZone"]> }) {
  const zoom = useMapZoom();
  const target = useMemo(() => helpTargetShapes(zone), [zone]);
  if (zoom === null) return null;
  const options = {
    strokeColor: HELP_TARGET_COLOR,
    strokeOpacity: 0.9,
    strokeWeight: helpTargetLineWidth(zoom),
    clickable: false,
  };
  const paths = [...target.rings, ...target.spokes];
  return (
    <>
      {casings(options.strokeWeight).map((c) =>
        paths.map((path, i) => (
          <Polyline key={`${c.color}${i}`} path={path} {...options} strokeColor={c.color} strokeOpacity={1} strokeWeight={c.width} />
        )),
      )}
      {paths.map((path, i) => (
        <Polyline key={`l${i}`} path={path} {...options} />
      ))}
    </>
  );
}
