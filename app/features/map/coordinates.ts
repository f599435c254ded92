import { useMemo } from "react";
import { formatDecimal } from "@common/i18n/format";
import { useLocale, useT } from "~/components/I18n";
import type { LatLng } from "./types";

/**
 * Latitudes and longitudes in the reader's language: the number in its own way (« 45,76° N »,
 * « 45.76° N ») and the hemisphere's letter from the catalog (west is O in French, W in English
 * and German; east is O in German).
 */
export function useCoordinates() {
  const t = useT();
  const locale = useLocale();
  return useMemo(() => {
    const lat = (value: number, decimals = 4) =>
      t("map.coord.lat", { value: formatDecimal(locale, Math.abs(value), decimals), hemisphere: value < 0 ? "s" : "n" });
    const lng = (value: number, decimals = 4) =>
      t("map.coord.lng", { value: formatDecimal(locale, Math.abs(value), decimals), hemisphere: value < 0 ? "w" : "e" });
    const point = (p: LatLng, decimals = 4) => t("map.coord.point", { lat: lat(p.lat, decimals), lng: lng(p.lng, decimals) });
    return { lat, lng, point };
  }, [t, locale]);
}
