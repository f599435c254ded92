import { useState, type ReactNode } from "react";
import type { StreetView } from "@common/media/streetview";
import { GameMap } from "~/features/map/GameMap";
import { StreetViewFrame } from "~/features/map/StreetViewFrame";
import type { GameMapProps } from "~/features/map/types";
import { useT } from "~/components/I18n";

/** What the phone shows of a question: its photo, or its Street View view. */
export type QuestionMedia = { photoUrl: string | null; streetview: StreetView | null; title: string };

/**
 * A question on a phone that has no presenter's screen to look at: the photo (or the Street View
 * view) large, the map a tap away, both kept mounted so that switching costs nothing and the one
 * map of the page is never rebuilt. `header` is the question's bar (number, name, countdown);
 * `answer` floats over the map (« Répondre »). The map takes the props of every other map.
 */
export function PhotoThenMap({
  media,
  map,
  header,
  answer,
  label,
}: {
  media: QuestionMedia;
  map: GameMapProps;
  header: ReactNode;
  answer: ReactNode;
  label: string;
}) {
  const t = useT();
  const [view, setView] = useState<"photo" | "map">("photo");
  // Below the map: the map's keyboard help (never over its crosshair, however small the map).
  const [helpSlot, setHelpSlot] = useState<HTMLElement | null>(null);
  return (
    <main className="pl-question pl-ptm" aria-label={label}>
      <header className="pl-qbar">{header}</header>
      <div className="pl-ptm-body">
        <section className="pl-ptm-media" hidden={view !== "photo"} aria-label={t("player.photo.label")}>
          {media.photoUrl ? (
            <img className="pl-ptm-photo" src={media.photoUrl} alt={media.title} />
          ) : media.streetview ? (
            <StreetViewFrame className="pl-ptm-sv" sv={media.streetview} title={media.title} />
          ) : null}
        </section>
        <div className={view === "map" ? "pl-map pl-ptm-map" : "pl-map pl-ptm-map pl-ptm-away"} aria-hidden={view !== "map"}>
          <GameMap {...map} helpSlot={helpSlot} />
          {view === "map" ? <div className="pl-answer-zone">{answer}</div> : null}
        </div>
      </div>
      <div className="pl-map-help" ref={setHelpSlot} />
      <nav className="pl-ptm-tabs" aria-label={t("player.photo.tabs")}>
        <button type="button" className="pl-ptm-tab" aria-pressed={view === "photo"} onClick={() => setView("photo")}>
          {t("player.photo.photo")}
        </button>
        <button type="button" className="pl-ptm-tab" aria-pressed={view === "map"} onClick={() => setView("map")}>
          {t("player.photo.map")}
        </button>
      </nav>
    </main>
  );
}
