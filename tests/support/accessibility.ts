/**
 * What a screen reader would be told, read back from Chromium itself: the accessibility tree
 * (the CDP `Accessibility` domain, which assistive technology reads too) and every text a live
 * region took, in order.
 */
import type { Page } from "playwright-core";

type AXValue = { value?: unknown };
type AXNode = {
  nodeId: string;
  ignored?: boolean;
  role?: AXValue;
  name?: AXValue;
  properties?: { name: string; value: AXValue }[];
  childIds?: string[];
};

/** The text each polite or assertive live region of the page holds now, as the tree exposes it. */
export async function liveRegionTexts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const text = (node: AXNode): string => {
      if (node.role?.value === "StaticText") return String(node.name?.value ?? "");
      return (node.childIds ?? []).map((id) => byId.get(id)).filter((n): n is AXNode => !!n).map(text).join("");
    };
    const live = (n: AXNode) => n.properties?.some((p) => p.name === "live" && (p.value.value === "polite" || p.value.value === "assertive"));
    // A region's own node (not the text nodes inside it, which inherit the property).
    return nodes.filter((n) => !n.ignored && live(n) && n.role?.value !== "StaticText" && n.role?.value !== "InlineTextBox").map((n) => text(n).trim());
  } finally {
    await cdp.detach();
  }
}

/**
 * Starts keeping every text the live regions inside `selector` take (what a screen reader would
 * announce, in order); `announced(page)` reads them back.
 */
export async function recordAnnouncements(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const w = window as unknown as { __announced?: string[] };
    w.__announced = [];
    const watch = (region: Element) =>
      new MutationObserver(() => {
        const text = (region.textContent ?? "").trim();
        if (text) w.__announced!.push(text);
      }).observe(region, { childList: true, characterData: true, subtree: true });
    for (const root of document.querySelectorAll(sel)) root.querySelectorAll("[aria-live]").forEach(watch);
  }, selector);
}

export const announced = (page: Page) => page.evaluate(() => (window as unknown as { __announced?: string[] }).__announced ?? []);

/** Counts the pointer, mouse and touch events the page receives from now on. */
export async function countPointerEvents(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __pointerEvents?: number };
    w.__pointerEvents = 0;
    for (const type of ["pointerdown", "pointerup", "mousedown", "mouseup", "click", "touchstart", "touchend"])
      window.addEventListener(type, (e) => {
        // A click the keyboard made (Enter on a button) has no pointer behind it.
        if (type === "click" && (e as MouseEvent).detail === 0) return;
        w.__pointerEvents!++;
      }, true);
  });
}

export const pointerEvents = (page: Page) => page.evaluate(() => (window as unknown as { __pointerEvents?: number }).__pointerEvents ?? 0);

/** Presses Tab until the focused element matches `selector`; how many presses it took. */
export async function tabTo(page: Page, selector: string, max = 30): Promise<number> {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate((sel) => !!document.activeElement?.matches(sel), selector)) return i;
  }
  throw new Error(`${selector} never took the focus in ${max} presses of Tab`);
}

/**
 * Counts the pointer, mouse and touch events every page of this tab receives from its first
 * script on, across navigations and reloads (kept in the tab's session storage).
 */
export async function countPointerEventsOnEveryPage(page: Page) {
  await page.addInitScript(() => {
    for (const type of ["pointerdown", "pointerup", "mousedown", "mouseup", "click", "touchstart", "touchend"])
      window.addEventListener(type, (e) => {
        // A click the keyboard made (Enter on a button) has no pointer behind it.
        if (type === "click" && (e as MouseEvent).detail === 0) return;
        sessionStorage.setItem("__pointerEvents", String(Number(sessionStorage.getItem("__pointerEvents") ?? 0) + 1));
      }, true);
  });
}

export const pointerEventsOnEveryPage = (page: Page) => page.evaluate(() => Number(sessionStorage.getItem("__pointerEvents") ?? 0));

/** The text the live region `selector` holds now, read from Chromium's accessibility tree. */
export async function regionSays(page: Page, selector: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send("DOM.getDocument")) as { root: { nodeId: number } };
    const { nodeId } = (await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector })) as { nodeId: number };
    if (!nodeId) return "";
    const { nodes } = (await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false })) as { nodes: AXNode[] };
    const region = nodes.find((n) => n.properties?.some((p) => p.name === "live"));
    if (!region) return "";
    const { nodes: all } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AXNode[] };
    const byId = new Map(all.map((n) => [n.nodeId, n]));
    const text = (node: AXNode): string =>
      node.role?.value === "StaticText" ? String(node.name?.value ?? "") : (node.childIds ?? []).map((id) => byId.get(id)).filter((n): n is AXNode => !!n).map(text).join("");
    return text(byId.get(region.nodeId) ?? region).trim();
  } finally {
    await cdp.detach();
  }
}
