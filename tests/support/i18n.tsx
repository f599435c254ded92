/**
 * Screens rendered in a language, for unit tests: the real catalogs, compiled as the server
 * compiles them, behind the page's own provider.
 */
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { AREAS } from "@common/i18n/areas";
import type { Translate } from "@common/i18n/ids";
import type { Locale } from "@common/i18n/locales";
import { catalogFor, translator } from "~/server/i18n/i18n.server";
import { I18nRoot } from "~/components/I18n";

/** The markup of `element` worded in `locale` (French by default). */
export function renderIn(element: ReactElement, locale: Locale = "fr"): string {
  return renderToStaticMarkup(createElement(I18nRoot, { catalog: { locale, messages: catalogFor(locale, AREAS) }, children: element }));
}

/** The wording function of a language, as a screen's `useT()` gives it. */
export const tIn = (locale: Locale = "fr"): Translate => translator(locale);
