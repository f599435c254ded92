import type { MetaDescriptor } from "@remix-run/cloudflare";

/**
 * A wizard page's title, worded by its loader in the page's language; a refusal's page (no data)
 * keeps the site's own title from the root.
 */
export function wizardMeta({ data, matches }: { data?: { title: string }; matches: readonly { id: string; data: unknown }[] }): MetaDescriptor[] {
  const title = data?.title ?? (matches.find((m) => m.id === "root")?.data as { title?: string } | undefined)?.title;
  return title ? [{ title }] : [];
}
