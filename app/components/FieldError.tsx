import type { Words } from "@common/i18n/ids";
import { useT } from "./I18n";

/**
 * Why a form was refused, read out as soon as it appears; nothing while there is no error. The
 * reason comes worded (a page action's `error`) or as words, worded here.
 */
export function FieldError({ error, id }: { error: string | Words | null | undefined; id?: string }) {
  const t = useT();
  return error ? (
    <p id={id} className="field-error" role="alert">
      {typeof error === "string" ? error : t(error)}
    </p>
  ) : null;
}
