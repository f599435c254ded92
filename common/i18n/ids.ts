/** Every message id: the keys of the French (reference) catalogs, checked by the type-checker. */
import type commonArea from "./catalogs/fr/common.json";
import type homeArea from "./catalogs/fr/home.json";
import type mapArea from "./catalogs/fr/map.json";
import type playerArea from "./catalogs/fr/player.json";
import type roomArea from "./catalogs/fr/room.json";
import type defiArea from "./catalogs/fr/defi.json";
import type publicArea from "./catalogs/fr/public.json";
import type dashboardArea from "./catalogs/fr/dashboard.json";
import type wizardArea from "./catalogs/fr/wizard.json";
import type adminArea from "./catalogs/fr/admin.json";
import type presenterArea from "./catalogs/fr/presenter.json";
import type historyArea from "./catalogs/fr/history.json";
import type serverArea from "./catalogs/fr/server.json";

export type MessageId =
  | keyof typeof commonArea
  | keyof typeof homeArea
  | keyof typeof mapArea
  | keyof typeof playerArea
  | keyof typeof roomArea
  | keyof typeof defiArea
  | keyof typeof publicArea
  | keyof typeof dashboardArea
  | keyof typeof wizardArea
  | keyof typeof adminArea
  | keyof typeof presenterArea
  | keyof typeof historyArea
  | keyof typeof serverArea;

/** The values a message's placeholders take: numbers, or text already worded. */
export type MessageValues = Record<string, string | number>;

/** A message to be worded later, in the reader's language: its id and its values. */
export type Words = { id: MessageId; values?: MessageValues };

/**
 * Wording in one language, of a message id (with its values) or of words made earlier: what
 * `useT()` gives a screen, and what the server words its answers with.
 */
export type Translate = (message: MessageId | Words, values?: MessageValues) => string;
