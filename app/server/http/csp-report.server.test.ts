import { describe, expect, it } from "vitest";
import { directiveOf, parseCspReports } from "./csp-report.server";

/** A report as Chrome's Reporting API batches it (application/reports+json). */
const reportingApi = (body: Record<string, unknown>, type = "csp-violation") => ({
  type,
  age: 12,
  url: "https://repere.example/play/123456",
  user_agent: "Mozilla/5.0",
  body: { documentURL: "https://repere.example/play/123456", sample: "", lineNumber: 1, statusCode: 200, ...body },
});

describe("what a browser reports of a refused load", () => {
  it("reads report-uri's application/csp-report", () => {
    const body = JSON.stringify({
      "csp-report": {
        "document-uri": "https://repere.example/pres?parties=2#x",
        "violated-directive": "img-src 'self' data:",
        "effective-directive": "img-src",
        "blocked-uri": "https://geo0.ggpht.com/cbk?panoid=abc&output=thumbnail",
        disposition: "enforce",
      },
    });
    expect(parseCspReports("application/csp-report", body)).toEqual([
      { directive: "img-src", page: "repere.example/pres?parties=2", blocked: "geo0.ggpht.com/cbk", reportOnly: false },
    ]);
    // Old browsers name only the violated directive, and say nothing of the disposition.
    const old = JSON.stringify({ "csp-report": { "document-uri": "https://repere.example/", "violated-directive": "script-src 'self'", "blocked-uri": "inline" } });
    expect(parseCspReports("application/json", old)).toEqual([{ directive: "script-src", page: "repere.example/", blocked: "inline", reportOnly: false }]);
  });

  it("reads the Reporting API's batches, csp-violation reports only, Report-Only ones marked", () => {
    const body = JSON.stringify([
      reportingApi({ effectiveDirective: "style-src-attr", blockedURL: "inline", disposition: "report" }),
      reportingApi({ effectiveDirective: "connect-src", blockedURL: "wss://evil.example/socket", disposition: "enforce" }),
      reportingApi({ id: "x" }, "deprecation"),
    ]);
    expect(parseCspReports("application/reports+json", body)).toEqual([
      { directive: "style-src-attr", page: "repere.example/play/123456", blocked: "inline", reportOnly: true },
      { directive: "connect-src", page: "repere.example/play/123456", blocked: "evil.example/socket", reportOnly: false },
    ]);
  });

  it("keeps nothing a stranger could use to grow the counts or the page: unknown directives, long or odd texts", () => {
    expect(directiveOf("made-up-directive-1234")).toBe("autre");
    expect(directiveOf(42)).toBe("autre");
    expect(directiveOf("Frame-Ancestors 'none'")).toBe("frame-ancestors");
    const [alert] = parseCspReports(
      "application/csp-report",
      JSON.stringify({ "csp-report": { "document-uri": `https://repere.example/${"a".repeat(500)}`, "effective-directive": "img-src", "blocked-uri": "<script>alert(1)</script>" } }),
    )!;
    expect(alert!.page).toHaveLength(200);
    expect(alert!.page.endsWith("…")).toBe(true);
    expect(alert!.blocked).toBe("scriptalert1/script");
    expect(parseCspReports("application/csp-report", JSON.stringify({ "csp-report": { "blocked-uri": "javascript:alert(1)" } }))![0]!.blocked).toBe("javascript");
    const many = JSON.stringify(Array.from({ length: 150 }, () => reportingApi({ effectiveDirective: "img-src", blockedURL: "data" })));
    expect(parseCspReports("application/reports+json", many)).toHaveLength(100);
  });

  it("refuses what is not a report of either format", () => {
    expect(parseCspReports("application/csp-report", "not json")).toBeNull();
    expect(parseCspReports("application/csp-report", "[]")).toBeNull();
    expect(parseCspReports("application/reports+json", JSON.stringify({ "csp-report": {} }))).toBeNull();
    expect(parseCspReports("application/json", "42")).toBeNull();
  });
});
