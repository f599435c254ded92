import { useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useSyncExternalStore } from "react";
import type { PublicEnv } from "@common/public-env";
import "./map.css";
import { OfflineMap } from "./OfflineMap";
import type { GameMapProps } from "./types";

/**
 * The one map of the app (DESIGN §7). With a Google Maps key it renders Google's hybrid map
 * in the browser; without one, or when Google does not load, the offline map in the same box.
 * The Google code is a separate chunk loaded after hydration, so server rendering never touches
 * it and players without a key never download it.
 */
const GoogleGameMap = lazy(() => import("./GoogleGameMap"));

const noop = () => () => {};
/** False on the server and during hydration, true afterwards. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false
  );
}

export function GameMap(props: GameMapProps) {
  const root = useRouteLoaderData("root") as { env?: PublicEnv } | undefined;
  const apiKey = root?.env?.googleMapsApiKey ?? null;
  const mapId = root?.env?.googleMapsMapId ?? null;
  const hydrated = useHydrated();

  if (!apiKey) return <OfflineMap {...props} />;
  const placeholder = <MapPlaceholder className={props.className} ariaLabel={props.ariaLabel} />;
  if (!hydrated) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <GoogleGameMap {...props} apiKey={apiKey} mapId={mapId} />
    </Suspense>
  );
}

function MapPlaceholder({ className, ariaLabel }: { className?: string; ariaLabel?: string }) {
  return (
    <div
      className={["game-map", "map-loading", className ?? ""].join(" ").trim()}
      role="region"
      aria-label={ariaLabel ?? "Carte"}
      aria-busy="true"
    >
      <p>Chargement de la carte…</p>
    </div>
  );
}

export type { GameMapProps } from "./types";
