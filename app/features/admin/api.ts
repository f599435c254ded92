import { decodeAdminDone } from "@common/contracts/admin/decoders";
import type { AdminResult } from "@common/contracts/admin/types";
import { said } from "@common/i18n/words";
import { callApi } from "~/call-api";

/**
 * Calls an admin JSON route: the server's `message` on success (worded by the server in the
 * page's language), else the reason to show; both as words.
 */
export async function adminCall(url: string, body?: FormData, method: "POST" | "PATCH" | "DELETE" = "POST"): Promise<AdminResult> {
  const r = await callApi(url, decodeAdminDone, { method, form: body });
  if (!r.ok) return { ok: false, error: r.error };
  return { ok: true, message: said(r.value.message) };
}
