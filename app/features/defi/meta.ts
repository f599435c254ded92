import type { MetaDescriptor } from "@remix-run/cloudflare";

/**
 * A défi page's title, worded by its loader in the page's language; a refusal's page (no data:
 * an unknown link) keeps the site's own title from the root.
 */
export function defiMeta({ data, matches }: { data?: { title: string }; matches: readonly { id: string; data: unknown }[] }): MetaDescriptor[] {
  const root = matches.find((m) => m.id === "root")?.data as { title?: string } | undefined;
  const title = data?.title ?? root?.title;
  return title ? [{ title }] : [];
}
