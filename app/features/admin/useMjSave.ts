// Saving a game master's account from the add form or an edited row: the picture checked before it
// is sent, a refusal kept on the form, a success handed up to the page's notice.
import { useState } from "react";
import type { Words } from "@common/i18n/ids";
import { PICTURE_MAX_BYTES, PICTURE_TOO_LARGE } from "@common/rules";
import { adminCall } from "./api";

/** A file chosen in a form, if any, and whether it is too big to send. */
function photoProblem(form: FormData, field: string): Words | null {
  const file = form.get(field);
  return file && typeof file !== "string" && file.size > PICTURE_MAX_BYTES ? PICTURE_TOO_LARGE : null;
}

export const blank = (form: FormData, field: string) => String(form.get(field) ?? "").trim() === "";

/**
 * Sends the add or edit form once its picture fits; a refusal stays on the form, a success goes
 * up to the page's notice.
 */
export function useMjSave(onDone: (message: Words) => void) {
  const [error, setError] = useState<Words | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (form: FormData, pictureField: string) => {
    const tooBig = photoProblem(form, pictureField);
    if (tooBig) return setError(tooBig);
    setBusy(true);
    const result = await adminCall("/api/pres/admin/mj", form);
    setBusy(false);
    if (result.ok) onDone(result.message);
    else setError(result.error);
  };
  return { error, setError, busy, save };
}
