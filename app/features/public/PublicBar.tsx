import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandName } from "~/components/BrandName";
import { useT } from "~/components/I18n";
import { LanguageSwitch } from "~/components/LanguageSwitch";

/**
 * The bar on top of /watch, /question and /map: the brand back home, the page's title and a line
 * under it, the language switch, and the page's own button if it has one.
 */
export function PublicBar({ title, subtitle, children }: { title: string; subtitle?: string | null; children?: ReactNode }) {
  const t = useT();
  return (
    <header className="public-bar">
      <Link to="/" className="public-brand" aria-label={t("public.home")}>
        <BrandName />
      </Link>
      <div className="public-title">
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      <div className="public-actions">
        <LanguageSwitch className="public-lang" />
        {children}
      </div>
    </header>
  );
}
