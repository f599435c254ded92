import { useEffect, useRef } from "react";
import { createPortal } from "react-dom";
import type { Words } from "@common/i18n/ids";
import { useT } from "~/components/I18n";
import { helpId, type MapKeys } from "./useMapKeyboard";

/**
 * What a map says to a keyboard user, on either rendering: the help line (the keys, and where
 * the crosshair is), shown while the map has the keyboard's focus, and the map's own live region
 * when the page has no voice of its own to hand the words to.
 *
 * The help line lies over the map's top, or, where the screen gives a `slot` (the phone's
 * question, whose map is small at 200 % zoom), below the map in that element, so that it never
 * covers the crosshair; there it brings itself into view when it appears.
 */
export function MapHelp({
  id,
  keys,
  canPlace,
  canConfirm,
  where,
  slot,
}: {
  id: string;
  keys: MapKeys;
  canPlace: boolean;
  canConfirm: boolean;
  where: Words;
  slot?: HTMLElement | null;
}) {
  const t = useT();
  const line = useRef<HTMLParagraphElement>(null);
  const outside = !!slot;
  useEffect(() => {
    if (outside && keys.keyboard) line.current?.scrollIntoView?.({ block: "nearest" });
  }, [outside, keys.keyboard]);
  const help = (
    <p ref={line} id={id} className={outside ? "map-hint is-outside" : "map-hint"} data-shown={keys.keyboard ? "" : undefined}>
      {t(helpId(canPlace, canConfirm))} <span className="map-hint-where">{t(where)}</span>
    </p>
  );
  return (
    <>
      {slot ? createPortal(help, slot) : help}
      {keys.ownVoice ? (
        <p className="sr-only" aria-live="polite">
          {keys.spoken}
        </p>
      ) : null}
    </>
  );
}
