// A défi's deadline in its report: moved, the défi ended now, or an ended one reopened.
import { useId, useState } from "react";
import type { DefiAdmin } from "@common/contracts/defi/types";
import { defaultDeadline } from "@common/rules";
import { useT } from "~/components/I18n";
import { fromLocalInput, toLocalInput } from "./share";
import type { Act } from "./useDefiAction";

/** Move the deadline or end the défi now; an ended défi is reopened with a new deadline. */
export function DeadlineForm({ defi, act }: { defi: DefiAdmin; act: Act }) {
  const t = useT();
  const ids = useId();
  const [deadline, setDeadline] = useState(() => toLocalInput(defi.open ? defi.deadline : defaultDeadline(Date.now())));
  return (
    <form
      className="defi-deadline"
      onSubmit={(e) => {
        e.preventDefault();
        void act({ action: "deadline", deadline: fromLocalInput(deadline) });
      }}
    >
      <label htmlFor={`${ids}-deadline`}>{t("defi.deadline")}</label>
      <input id={`${ids}-deadline`} type="datetime-local" value={deadline} onChange={(e) => setDeadline(e.target.value)} required />
      {defi.open ? (
        <>
          <button type="submit" className="button button-small">
            {t("defi.manage.moveDeadline")}
          </button>
          <button type="button" className="button button-small button-danger" onClick={() => void act({ action: "end" })}>
            {t("defi.manage.endNow")}
          </button>
        </>
      ) : (
        <>
          <button type="submit" className="button button-small" aria-describedby={`${ids}-reopen`}>
            {t("defi.manage.reopen")}
          </button>
          <p id={`${ids}-reopen`} className="defi-hint">
            {t("defi.manage.reopenHint")}
          </p>
        </>
      )}
    </form>
  );
}
