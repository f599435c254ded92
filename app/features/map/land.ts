/**
 * The offline map's land: a gradient, soft patches like fields and relief seen from above (a
 * fractal-noise filter), and a darker rim. It never changes with the view.
 *
 * It is drawn once per page into a small bitmap, which every offline map copies onto its own
 * canvas, stretched over its box. As an SVG layer the browser rasterised the noise filter again
 * over the whole map whenever the layer's tiles were redrawn (when a crowd's canvas appeared, at
 * the end of a zoom): about 100 ms each time on the big screen of a browser without a GPU. A
 * canvas is never rasterised again: the compositor only stretches its bitmap.
 */

/** The bitmap's side: the noise's finest patches are a few pixels wide at this size. */
export const LAND_PX = 256;

// eslint-disable-next-line lingui/no-unlocalized-strings -- an SVG document, drawn, never read
const LAND_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${LAND_PX}" height="${LAND_PX}" viewBox="0 0 1000 1000" preserveAspectRatio="none">
<defs>
<linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef3e6"/><stop offset="0.55" stop-color="#e3ecd9"/><stop offset="1" stop-color="#d6e4d4"/></linearGradient>
<radialGradient id="g" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#0b1d3a" stop-opacity="0"/><stop offset="1" stop-color="#0b1d3a" stop-opacity="0.12"/></radialGradient>
<filter id="r" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.006" numOctaves="4" seed="11"/><feColorMatrix type="matrix" values="0 0 0 0 0.42  0 0 0 0 0.58  0 0 0 0 0.36  0 0 0 1.6 -0.72"/></filter>
</defs>
<rect width="1000" height="1000" fill="url(#l)"/>
<rect width="1000" height="1000" filter="url(#r)" opacity="0.55"/>
<rect width="1000" height="1000" fill="url(#g)"/>
</svg>`;

let land: Promise<HTMLCanvasElement | null> | null = null;

/** The land's bitmap, drawn on the first call; null where the browser cannot draw it. */
function landBitmap(): Promise<HTMLCanvasElement | null> {
  land ??= (async () => {
    const img = new Image(LAND_PX, LAND_PX);
    img.src = `data:image/svg+xml,${encodeURIComponent(LAND_SVG)}`;
    await img.decode();
    const canvas = Object.assign(document.createElement("canvas"), { width: LAND_PX, height: LAND_PX });
    const ctx = canvas.getContext("2d");
    if (!ctx) return null;
    ctx.drawImage(img, 0, 0, LAND_PX, LAND_PX);
    return canvas;
  })().catch(() => null);
  return land;
}

/**
 * Copies the land onto a map's canvas once it is drawn (the canvas's own colour shows until then),
 * in a task of its own: a canvas's first drawing sets up its bitmap and the browser's side of it
 * (5 to 7 ms on the big screen), which the map's first frame, the results map's the page's
 * longest, need not carry. The task runs before the next frame, as a rule.
 */
export function paintLand(canvas: HTMLCanvasElement): void {
  void landBitmap().then((bitmap) =>
    setTimeout(() => {
      const ctx = bitmap && canvas.isConnected ? canvas.getContext("2d") : null;
      ctx?.drawImage(bitmap!, 0, 0);
    }, 0),
  );
}
