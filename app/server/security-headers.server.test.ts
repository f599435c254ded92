import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, isLocalHost, mintNonce, withSecurityHeaders } from "./security-headers.server";

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
    expect(JSON.stringify(policy)).not.toMatch(/googleapis|gstatic|'unsafe-eval'|\*\.google/);
  });

  it("with a Maps key, adds the Maps JavaScript API's origins", () => {
    const policy = directives(contentSecurityPolicy({ nonce: "n", host: "h", googleMaps: true }));
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-n'", "'wasm-unsafe-eval'", "https://maps.googleapis.com"]);
    expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'", "https://fonts.googleapis.com"]);
    expect(policy["img-src"]).toEqual([
      "'self'", "data:", "blob:", "https://www.google.com",
      "https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.googleusercontent.com",
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

  it("mints a fresh 128-bit nonce each time", () => {
    const a = mintNonce();
    expect(atob(a)).toHaveLength(16);
    expect(mintNonce()).not.toBe(a);
  });
});

describe("headers of every answer", () => {
  const page = () => new Response("<html></html>", { headers: { "Content-Type": "text/html; charset=utf-8" } });

  it("pages get the policy, nosniff, the referrer policy and HSTS outside localhost", () => {
    const res = withSecurityHeaders(page(), new Request("https://repere.example/pres"), { nonce: "n", googleMaps: false });
    expect(res.headers.get("Content-Security-Policy")).toContain("'nonce-n'");
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
