/**
 * What the route modules' heads share: their stylesheets as `links`, and the <title> their loader
 * worded as `meta`.
 */
import type { LinkDescriptor, MetaDescriptor } from "@remix-run/cloudflare";

/** A route's `links`: these stylesheets, in this order. */
export const stylesheets = (...hrefs: string[]): LinkDescriptor[] => hrefs.map((href) => ({ rel: "stylesheet", href }));

/** A route's `meta`: the title its loader worded, none while it has no data (its error page). */
export const loaderTitle = ({ data }: { data?: { title: string } }): MetaDescriptor[] => (data ? [{ title: data.title }] : []);
