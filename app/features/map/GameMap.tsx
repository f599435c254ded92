import { lazy, Suspense, useSyncExternalStore } from "react";
import { useT } from "~/components/I18n";
import { useGoogleTrouble } from "./google-status";
import "./map.css";
import { MAP_MSG } from "./messages";
import { OfflineMap } from "./OfflineMap";
import { usePublicEnv } from "./public-env";
import type { GameMapProps } from "./types";

/**
 * The one map of the app. With a Google Maps key it renders Google's hybrid map in the browser;
 * without one, or once Google failed to load or refused the key, the offline map in the same
 * box. The Google code is a separate chunk loaded after hydration, so server rendering never
 * touches it and players without a key never download it.
 */
const GoogleGameMap = lazy(() => import("./GoogleGameMap"));

const noop = () => () => {};
/** False on the server and during hydration, true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

export function GameMap({ explainFallback = false, ...props }: GameMapProps & {
  /**
   * Say on the map why it is the offline one when Google failed (presenter and admin screens,
   * where someone can act on it); players just play on it.
   */
  explainFallback?: boolean;
}) {
  const { googleMapsApiKey: apiKey, googleMapsMapId: mapId } = usePublicEnv();
  const hydrated = useHydrated();
  const trouble = useGoogleTrouble();

  if (!apiKey) return <OfflineMap {...props} />;
  if (trouble !== "none") {
    const notice = trouble === "refused" ? MAP_MSG.keyRefused : MAP_MSG.unreachable;
    return <OfflineMap {...props} notice={explainFallback ? notice : undefined} />;
  }
  const placeholder = <MapPlaceholder className={props.className} ariaLabel={props.ariaLabel} />;
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <GoogleGameMap {...props} apiKey={apiKey} mapId={mapId} explainFallback={explainFallback} />
    </Suspense>
  );
}

function MapPlaceholder({ className, ariaLabel }: { className?: string; ariaLabel?: string }) {
  const t = useT();
  return (
    <div
      className={["game-map", "map-loading", className ?? ""].join(" ").trim()}
      role="region"
      aria-label={ariaLabel ?? t("map.label")}
      aria-busy="true"
    >
      <p>{t("map.loading")}</p>
    </div>
  );
}

