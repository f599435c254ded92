import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useState } from "react";
import { RichText, useT } from "~/components/I18n";
import { useCoordinates } from "~/features/map/coordinates";
import { GameMap } from "~/features/map/GameMap";
import type { Bounds, LatLng } from "~/features/map/types";
import { publicMeta } from "~/features/public/meta";
import { PublicBar } from "~/features/public/PublicBar";
import { localeOf, translator } from "~/server/i18n/i18n.server";
import publicCss from "~/features/public/public.css?url";

/** /map, the bare map view: a full-screen map that shows where it was tapped. */

/** Metropolitan France with a little sea around it. */
const FRANCE_BOUNDS: Bounds = { north: 51.3, south: 41.2, west: -5.3, east: 9.8 };

export const loader = ({ request }: LoaderFunctionArgs) => ({ title: translator(localeOf(request))("public.meta.map") });

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data, matches);

export default function BareMap() {
  const t = useT();
  const coords = useCoordinates();
  const [point, setPoint] = useState<LatLng | null>(null);
  return (
    <div className="bare-map">
      <PublicBar title={t("public.map.title")} />
      <main className="bare-map-main">
        <GameMap
          bounds={FRANCE_BOUNDS}
          ariaLabel={t("public.map.label")}
          markers={point ? [{ id: "tap", position: point, label: t("public.map.point") }] : []}
          onMapClick={setPoint}
        />
      </main>
      <section className="bare-map-panel" aria-label={t("public.map.panel")}>
        <output aria-live="polite" className="bare-map-output">
          {point ? (
            <>
              <span>
                <RichText id="public.map.lat" values={{ value: coords.lat(point.lat, 5) }} components={{ 0: <strong data-testid="tap-lat" /> }} />
              </span>
              <span>
                <RichText id="public.map.lng" values={{ value: coords.lng(point.lng, 5) }} components={{ 0: <strong data-testid="tap-lng" /> }} />
              </span>
            </>
          ) : (
            <span className="bare-map-prompt">{t("public.map.prompt")}</span>
          )}
        </output>
      </section>
    </div>
  );
}
