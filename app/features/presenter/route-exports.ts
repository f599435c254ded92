import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import presenterCss from "./presenter.css?url";

/** What the four presenter routes share besides their loader and action. */
export const presenterLinks: LinksFunction = () => [{ rel: "stylesheet", href: presenterCss }];

export const presenterMeta: MetaFunction = ({ location }) => {
  const room = new URLSearchParams(location.search).get("room");
  return [{ title: room ? `Salle ${room.slice(0, 3)} ${room.slice(3)} — Repère` : "Lancement de la partie — Repère" }];
};
