/**
 * A browser's report of what a page's Content-Security-Policy refused (or, for the Report-Only
 * policy, would have refused), read into the four things the admin is shown. Two formats reach
 * the endpoint: report-uri's `application/csp-report` (one `{"csp-report": {...}}` per
 * violation) and the Reporting API's `application/reports+json` (a list of reports, batched;
 * only its `csp-violation` ones count). Pure: browser-alerts.server.ts stores what this returns.
 *
 * Anyone can post here, so nothing is taken as it came: the directive must be one CSP knows
 * (else « autre »: a made-up name would add a row to the counts), addresses keep their host and
 * path only, and every text is cut short.
 */

export type BrowserAlert = {
  /** The effective directive, e.g. `img-src`. */
  directive: string;
  /** The page it happened on: host and path, with its query. */
  page: string;
  /** What was refused: an address (host and path), or `inline`, `eval`, `data`, `blob`... */
  blocked: string;
  /** From the Report-Only policy (Google's strict one): nothing was actually blocked. */
  reportOnly: boolean;
};

/** Every directive a violation can name (CSP level 3 and Trusted Types). */
const DIRECTIVES = new Set([
  "default-src",
  "script-src",
  "script-src-elem",
  "script-src-attr",
  "style-src",
  "style-src-elem",
  "style-src-attr",
  "img-src",
  "font-src",
  "connect-src",
  "media-src",
  "object-src",
  "frame-src",
  "child-src",
  "worker-src",
  "manifest-src",
  "fenced-frame-src",
  "frame-ancestors",
  "form-action",
  "base-uri",
  "navigate-to",
  "trusted-types",
  "require-trusted-types-for",
  "webrtc",
]);
const OTHER_DIRECTIVE = "autre";

/** Texts kept of a report are cut at this length. */
const TEXT_MAX = 200;
/** Reports read from one post, whatever the batch holds. */
const REPORTS_READ_MAX = 100;

const text = (value: unknown): string => (typeof value === "string" ? value.slice(0, 2000) : "");
const cut = (value: string) => (value.length > TEXT_MAX ? `${value.slice(0, TEXT_MAX - 1)}…` : value);

export function directiveOf(raw: unknown): string {
  const name = text(raw).trim().split(/\s+/)[0]!.toLowerCase();
  return DIRECTIVES.has(name) ? name : OTHER_DIRECTIVE;
}

/** An address as host and path (`repere.example/watch?quiz=…`), its query kept only for pages. */
function address(raw: unknown, withQuery: boolean): string {
  const value = text(raw).trim();
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:" && url.protocol !== "ws:" && url.protocol !== "wss:") return cut(url.protocol.replace(/:$/, ""));
    return cut(`${url.host}${url.pathname}${withQuery ? url.search : ""}`);
  } catch {
    // `inline`, `eval`, `self`, or an unreadable value.
    return cut(value.replace(/[^\w .:/-]/g, "").trim() || "?");
  }
}

function alertOf(fields: { directive: unknown; page: unknown; blocked: unknown; disposition: unknown }): BrowserAlert {
  return {
    directive: directiveOf(fields.directive),
    page: address(fields.page, true),
    blocked: address(fields.blocked, false),
    reportOnly: text(fields.disposition) === "report",
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The violations a post carries, or null when the body is not a report of either format. The
 * media type decides the format (`application/json`, which old browsers sent, may be either).
 */
export function parseCspReports(mediaType: string, body: string): BrowserAlert[] | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  if ((mediaType === "application/csp-report" || mediaType === "application/json") && isObject(json) && isObject(json["csp-report"])) {
    const r = json["csp-report"];
    return [
      alertOf({
        directive: r["effective-directive"] ?? r["violated-directive"],
        page: r["document-uri"],
        blocked: r["blocked-uri"],
        disposition: r["disposition"],
      }),
    ];
  }
  if ((mediaType === "application/reports+json" || mediaType === "application/json") && Array.isArray(json)) {
    return json
      .slice(0, REPORTS_READ_MAX)
      .filter((r): r is Json & { body: Json } => isObject(r) && r["type"] === "csp-violation" && isObject(r["body"]))
      .map((r) =>
        alertOf({
          directive: r.body["effectiveDirective"] ?? r.body["violatedDirective"],
          page: r.body["documentURL"] ?? r["url"],
          blocked: r.body["blockedURL"],
          disposition: r.body["disposition"],
        }),
      );
  }
  return null;
}
