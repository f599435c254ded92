// One action on a défi from its report (a new deadline, a line renamed or removed...): posted,
// its refusal kept to be shown above the table, the report's data read again when it is done.
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { decodeDefiAdmin } from "@common/contracts/defi/decoders";
import type { Words } from "@common/i18n/ids";
import { postDefi } from "./share";

/** Posts one action; true when the server took it. */
export type Act = (body: Record<string, unknown>) => Promise<boolean>;

export function useDefiAction(gameId: string): { act: Act; error: Words | null } {
  const revalidator = useRevalidator();
  const [error, setError] = useState<Words | null>(null);
  const act: Act = async (body) => {
    setError(null);
    const result = await postDefi(`/api/defis/${gameId}`, decodeDefiAdmin, body);
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    revalidator.revalidate();
    return true;
  };
  return { act, error };
}
