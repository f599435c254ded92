/**
 * The catalogs on the server: which language a request reads, the compiled messages a page is
 * sent (only its language, only the areas it can show), and the server's own sentences (refusals)
 * worded in the asker's language. Messages are ICU MessageFormat in the catalogs and compiled once
 * per isolate with Lingui's compiler, so the browser carries Lingui's small runtime, never the
 * compiler (docs/decisions/039-languages-with-lingui.md).
 */
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { AREAS, type Area } from "@common/i18n/areas";
import type { MessageId, MessageValues, Translate, Words } from "@common/i18n/ids";
import { acceptedLanguages, DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, pickLocale, type Locale } from "@common/i18n/locales";
import { asWords } from "@common/i18n/words";
import { readCookie } from "../http/cookies.server";
import * as de from "@common/i18n/catalogs/de";
import * as en from "@common/i18n/catalogs/en";
import * as fr from "@common/i18n/catalogs/fr";


/**
 * Every language's catalog. Static imports, not a glob: the Worker's entry is bundled by wrangler
 * as well as by Vite. A language added to LOCALE_NAMES fails the type-check until it is listed.
 */
const SOURCES: Record<Locale, Record<Area, Record<string, string>>> = { fr, en, de };

const source = (locale: Locale, area: Area): Record<string, string> => SOURCES[locale][area];

const compiled = new Map<string, Messages>();

/** One area of one language, compiled (made once per isolate). */
function compiledArea(locale: Locale, area: Area): Messages {
  const key = `${locale}/${area}`;
  let messages = compiled.get(key);
  if (!messages) {
    messages = {};
    for (const [id, text] of Object.entries(source(locale, area))) messages[id] = compileMessage(text);
    compiled.set(key, messages);
  }
  return messages;
}

/** The compiled messages of these areas in one language: what a page's root hands the browser. */
export function catalogFor(locale: Locale, areas: readonly Area[]): Messages {
  return Object.assign({}, ...areas.map((area) => compiledArea(locale, area))) as Messages;
}

/**
 * The language of a request: the device's choice (the `lang` cookie, set by the language
 * switch), else the best of its Accept-Language, else French.
 */
export function localeOf(request: Request): Locale {
  const chosen = readCookie(request, LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  return pickLocale(acceptedLanguages(request.headers.get("Accept-Language"))) ?? DEFAULT_LOCALE;
}

/** Whether the device chose its language itself (the page then leaves navigator.languages alone). */
export const localeChosen = (request: Request): boolean => isLocale(readCookie(request, LOCALE_COOKIE));

const servers = new Map<Locale, I18n>();

/** Every area of a language, for the sentences the server words itself. */
function serverI18n(locale: Locale): I18n {
  let i18n = servers.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: catalogFor(locale, AREAS) } });
    servers.set(locale, i18n);
  }
  return i18n;
}

/** The server's wording in one language. */
export function translator(locale: Locale): Translate {
  const i18n = serverI18n(locale);
  return (message: MessageId | Words, values?: MessageValues) => {
    const words = asWords(message);
    return i18n._(words.id, values ? { ...words.values, ...values } : words.values);
  };
}


/** A path of this site to go back to after the switch (never another site's address). */
export function localePath(back: string | undefined): string {
  return back && back.startsWith("/") && !back.startsWith("//") && !back.startsWith("/\\") ? back : "/";
}
