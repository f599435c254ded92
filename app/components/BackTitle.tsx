import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon } from "./Icon";

/** A screen's title with 'Retour' before it, back to where the screen was opened from. */
export function BackTitle({ back, children }: { back: string; children: ReactNode }) {
  return (
    <div className="folder-title">
      <Link to={back} className="button button-small button-secondary">
        <Icon name="back" /> Retour
      </Link>
      <h1>{children}</h1>
    </div>
  );
}
