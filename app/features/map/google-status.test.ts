import { afterEach, describe, expect, it } from "vitest";
import { googleTrouble, listenForAuthFailure, reportGoogleTrouble, resetGoogleTroubleForTests } from "./google-status";

afterEach(() => {
  resetGoogleTroubleForTests();
  delete (globalThis as { window?: unknown }).window;
});

describe("what the page knows about Google Maps", () => {
  it("starts without trouble and keeps a refusal over a later failure to load", () => {
    expect(googleTrouble()).toBe("none");
    reportGoogleTrouble("unreachable");
    expect(googleTrouble()).toBe("unreachable");
    reportGoogleTrouble("refused");
    expect(googleTrouble()).toBe("refused");
    reportGoogleTrouble("unreachable");
    expect(googleTrouble()).toBe("refused");
  });

  it("hears Google's auth-failure hook, and still calls the page's own handler", () => {
    let previous = 0;
    const win: { gm_authFailure?: () => void } = { gm_authFailure: () => previous++ };
    (globalThis as { window?: unknown }).window = win;
    listenForAuthFailure();
    listenForAuthFailure(); // a second map on the page must not wrap the hook twice
    win.gm_authFailure!();
    expect(googleTrouble()).toBe("refused");
    expect(previous).toBe(1);
  });
});
