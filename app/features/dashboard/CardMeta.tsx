import type { ReactNode } from "react";

/** The line under a card's title; on another account's card, the admin sees whose it is. */
export function CardMeta({ owner, children }: { owner: string | null; children: ReactNode }) {
  return (
    <p className="card-meta">
      {children}
      {owner ? <span className="owner-badge">MJ : {owner}</span> : null}
    </p>
  );
}
