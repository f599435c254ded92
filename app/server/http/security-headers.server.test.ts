import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, googleStrictPolicy, isLocalHost, mintNonce, withSecurityHeaders } from "./security-headers.server";

const directives = (policy: string) =>
  Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)]));

describe("the Content-Security-Policy", () => {
  it("allows the app's own scripts and those carrying the page's nonce; of Google, only the Street View embed without a Maps key", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "abc123", host: "repere.example", googleMaps: false }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc123'", "'wasm-unsafe-eval'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["frame-src"]).toEqual(["https://www.google.com"]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:", "https://www.google.com"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["connect-src"]).toEqual(["'self'", "wss://repere.example", "ws://repere.example"]);
    expect(policy["report-uri"]).toEqual(["/api/csp-report"]);
    expect(policy["report-to"]).toEqual(["csp"]);
    expect(JSON.stringify(policy)).not.toMatch(/googleapis|gstatic|ggpht|'unsafe-eval'|\*\.google/);
  });

  it("with a Maps key, adds the Maps JavaScript API's origins", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "n", host: "h", googleMaps: true }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-n'", "'wasm-unsafe-eval'", "https://maps.googleapis.com"]);
    expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'", "https://fonts.googleapis.com"]);
    expect(policy["img-src"]).toEqual([
      "'self'", "data:", "blob:", "https://www.google.com",
      "https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.googleusercontent.com", "https://*.ggpht.com",
    ]);
    expect(policy["font-src"]).toEqual(["'self'", "https://fonts.gstatic.com"]);
    expect(policy["connect-src"]).toEqual([
      "'self'", "wss://h", "ws://h",
      "https://*.googleapis.com", "https://*.google.com", "https://*.gstatic.com", "data:", "blob:",
    ]);
    expect(policy["worker-src"]).toEqual(["'self'", "blob:"]);
    expect(policy["frame-src"]).toEqual(["https://www.google.com"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(JSON.stringify(policy)).not.toContain("'unsafe-eval'");
  });

  it("reports Google's own strict policy for the Maps JavaScript API, as its CSP guide gives it, with the page's nonce", () => {
    expect(googleStrictPolicy("n0nce")).toBe(
      [
        "script-src 'nonce-n0nce' 'strict-dynamic' https: 'unsafe-eval' blob:",
        "img-src 'self' https://*.googleapis.com https://*.gstatic.com *.google.com *.googleusercontent.com data:",
        "frame-src *.google.com",
        "connect-src 'self' https://*.googleapis.com *.google.com https://*.gstatic.com data: blob:",
        "font-src https://fonts.gstatic.com",
        "style-src 'nonce-n0nce' https://fonts.googleapis.com",
        "worker-src blob:",
        "report-uri /api/csp-report",
        "report-to csp",
      ].join("; "),
    );
  });

  it("mints a fresh 128-bit nonce each time", () => {
    const a = mintNonce();
    expect(atob(a)).toHaveLength(16);
    expect(mintNonce()).not.toBe(a);
  });
});

describe("headers of every answer", () => {
  const page = () => new Response("<html></html>", { headers: { "Content-Type": "text/html; charset=utf-8" } });

  it("pages get the policy, the strict one to report, nosniff, the referrer policy and HSTS outside localhost", () => {
    const res = withSecurityHeaders(page(), new Request("https://repere.example/pres"), { nonce: "n", googleMaps: false });
    expect(res.headers.get("Content-Security-Policy")).toContain("'nonce-n'");
    expect(res.headers.get("Content-Security-Policy-Report-Only")).toBe(googleStrictPolicy("n"));
    expect(res.headers.get("Reporting-Endpoints")).toBe('csp="https://repere.example/api/csp-report"');
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
  });

  it("no HSTS on the developer's machine; JSON gets no page policy", () => {
    for (const url of ["http://localhost:8787/", "http://127.0.0.1:8787/", "http://[::1]:8787/"]) {
      expect(isLocalHost(new URL(url))).toBe(true);
      expect(withSecurityHeaders(page(), new Request(url), { nonce: "n", googleMaps: false }).headers.has("Strict-Transport-Security")).toBe(false);
    }
    expect(isLocalHost(new URL("http://192.168.1.20:8787/"))).toBe(false);
    const json = withSecurityHeaders(Response.json({}), new Request("https://repere.example/api"), { nonce: "n", googleMaps: false });
    expect(json.headers.has("Content-Security-Policy")).toBe(false);
    expect(json.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("works on redirects, whose headers are otherwise read-only", () => {
    const res = withSecurityHeaders(Response.redirect("https://repere.example/", 302), new Request("https://repere.example/x"));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("https://repere.example/");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("static files (served without the Worker, public/_headers)", () => {
  /** The rules of a `_headers` file: pattern -> header -> value ("!" to detach). */
  function rules(text: string): Map<string, Map<string, string>> {
    const out = new Map<string, Map<string, string>>();
    let current: Map<string, string> | null = null;
    for (const line of text.split("\n")) {
      if (!line.trim() || line.trim().startsWith("#")) continue;
      if (!/^\s/.test(line)) out.set(line.trim(), (current = new Map()));
      else if (line.trim().startsWith("! ")) current!.set(line.trim().slice(2), "!");
      else current!.set(line.trim().split(":")[0]!, line.trim().slice(line.trim().indexOf(":") + 1).trim());
    }
    return out;
  }

  it("get the same headers as the Worker's answers, HSTS but on the developer's machine", () => {
    const file = rules(readFileSync(new URL("../../../public/_headers", import.meta.url), "utf8"));
    const worker = withSecurityHeaders(new Response("x"), new Request("https://repere.example/x")).headers;
    const all = file.get("/*")!;
    expect([...all.keys()].sort()).toEqual(["Referrer-Policy", "Strict-Transport-Security", "X-Content-Type-Options"]);
    for (const [name, value] of all) expect({ name, value }).toEqual({ name, value: worker.get(name) });
    for (const host of ["localhost", "127.0.0.1"]) {
      expect(isLocalHost(new URL(`http://${host}/`))).toBe(true);
      expect(file.get(`https://${host}/*`)).toEqual(new Map([["Strict-Transport-Security", "!"]]));
    }
  });
});
