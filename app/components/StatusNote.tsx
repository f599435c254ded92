/**
 * A line read out politely (`role="status"`) while there is something to say, and nothing
 * otherwise: a notice on a map, a full wizard, a refused guess. Screens showed it with the same
 * five lines each.
 */
import type { MessageId, Words } from "@common/i18n/ids";
import { useT } from "./I18n";

export function StatusNote({ words, className }: { words: Words | MessageId | null | undefined; className: string }) {
  const t = useT();
  if (!words) return null;
  return (
    <p className={className} role="status">
      {t(words)}
    </p>
  );
}
