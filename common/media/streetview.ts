/**
 * Street View questions (docs/architecture.md, Inputs): the embed text a game master pastes is
 * parsed into panorama, position and view angle; the iframe URL is rebuilt from those numbers and
 * never taken from stored text.
 */
export type StreetView = {
  pano: string | null;
  lat: number;
  lng: number;
  heading: number;
  pitch: number;
  fov: number | null;
};

const num = (text: string, re: RegExp): number | null => {
  const m = text.match(re);
  if (!m) return null;
  const value = Number(m[1]);
  return Number.isFinite(value) ? value : null;
};

/** Reads `!1s<pano>!2m2!1d<lat>!2d<lng>!3f<heading>!4f<pitch>!5f<fov>` from an embed or its URL. */
export function parseStreetViewEmbed(text: string): StreetView | null {
  const src = text.match(/maps\/embed\?pb=([^"'\s>]+)/)?.[1] ?? text;
  const lat = num(src, /!1d(-?\d+(?:\.\d+)?)/);
  const lng = num(src, /!2d(-?\d+(?:\.\d+)?)/);
  const heading = num(src, /!3f(-?\d+(?:\.\d+)?)/);
  const pitch = num(src, /!4f(-?\d+(?:\.\d+)?)/);
  if (lat === null || lng === null || heading === null || pitch === null) return null;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const pano = src.match(/!1s([A-Za-z0-9_-]{8,200})/)?.[1] ?? null;
  return { pano, lat, lng, heading, pitch, fov: num(src, /!5f(\d+(?:\.\d+)?)/) };
}

/**
 * Google Maps' share-dialog embed (no API key). In its `pb` encoding `!1mN` announces how many
 * entries follow inside the view (panorama, position pair, heading, pitch, field of view) and
 * `!6mN` one more: an optional part left out must lower both counts.
 */
export function streetViewEmbedUrl(sv: StreetView): string {
  const pano = sv.pano && /^[A-Za-z0-9_-]+$/.test(sv.pano) ? `!1s${sv.pano}` : "";
  const fov = sv.fov !== null ? `!5f${sv.fov}` : "";
  const inner = (pano ? 1 : 0) + 3 + 2 + (fov ? 1 : 0);
  return (
    `https://www.google.com/maps/embed?pb=!4v0!6m${inner + 1}!1m${inner}` +
    `${pano}!2m2!1d${sv.lat}!2d${sv.lng}!3f${sv.heading}!4f${sv.pitch}${fov}`
  );
}
