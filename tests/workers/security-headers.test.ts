import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { cookieOf, make, ORIGIN } from "../support/workers";

/** Security headers, as the Worker sends them. */

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

describe("every page", () => {
  it("names a fresh nonce in its policy, and every inline script of the page carries it", async () => {
    const mj = await make.mj();
    const cookie = await cookieOf(mj);
    const quiz = await make.quiz(mj);
    const seen = new Set<string>();
    for (const path of ["/", "/mj", "/pres", `/watch?quiz=${quiz.uniqueName}`, `/question?quiz=${quiz.uniqueName}&questionNumber=0`, "/quiz/new", "/play/123456"]) {
      const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const policy = res.headers.get("Content-Security-Policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(seen.has(nonce!), path).toBe(false);
      seen.add(nonce!);
      expect(directive(policy, "script-src"), path).toEqual(["'self'", `'nonce-${nonce}'`, "'wasm-unsafe-eval'"]);
      expect(directive(policy, "frame-ancestors"), path).toEqual(["'none'"]);
      const html = await res.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const attrs of scripts) {
        // Inline scripts need the nonce; module files are the app's own ('self').
        if (!/\bsrc=/.test(attrs)) expect(attrs, path).toContain(`nonce="${nonce}"`);
      }
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("error pages and refusals carry the headers too; HSTS only outside localhost", async () => {
    const missing = await SELF.fetch(`${ORIGIN}/nulle-part`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(missing.headers.has("Strict-Transport-Security")).toBe(false);

    const foreign = await SELF.fetch(`${ORIGIN}/mj?index`, { method: "POST", body: new URLSearchParams({ intent: "logout" }), headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get("X-Content-Type-Options")).toBe("nosniff");

    const deployed = await SELF.fetch("https://repere.example/");
    expect(deployed.headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
    expect(deployed.headers.get("Content-Security-Policy")).toContain("connect-src 'self' wss://repere.example");

    const api = await SELF.fetch(`${ORIGIN}/api/game/check/123`);
    expect(api.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(api.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("a page action reaches the app's own checks, whatever the Host header says", () => {
  const logout = (headers: Record<string, string>) =>
    SELF.fetch(`${ORIGIN}/mj?index`, { method: "POST", body: new URLSearchParams({ intent: "logout" }), headers, redirect: "manual" });

  it("runs without a Host header, or with a forwarded one, when the Origin is ours", async () => {
    // Remix alone answers these with a bare 500 (it compares Origin with Host itself).
    const cases: Record<string, string>[] = [{ Origin: ORIGIN }, { Origin: ORIGIN, "X-Forwarded-Host": "evil.example" }, { Origin: ORIGIN, Host: "autre.example" }];
    for (const headers of cases) {
      const res = await logout(headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 302 });
    }
  });

  it("refuses another site, a sandboxed page (Origin null) and a proxy's forged Host alike with the app's 403", async () => {
    const cases: Record<string, string>[] = [{ Origin: "https://evil.example" }, { Origin: "null" }, { Origin: "https://evil.example", Host: "evil.example" }];
    for (const headers of cases) {
      const res = await logout(headers);
      expect({ headers, status: res.status }).toEqual({ headers, status: 403 });
      expect(await res.json()).toEqual({ error: "Authentification incorrecte" });
    }
  });
});
