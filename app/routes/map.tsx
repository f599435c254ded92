import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { GameMap } from "~/features/map/GameMap";
import { formatLat, formatLng } from "@common/projection";
import type { Bounds, LatLng } from "~/features/map/types";
import publicCss from "~/features/public/public.css?url";
import { BrandName } from "~/components/BrandName";

/** /map, the bare map view: a full-screen map that shows where it was tapped. */

/** Metropolitan France with a little sea around it. */
const FRANCE_BOUNDS: Bounds = { north: 51.3, south: 41.2, west: -5.3, east: 9.8 };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: publicCss }];

export const meta: MetaFunction = () => [{ title: "Carte — Repère" }];

export default function BareMap() {
  const [point, setPoint] = useState<LatLng | null>(null);
  return (
    <div className="bare-map">
      <header className="public-bar">
        <Link to="/" className="public-brand">
          <BrandName />
        </Link>
        <h1>Carte</h1>
      </header>
      <main className="bare-map-main">
        <GameMap
          bounds={FRANCE_BOUNDS}
          ariaLabel="Carte : touchez un point pour lire ses coordonnées"
          markers={point ? [{ id: "tap", position: point, label: "Point choisi" }] : []}
          onMapClick={setPoint}
        />
      </main>
      <section className="bare-map-panel" aria-label="Coordonnées du point touché">
        <output aria-live="polite" className="bare-map-output">
          {point ? (
            <>
              <span>
                Latitude <strong data-testid="tap-lat">{formatLat(point.lat, 5)}</strong>
              </span>
              <span>
                Longitude <strong data-testid="tap-lng">{formatLng(point.lng, 5)}</strong>
              </span>
            </>
          ) : (
            <span className="bare-map-prompt">Touchez la carte pour lire les coordonnées du point.</span>
          )}
        </output>
      </section>
    </div>
  );
}
