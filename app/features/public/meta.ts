import type { MetaDescriptor } from "@remix-run/cloudflare";

/** The link is a secret shared by hand: the public pages stay out of search engines. */
export const NO_INDEX: MetaDescriptor = { name: "robots", content: "noindex" };

/**
 * A public page's title: its loader's, worded in the reader's language; when the loader refused
 * (no such quiz), the site's own title from the root.
 */
export function publicMeta(
  data: { title: string } | undefined,
  matches: readonly { id: string; data: unknown }[],
): MetaDescriptor[] {
  const title = data?.title ?? (matches.find((m) => m.id === "root")?.data as { title?: string } | undefined)?.title;
  return title ? [{ title }, NO_INDEX] : [NO_INDEX];
}
