import type { ReactNode } from "react";
import { useT } from "~/components/I18n";

/** The line under a card's title; on another account's card, the admin sees whose it is. */
export function CardMeta({ owner, children }: { owner: string | null; children: ReactNode }) {
  const t = useT();
  return (
    <p className="card-meta">
      {children}
      {owner ? <span className="owner-badge">{t("dashboard.card.owner", { name: owner })}</span> : null}
    </p>
  );
}
