/**
 * The headers every answer of the Worker carries, and the Content-Security-Policy of its pages.
 *
 * The policy allows the app's own files and its inline scripts only through the nonce minted
 * for each page (Remix's hydration data and scroll restoration are inline). Of Google it allows
 * what each feature needs and nothing else: always the Street View embed (a question's frame,
 * and the one small image of the same host that tells whether Google answers from here); the
 * Maps JavaScript API only when a Maps key is configured. Its script comes from one origin
 * (maps.googleapis.com, which also serves the modules it loads itself; the map library's
 * loader also hands Google's script the page's nonce, which Google passes on); its tiles and images, its calls, its fonts and its web
 * workers come from the origins Google's CSP guide for the API lists. Google's sample policy
 * also grants 'unsafe-eval' and blob: scripts; they are left out on purpose (they would let an
 * injected string run), so a real key's console is the place to look if Google ever starts
 * needing them. Without a key the app draws its offline map. Inline style attributes stay
 * allowed: pages rendered on the server carry React `style` props, and the Maps API writes
 * styles into the page as it draws.
 */

/** Street View's embed host (https://www.google.com/maps/embed…), with or without a key. */
const STREET_VIEW = "https://www.google.com";

/** The Maps JavaScript API's origins, by directive, when a key is configured. */
const GOOGLE_MAPS = {
  script: ["https://maps.googleapis.com"],
  style: ["https://fonts.googleapis.com"],
  img: ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.googleusercontent.com"],
  connect: ["https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com", "data:", "blob:"],
  font: ["https://fonts.gstatic.com"],
  worker: ["blob:"],
} as const;

export type PolicyOptions = {
  /** Fresh for each page, base64. */
  nonce: string;
  /** The page's host (with port), for the room sockets. */
  host: string;
  /** A Maps key is configured: the pages may load Google's map. */
  googleMaps: boolean;
};

export function contentSecurityPolicy({ nonce, host, googleMaps }: PolicyOptions): string {
  const google = (key: keyof typeof GOOGLE_MAPS) => (googleMaps ? GOOGLE_MAPS[key] : []);
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // The wizard decodes iPhone photos (HEIC) with libheif compiled to WebAssembly:
    // 'wasm-unsafe-eval' lets a page compile WebAssembly, and still no string of JavaScript.
    ["script-src", "'self'", `'nonce-${nonce}'`, "'wasm-unsafe-eval'", ...google("script")],
    ["style-src", "'self'", "'unsafe-inline'", ...google("style")],
    ["img-src", "'self'", "data:", "blob:", STREET_VIEW, ...google("img")],
    ["font-src", "'self'", ...google("font")],
    // Older Safari does not count ws: as 'self': the room sockets are named.
    ["connect-src", "'self'", `wss://${host}`, `ws://${host}`, ...google("connect")],
    ["media-src", "'self'"],
    ["worker-src", "'self'", ...google("worker")],
    ["frame-src", STREET_VIEW],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** The developer's own machine over plain http: no Secure cookie, no HSTS there. */
export function isLocalHost(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
}

/** A fresh nonce: 128 random bits, base64. */
export function mintNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The answer with the headers every response carries; a page (with its `policy`) also gets the
 * Content-Security-Policy. The
 * referrer never carries a path to another site: the Street View frame must not learn the
 * quiz's unique name from the address of the page that embeds it.
 */
export function withSecurityHeaders(response: Response, request: Request, policy?: Omit<PolicyOptions, "host">): Response {
  // A WebSocket upgrade is answered once and its headers are not ours to change.
  if (response.status === 101 || response.webSocket) return response;
  const url = new URL(request.url);
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (!isLocalHost(url)) headers.set("Strict-Transport-Security", "max-age=31536000");
  if (policy && (headers.get("Content-Type") ?? "").startsWith("text/html")) {
    headers.set("Content-Security-Policy", contentSecurityPolicy({ ...policy, host: url.host }));
  }
  return secured;
}
