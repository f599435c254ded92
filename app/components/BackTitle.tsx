import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon } from "./Icon";
import { useT } from "./I18n";

/** A screen's title with 'Retour' before it, back to where the screen was opened from. */
export function BackTitle({ back, children }: { back: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="folder-title">
      <Link to={back} className="button button-small button-secondary">
        <Icon name="back" /> {t("dashboard.back")}
      </Link>
      <h1>{children}</h1>
    </div>
  );
}
