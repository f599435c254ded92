import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import type { PresenterPageData } from "@common/contracts/presenter/types";
import presenterCss from "./presenter.css?url";

/** What the presenter routes share besides their loader and action. */
export const presenterLinks: LinksFunction = () => [{ rel: "stylesheet", href: presenterCss }];

/**
 * The room's number, never the quiz: the title is on the projector too. Worded by the loader, in
 * the night's language once the game is launched.
 */
export const presenterMeta: MetaFunction = ({ data }) => {
  const title = (data as PresenterPageData | undefined)?.title;
  return title ? [{ title }] : [];
};
