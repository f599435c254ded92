import { useEffect, useRef, useState } from "react";
import type { FocusEvent, KeyboardEvent } from "react";
import { formatDistance } from "@common/i18n/format";
import { usePageVoice } from "~/components/Announcer";
import { useLocale, useT } from "~/components/I18n";
import { useLatest } from "./camera";
import { enterMeans, mapCommand, samePoint } from "./crosshair";
import { PLACED, whereWords } from "./crosshair-words";
import type { LatLng, MapMarker } from "./types";

/**
 * The keyboard on either rendering of the map (docs/decisions/043-the-map-without-a-pointer.md):
 * arrows move the crosshair's point, + and − zoom, Space places the marker there, Enter places it
 * or, once the marker stands there, runs the screen's own validation. What a screen reader hears
 * goes through one polite live region: the placed marker at once, where the crosshair went once
 * the keys stop (not at every step), the edge of the zone, the width shown after a zoom. That
 * region is the page's own where the page has one (a night's or a défi's phone: one voice), else
 * the map's (`ownVoice`, rendered by MapHelp).
 */

/** Quiet time after the last key before the crosshair's position is spoken. */
export const SETTLE_MS = 700;

export interface MapKeyboard {
  /** Where the crosshair is now: the target, or the view's centre before any key. */
  target(): LatLng;
  /** The map's centre as its screen opened it: positions are said from there. */
  centre: LatLng;
  /** Metres across the view now (said after a zoom). */
  widthMetres(): number;
  markers: readonly MapMarker[];
  /** Moves the target by fractions of the view; returns the new target (the same one: at the edge). */
  move(dx: number, dy: number): LatLng;
  zoom(factor: number): void;
  onMapClick?: (position: LatLng) => void;
  onConfirm?: () => void;
}

export type MapKeys = ReturnType<typeof useMapKeyboard>;

export function useMapKeyboard(map: MapKeyboard) {
  const t = useT();
  const pageVoice = usePageVoice();
  const locale = useLocale();
  const latest = useLatest(map);
  const [spoken, setSpoken] = useState("");
  // Shown (crosshair, help line) while the map has the focus from the keyboard, not from a tap.
  const [keyboard, setKeyboard] = useState(false);
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Plain functions, made again at each render: they are only ever called from events.
  const say = (text: string) => {
    if (settle.current) clearTimeout(settle.current);
    settle.current = null;
    if (pageVoice) return pageVoice(text);
    // The same sentence twice (the edge, twice) is spoken again only if the region changed between.
    setSpoken((before) => (before === text ? `${text}\u00a0` : text));
  };
  const sayLater = (words: () => string) => {
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(() => say(words()), SETTLE_MS);
  };
  useEffect(() => () => void (settle.current && clearTimeout(settle.current)), []);

  const place = (at: LatLng) => {
    const { onMapClick, onConfirm, centre } = latest.current;
    if (!onMapClick) return;
    onMapClick(at);
    const where = t(whereWords(locale, at, centre, PLACED));
    say(onConfirm ? `${where} ${t("map.placed.confirmHint")}` : where);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    // The zoom buttons and anything else inside keep their own keys.
    if (e.target !== e.currentTarget && (e.target as HTMLElement).closest("button, a, input, select, textarea")) return;
    const command = mapCommand(e);
    if (!command) return;
    e.preventDefault();
    setKeyboard(true);
    const map = latest.current;
    switch (command.kind) {
      case "move": {
        const before = map.target();
        const after = map.move(command.dx, command.dy);
        if (samePoint(before, after)) say(t("map.edge"));
        else sayLater(() => t(whereWords(locale, after, latest.current.centre)));
        return;
      }
      case "zoom":
        map.zoom(command.factor);
        sayLater(() => t("map.zoomed", { width: formatDistance(locale, latest.current.widthMetres()) }));
        return;
      case "place":
        place(map.target());
        return;
      case "enter": {
        const here = map.target();
        const placedHere = map.markers.some((marker) => samePoint(marker.position, here));
        if (enterMeans(placedHere ? here : null, here, !!map.onConfirm) === "confirm") map.onConfirm?.();
        else place(here);
        return;
      }
    }
  };

  const onFocus = (e: FocusEvent<HTMLElement>) => {
    if (e.target.matches(":focus-visible")) setKeyboard(true);
  };
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setKeyboard(false);
  };
  const onPointerDownCapture = () => setKeyboard(false);

  return { spoken, ownVoice: !pageVoice, keyboard, handlers: { onKeyDown, onFocus, onBlur, onPointerDownCapture } };
}

/** The help line's message: what the keys do on this map. */
export function helpId(canPlace: boolean, canConfirm: boolean) {
  if (!canPlace) return "map.help.view" as const;
  return canConfirm ? ("map.help.answer" as const) : ("map.help.place" as const);
}
