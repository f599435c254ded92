import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { BrandName } from "~/components/BrandName";

/** The bar on top of /watch and /question: the brand back home, the quiz's name, a line under it. */
export function PublicBar({ title, subtitle, children }: { title: string; subtitle?: string | null; children?: ReactNode }) {
  return (
    <header className="public-bar">
      <Link to="/" className="public-brand" aria-label="Repère, accueil">
        <BrandName />
      </Link>
      <div className="public-title">
        <h1>{title}</h1>
        {subtitle ? <p>{subtitle}</p> : null}
      </div>
      {children}
    </header>
  );
}
