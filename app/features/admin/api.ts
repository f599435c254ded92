import { MSG } from "@common/messages";
import { MSG_MJ, type AdminResult } from "@common/admin/types";

/**
 * Calls an admin JSON route and always answers with something the page can show: the server's
 * French message, or the network one when the request never got an answer (docs/architecture.md,
 * How a request flows).
 */
export async function adminCall(url: string, body?: FormData, method = "POST"): Promise<AdminResult> {
  let response: Response;
  try {
    response = await fetch(url, { method, body, credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    return { ok: false, error: MSG_MJ.network };
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    // An HTML error page or an empty answer: nothing to read.
  }
  const message = (data as { message?: unknown; error?: unknown } | null) ?? {};
  if (response.ok) return { ok: true, message: typeof message.message === "string" ? message.message : "" };
  return { ok: false, error: typeof message.error === "string" ? message.error : MSG.serverError };
}
