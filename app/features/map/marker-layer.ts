/**
 * Many players' markers drawn on one canvas instead of one element each (docs/decisions/028):
 * the results map of a 2,000-player room. As elements, every marker was an SVG picture to
 * decode, lay out and paint, and the whole crowd was moved again at every frame of the camera's
 * zoom: the screen stopped for a second or two. On a canvas each distinct picture is rasterised
 * once onto one atlas (a room has at most 54 of them) and every frame is one pass of copies.
 *
 * A small map keeps its markers as elements (MarkerBody), and so does any marker with a label
 * (its name, its accessible name) or a plain pin (the true spot): what the canvas takes is the
 * crowd of unlabelled players' pictures, drawn exactly where and as large as the elements were.
 */
import { loadPicture } from "./marker-pictures";
import type { LatLng, MapMarker } from "./types";

/** Up to this many markers, every one is its own element, as on every other map of the app. */
export const ELEMENT_MARKERS_MAX = 50;

/** Size of a player's picture on the map (map.css, .om-marker-icon). */
const ICON_PX = 40;
/** Room around the picture for its shadow (map.css, .om-marker: drop-shadow 0 3px 3px). */
const PAD = 6;

/** Which markers stay elements and which go on the canvas. */
export function splitMarkers(markers: readonly MapMarker[]): { elements: MapMarker[]; drawn: MapMarker[] } {
  if (markers.length <= ELEMENT_MARKERS_MAX) return { elements: [...markers], drawn: [] };
  const elements: MapMarker[] = [];
  const drawn: MapMarker[] = [];
  for (const m of markers) (m.iconUrl && !m.label ? drawn : elements).push(m);
  return { elements, drawn };
}

// ---------------------------------------------------------------------------------------------
// Pictures, rasterised once each with their shadow, side by side on one atlas canvas

const CELL = ICON_PX + 2 * PAD;
const ATLAS_COLUMNS = 8;
/** Room for every fruit and colour (9 x 6 = 54 pictures) and a few more. */
const ATLAS_CELLS = 64;

type Sprite = { cell: number | null };
const sprites = new Map<string, Sprite>();
let atlas: HTMLCanvasElement | null = null;
/**
 * The atlas as a bitmap once its pictures are on it: a canvas copied from is snapshotted at each
 * copy (600 a frame while a zoom moves a crowd, up to 24 ms in 100 ms of the page's main thread),
 * a bitmap is not. Dropped when a picture is added, made again after.
 */
let atlasBitmap: ImageBitmap | null = null;
const listeners = new Set<() => void>();
let version = 0;

/** Something to redraw: pictures were put on the atlas (told once a frame, however many came). */
export function subscribeSprites(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const spritesVersion = () => version;

function spriteOf(url: string): Sprite {
  const sprite = sprites.get(url);
  if (sprite) return sprite;
  const s: Sprite = { cell: null };
  sprites.set(url, s);
  const cell = sprites.size - 1;
  if (cell >= ATLAS_CELLS) return s;
  // As an element would show a broken picture, the canvas shows nothing for one that fails.
  void loadPicture(url).then((img) => {
    if (img) queueSprite({ sprite: s, cell, img });
  });
  return s;
}

type SpriteJob = { sprite: Sprite; cell: number; img: HTMLImageElement };
const spriteJobs: SpriteJob[] = [];
/**
 * Pictures put on the atlas a frame. Each is an SVG rasterised with its shadow on the main thread
 * when the frame is drawn: the 54 of a room at once held the results map's zoom for 80 ms on a slow
 * laptop.
 */
const SPRITES_PER_FRAME = 2;

function queueSprite(job: SpriteJob) {
  spriteJobs.push(job);
  if (spriteJobs.length === 1) requestAnimationFrame(paintSprites);
}

function paintSprites() {
  atlas ??= Object.assign(document.createElement("canvas"), {
    width: CELL * ATLAS_COLUMNS,
    height: CELL * Math.ceil(ATLAS_CELLS / ATLAS_COLUMNS),
  });
  const ctx = atlas.getContext("2d");
  if (!ctx) return;
  ctx.shadowColor = "rgba(11,29,58,0.35)";
  ctx.shadowOffsetY = 3;
  ctx.shadowBlur = 3;
  for (const { sprite, cell, img } of spriteJobs.splice(0, SPRITES_PER_FRAME)) {
    ctx.drawImage(img, (cell % ATLAS_COLUMNS) * CELL + PAD, Math.floor(cell / ATLAS_COLUMNS) * CELL + PAD, ICON_PX, ICON_PX);
    sprite.cell = cell;
  }
  version++;
  atlasBitmap = null;
  for (const l of listeners) l();
  if (spriteJobs.length > 0) requestAnimationFrame(paintSprites);
  else if (typeof createImageBitmap === "function") {
    const painted = version;
    void createImageBitmap(atlas).then(
      (bitmap) => {
        if (painted === version) atlasBitmap = bitmap;
      },
      () => {},
    );
  }
}

/**
 * Starts loading the pictures a map is about to show (the results map, while its first zone is
 * still seconds away), so that none is first decoded in the middle of the animation.
 */
export function preloadPictures(urls: Iterable<string>) {
  for (const url of urls) spriteOf(url);
}

/** Canvases cleared and left empty by their last draw. */
const blank = new WeakSet<HTMLCanvasElement>();

/** What a canvas's last draw drew: the next one may only add beneath it (see `addedBeneath`). */
type LastDraw = { markers: readonly MapMarker[]; toPixel: unknown; version: number; drawn: number };
const lastDraws = new WeakMap<HTMLCanvasElement, LastDraw>();

/**
 * How many markers `next` puts before the whole of `previous` (the same objects, in the same
 * order, at its end), or null when it changes anything else. Later markers are drawn over
 * earlier ones, so those new ones go beneath what is drawn already: a results map's zones come
 * from the farthest to the nearest, and its answers are listed nearest first.
 */
export function addedBeneath(previous: readonly MapMarker[], next: readonly MapMarker[]): number | null {
  const added = next.length - previous.length;
  if (added <= 0) return null;
  for (let i = 0; i < previous.length; i++) if (next[added + i] !== previous[i]) return null;
  return added;
}

/**
 * Draws the markers' pictures, the tip of each (the middle of its bottom edge) on its point, as
 * the elements do. `toPixel` gives a point's position in the canvas's CSS pixels, or null when it
 * is off the drawn area. Returns how many were drawn.
 */
export function drawMarkers(
  canvas: HTMLCanvasElement,
  markers: readonly MapMarker[],
  toPixel: (p: LatLng) => { x: number; y: number } | null,
  widthPx: number,
  heightPx: number,
): number {
  const dpr = typeof window === "undefined" ? 1 : window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(widthPx * dpr));
  const h = Math.max(1, Math.round(heightPx * dpr));
  const resized = canvas.width !== w || canvas.height !== h;
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  // A crowd's canvas waits empty through the first seconds of the reveal and its zoom.
  if (markers.length === 0 && !resized && blank.has(canvas)) return 0;
  const ctx = canvas.getContext("2d");
  if (!ctx) return 0;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  // A zone's answers added beneath the same view, pictures and box: only they are drawn, under
  // the others ("destination-over", the last first), the same picture as drawing them all again
  // (2,000 copies at the last zone of a big room, over 20 ms of the page's main thread).
  const last = lastDraws.get(canvas);
  const same = !resized && last !== undefined && last.toPixel === toPixel && last.version === version;
  const added = same ? addedBeneath(last.markers, markers) : null;
  let drawn = 0;
  if (added === null) {
    ctx.clearRect(0, 0, widthPx, heightPx);
    for (const m of markers) if (drawOne(ctx, m, toPixel, widthPx, heightPx)) drawn++;
  } else {
    drawn = last!.drawn;
    ctx.globalCompositeOperation = "destination-over";
    for (let i = added - 1; i >= 0; i--) if (drawOne(ctx, markers[i]!, toPixel, widthPx, heightPx)) drawn++;
    ctx.globalCompositeOperation = "source-over";
  }
  lastDraws.set(canvas, { markers, toPixel, version, drawn });
  if (drawn === 0) blank.add(canvas);
  else blank.delete(canvas);
  return drawn;
}

/** One marker's picture copied from the atlas, its tip on its point; false when not drawn. */
function drawOne(
  ctx: CanvasRenderingContext2D,
  m: MapMarker,
  toPixel: (p: LatLng) => { x: number; y: number } | null,
  widthPx: number,
  heightPx: number,
): boolean {
  if (!m.iconUrl) return false;
  const { cell } = spriteOf(m.iconUrl);
  if (cell === null || !atlas) return false;
  const p = toPixel(m.position);
  if (!p || p.x < -ICON_PX || p.x > widthPx + ICON_PX || p.y < -PAD || p.y > heightPx + ICON_PX + PAD) return false;
  const sx = (cell % ATLAS_COLUMNS) * CELL;
  const sy = Math.floor(cell / ATLAS_COLUMNS) * CELL;
  ctx.drawImage(atlasBitmap ?? atlas, sx, sy, CELL, CELL, Math.round(p.x - ICON_PX / 2 - PAD), Math.round(p.y - ICON_PX - PAD), CELL, CELL);
  return true;
}
