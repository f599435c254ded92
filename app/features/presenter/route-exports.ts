import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import presenterCss from "./presenter.css?url";

/** What the presenter routes share besides their loader and action. */
export const presenterLinks: LinksFunction = () => [{ rel: "stylesheet", href: presenterCss }];

/** The room's number, never the quiz: the title is on the projector too. */
export const presenterMeta: MetaFunction = ({ params }) => {
  const room = params.room;
  return [{ title: room ? `Salle ${room.slice(0, 3)} ${room.slice(3)} — Repère` : "Lancement de la partie — Repère" }];
};
