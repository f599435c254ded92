import { useFetcher, useLocation } from "@remix-run/react";
import { LOCALE_NAMES, LOCALES } from "@common/i18n/locales";
import { useLocale, useT } from "./I18n";

/**
 * The language switch: one button per language, the current one pressed. The choice sticks on
 * the device (POST /api/lang sets its cookie), and the page's data come back worded in it
 * without leaving the page (a game's socket stays up). Without JavaScript the form goes back to
 * the same page.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useT();
  const current = useLocale();
  const fetcher = useFetcher();
  const { pathname, search } = useLocation();
  const asked = fetcher.formData?.get("lang");
  return (
    <fetcher.Form method="post" action="/api/lang" className={["lang-switch", className].filter(Boolean).join(" ")}>
      <fieldset>
        <legend className="sr-only">{t("common.language")}</legend>
        <input type="hidden" name="back" value={pathname + search} />
        {LOCALES.map((code) => (
          <button
            key={code}
            type="submit"
            name="lang"
            value={code}
            lang={code}
            aria-label={LOCALE_NAMES[code]}
            aria-pressed={(asked ?? current) === code}
          >
            {code.toUpperCase()}
          </button>
        ))}
      </fieldset>
    </fetcher.Form>
  );
}
