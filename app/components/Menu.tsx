import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Icon } from "./Icon";

/**
 * The '⋮' menu of a card: a disclosure button and a list of actions. Escape or a click
 * elsewhere closes it and gives the focus back to the button.
 */
export function Menu({ label, children }: { label: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>("[data-menu-item]")?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        const items = [...(root.current?.querySelectorAll<HTMLElement>("[data-menu-item]") ?? [])];
        const at = items.indexOf(document.activeElement as HTMLElement);
        const next = event.key === "ArrowDown" ? at + 1 : at - 1;
        items[(next + items.length) % items.length]?.focus();
        event.preventDefault();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="dots" />
      </button>
      {open ? (
        <div className="menu-list" id={id}>
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}

export function MenuButton({
  onSelect,
  children,
  danger,
}: {
  onSelect: () => void;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <button type="button" data-menu-item className={danger ? "menu-item danger" : "menu-item"} onClick={onSelect}>
      {children}
    </button>
  );
}

/** A menu entry that closes the menu and posts one intent (with the card's own fields) at once. */
export function IntentMenuButton({
  close,
  fetcher,
  fields,
  children,
}: {
  close: () => void;
  fetcher: FetcherWithComponents<unknown>;
  fields: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <MenuButton
      onSelect={() => {
        close();
        fetcher.submit(fields, { method: "post" });
      }}
    >
      {children}
    </MenuButton>
  );
}
