/**
 * The headers every answer of the Worker carries, and the Content-Security-Policy of its pages.
 *
 * The policy allows the app's own files and its inline scripts only through the nonce minted
 * for each page (Remix's hydration data and scroll restoration are inline). Of Google it allows
 * what each feature needs and nothing else: always the Street View embed (a question's frame,
 * and the one small image of the same host that tells whether Google answers from here); the
 * Maps JavaScript API only when a Maps key is configured. Its script comes from one origin
 * (maps.googleapis.com, which also serves the modules it loads itself; the map library's
 * loader also hands Google's script the page's nonce, which Google passes on); its tiles and
 * images (Street View and photo imagery from *.ggpht.com among them), its calls, its fonts and
 * its web workers come from the origins Google's CSP guide and its list of Maps domains give.
 * Google's sample policy also grants 'unsafe-eval' and blob: scripts; they are left out on
 * purpose (they would let an injected string run). Without a key the app draws its offline map.
 * Inline style attributes stay allowed: pages rendered on the server carry React `style` props,
 * and the Maps API writes styles into the page as it draws.
 *
 * Beside it, every page carries Google's own recommended policy for the Maps JavaScript API (the
 * nonce-based strict one of its CSP guide) as Content-Security-Policy-Report-Only: it blocks
 * nothing, and what it would block is reported. Violations of both policies go to the app's
 * endpoint (report-uri for the browsers without the Reporting API, report-to with
 * Reporting-Endpoints for the others), which the admin reads as « Alertes du navigateur »
 * (browser-alerts.server.ts): so a real key's real map tells, under the real policy, whether
 * Google starts needing something the policy refuses, and how far the app is from the strict one.
 */

/** Street View's embed host (https://www.google.com/maps/embed…), with or without a key. */
const STREET_VIEW = "https://www.google.com";

/** The Maps JavaScript API's origins, by directive, when a key is configured. */
const GOOGLE_MAPS = {
  script: ["https://maps.googleapis.com"],
  style: ["https://fonts.googleapis.com"],
  img: ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.googleusercontent.com", "https://*.ggpht.com"],
  connect: ["https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com", "data:", "blob:"],
  font: ["https://fonts.gstatic.com"],
  worker: ["blob:"],
} as const;

type PolicyOptions = {
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
    ...REPORTING,
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** Where the pages' browsers send what a policy refused (browser-alerts.server.ts). */
export const CSP_REPORT_PATH = "/api/csp-report";
/** The Reporting API's name for that endpoint, declared by Reporting-Endpoints. */
const REPORT_GROUP = "csp";
const REPORTING: [string, ...string[]][] = [
  ["report-uri", CSP_REPORT_PATH],
  ["report-to", REPORT_GROUP],
];

/**
 * Google's recommended policy for the Maps JavaScript API, as its CSP guide gives it (the strict,
 * nonce-based one), with this page's nonce for both of its nonces; sent as Report-Only.
 */
export function googleStrictPolicy(nonce: string): string {
  const directives: [string, ...string[]][] = [
    ["script-src", `'nonce-${nonce}'`, "'strict-dynamic'", "https:", "'unsafe-eval'", "blob:"],
    ["img-src", "'self'", "https://*.googleapis.com", "https://*.gstatic.com", "*.google.com", "*.googleusercontent.com", "data:"],
    ["frame-src", "*.google.com"],
    ["connect-src", "'self'", "https://*.googleapis.com", "*.google.com", "https://*.gstatic.com", "data:", "blob:"],
    ["font-src", "https://fonts.gstatic.com"],
    ["style-src", `'nonce-${nonce}'`, "https://fonts.googleapis.com"],
    ["worker-src", "blob:"],
    ...REPORTING,
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
    headers.set("Content-Security-Policy-Report-Only", googleStrictPolicy(policy.nonce));
    // The Reporting API takes an absolute address (a secure one, or the developer's machine).
    headers.set("Reporting-Endpoints", `${REPORT_GROUP}="${url.origin}${CSP_REPORT_PATH}"`);
  }
  return secured;
}
