import type { MetaDescriptor } from "@remix-run/cloudflare";

/**
 * A workshop page's <title>: the one its loader worded in the page's language (a route's meta has
 * no hooks), or the root's while the page has none (its error page).
 */
export function pageMeta(title: string | undefined, matches: readonly { id: string; data: unknown }[]): MetaDescriptor[] {
  const fallback = (matches.find((m) => m.id === "root")?.data as { title?: string } | undefined)?.title;
  const shown = title ?? fallback;
  return shown ? [{ title: shown }] : [];
}
