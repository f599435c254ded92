// Adapted time in a défi's report: a player's own box on its line, and the names that get it when
// they join.
import { useEffect, useId, useState } from "react";
import type { DefiAdminPlayer } from "@common/contracts/defi/types";
import { useT } from "~/components/I18n";
import type { Act } from "./useDefiAction";

/**
 * « Temps adapté pour X » on a player's line: the MJ's choice shows at once and stays while the
 * server has not answered (the report's data comes back after); refused, the box goes back and
 * its line says so, the reason above the table (`act`'s error).
 */
export function AdaptedBox({ player, all, act }: { player: DefiAdminPlayer; all: boolean; act: Act }) {
  const t = useT();
  const id = useId();
  // The choice sent and not yet in the report's data; null: the data's.
  const [pending, setPending] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  // The report's data came back: it is what the box shows from now on.
  useEffect(() => setPending(null), [player.adapted]);
  return (
    <>
      <input
        type="checkbox"
        className="defi-adapted-line"
        checked={pending ?? player.adapted}
        disabled={all}
        aria-label={t("defi.manage.adaptedFor", { name: player.name })}
        aria-describedby={failed ? id : undefined}
        aria-busy={pending !== null || undefined}
        onChange={(e) => {
          const on = e.target.checked;
          setPending(on);
          setFailed(false);
          void act({ action: "adapted", playerNo: player.playerNo, on }).then((ok) => {
            if (ok) return;
            setPending(null);
            setFailed(true);
          });
        }}
      />
      {failed ? (
        <span id={id} className="defi-line-error">
          {t("defi.manage.adaptedNotSaved")}
        </span>
      ) : null}
    </>
  );
}

/** The names that get adapted time when they join, one per line, as the MJ keeps them up to date. */
export function AdaptedNames({ names, act }: { names: string[]; act: Act }) {
  const t = useT();
  const [text, setText] = useState(names.join("\n"));
  return (
    <form
      className="defi-adapted-form"
      onSubmit={(e) => {
        e.preventDefault();
        void act({ action: "adaptedNames", names: text.split("\n").filter((n) => n.trim() !== "") });
      }}
    >
      <label className="defi-adapted-names">
        {t("defi.adapted.names")}
        <textarea rows={3} value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" className="button button-small">
        {t("defi.manage.saveNames")}
      </button>
    </form>
  );
}
