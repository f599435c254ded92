/**
 * The page's language in the browser: the catalog its root loader sent (only that language, only
 * the areas the page can show) behind Lingui's runtime, and the hooks every screen words itself
 * with. The server chooses the language (app/server/i18n/i18n.server.ts); a screen never holds a
 * sentence of its own, only message ids.
 */
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { I18nProvider, Trans, useLingui } from "@lingui/react";
import { useEffect, useMemo, useState, type ReactElement, type ReactNode } from "react";
import type { MessageId, MessageValues, Translate, Words } from "@common/i18n/ids";
import type { Locale } from "@common/i18n/locales";
import { asWords } from "@common/i18n/words";

/** What a page's loader sends for its language: the compiled messages of the areas it shows. */
export type PageCatalog = { locale: Locale; messages: Messages };

/**
 * Provides a catalog to everything below. The same Lingui instance lives as long as the page, and
 * takes a new catalog (another language chosen, or a page needing more areas) in place, which
 * words the whole page again.
 */
export function I18nRoot({ catalog, children }: { catalog: PageCatalog; children: ReactNode }) {
  const [i18n] = useState<I18n>(() => setupI18n({ locale: catalog.locale, messages: { [catalog.locale]: catalog.messages } }));
  useEffect(() => {
    if (i18n.locale === catalog.locale && i18n.messages === catalog.messages) return;
    i18n.loadAndActivate({ locale: catalog.locale, messages: catalog.messages });
  }, [i18n, catalog]);
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** The page's wording function: `t("player.lobby.title")`, `t(MSG.required)`, `t(words)`. */
export function useT(): Translate {
  // `_` is made again whenever the catalog changes: screens that memoise on `t` word themselves again.
  const { _ } = useLingui();
  return useMemo(() => {
    const t: Translate = (message: MessageId | Words, values?: MessageValues) => {
      const words = asWords(message);
      return _(words.id, values ? { ...words.values, ...values } : words.values);
    };
    return t;
  }, [_]);
}

/** The language the page is worded in (numbers, dates and distances follow it). */
export function useLocale(): Locale {
  return useLingui().i18n.locale as Locale;
}

/**
 * A message with elements inside it, such as « Appuyez sur <0>Répondre</0> » where <0> is
 * `components[0]`: the catalog keeps the whole sentence, so each language orders it its own way.
 */
export function RichText({ id, values, components }: { id: MessageId; values?: MessageValues; components: Record<string, ReactElement> }) {
  return <Trans id={id} values={values} components={components} />;
}
