import type { Decoder } from "@common/contracts/decode";
import type { Words } from "@common/i18n/ids";
import { callApi } from "~/call-api";

/** A deadline as a `datetime-local` field holds it (the browser's own time zone), and back. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** NaN for an empty or unreadable field: the server refuses it with its own words. */
export function fromLocalInput(value: string): number {
  return value ? new Date(value).getTime() : Number.NaN;
}

/** POST JSON to one of the dashboard's défi routes: the answer as its decoder reads it, or the words to show. */
export async function postDefi<T>(url: string, decode: Decoder<T>, body: unknown): Promise<{ ok: true; data: T } | { ok: false; error: Words }> {
  const r = await callApi(url, decode, { json: body });
  return r.ok ? { ok: true, data: r.value } : { ok: false, error: r.error };
}
