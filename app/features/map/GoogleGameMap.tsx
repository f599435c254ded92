/// <reference types="google.maps" />
import { APILoadingStatus, APIProvider, useApiLoadingStatus } from "@vis.gl/react-google-maps";
import { useEffect, useState } from "react";
import { useLocale } from "~/components/I18n";
import { listenForAuthFailure, reportGoogleTrouble } from "./google-status";
import { GoogleView } from "./GoogleView";
import { MAP_MSG } from "./messages";
import { OfflineMap } from "./OfflineMap";
import type { GameMapProps } from "./types";

/**
 * Google rendering of GameMap, loaded in the browser only (GameMap lazy-loads this module after
 * hydration). Google bills every `google.maps.Map` built, so the map is built once per page and
 * kept: `reuseMaps` parks the instance when a screen unmounts it and hands it to the next
 * screen (next question, results), which only changes its options, overlays and camera.
 */

// Before the script is ever requested: Google reports a refused key through this hook.
listenForAuthFailure();

/** Past this, the offline map stands in while Google keeps loading (it takes over if it does). */
const LOAD_TIMEOUT_MS = 12_000;

type Props = GameMapProps & { apiKey: string; mapId: string | null; explainFallback: boolean };

export default function GoogleGameMap({ apiKey, ...props }: Props) {
  // The page's language, as loaded: Google's script is loaded once per page, so a language
  // switched later words our screens at once and Google's labels at the next page.
  const locale = useLocale();
  return (
    <APIProvider apiKey={apiKey} language={locale} region="FR">
      <GoogleOrOffline {...props} />
    </APIProvider>
  );
}

function GoogleOrOffline({ mapId, explainFallback, ...props }: Omit<Props, "apiKey">) {
  const status = useApiLoadingStatus();
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    // The script did not load: the rest of the page goes offline without asking again.
    if (status === APILoadingStatus.FAILED) reportGoogleTrouble("unreachable");
    if (status === APILoadingStatus.LOADED) return setSlow(false);
    const timer = setTimeout(() => setSlow(true), LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [status]);

  if (slow && status !== APILoadingStatus.LOADED) {
    return <OfflineMap {...props} notice={explainFallback ? MAP_MSG.unreachable : undefined} />;
  }
  return <GoogleView {...props} mapId={mapId} />;
}
