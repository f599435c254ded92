// Removing one line of a défi, as a ban: its device always, its network when the MJ ticks it.
import { useState } from "react";
import type { DefiAdminPlayer } from "@common/contracts/defi/types";
import { Dialog, DialogActions } from "~/components/Dialog";
import { useT } from "~/components/I18n";
import type { Act } from "./useDefiAction";

/** One line out: its device always, its network when the MJ ticks it (by default when it came alone). */
export function RemoveDialog({ player, shared, act, onClose }: { player: DefiAdminPlayer | null; shared: number; act: Act; onClose: () => void }) {
  const t = useT();
  const [network, setNetwork] = useState(shared <= 1);
  const [key, setKey] = useState(player?.playerNo);
  if (player?.playerNo !== key) {
    setKey(player?.playerNo);
    setNetwork(shared <= 1);
  }
  return (
    <Dialog open={player !== null} onClose={onClose} title={player ? t("defi.remove.title", { name: player.name }) : ""}>
      <form
        className="defi-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (player) void act({ action: "remove", playerNo: player.playerNo, network }).then((ok) => ok && onClose());
        }}
      >
        <p>{t("defi.remove.body")}</p>
        <label className="defi-check">
          <input type="checkbox" checked={network} onChange={(e) => setNetwork(e.target.checked)} />
          {t("defi.remove.network", { n: shared })}
        </label>
        <DialogActions onCancel={onClose} submitLabel={t("defi.manage.remove")} danger />
      </form>
    </Dialog>
  );
}
