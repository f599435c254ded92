import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { assertSameOrigin, requireAccount } from "~/server/auth.server";
import { launchGame, parseLaunchSettings, presenterSession } from "~/server/games.server";
import { MSG } from "@common/messages";
import { LAUNCH_PARAMS } from "@common/rules";

/**
 * Launch over HTTP for scripts and tests (the presenter page launches through its own form
 * action, with the same checks): POST JSON {quiz, mode?, icon?, time?, help_zone?, max_player?,
 * max_team?} -> 201 {roomNumber, token}. Refusals: 400/401/403/404/409 with a French {error}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Méthode non autorisée" }, { status: 405 });
  assertSameOrigin(request);
  const account = await requireAccount(request, context);
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== "object" || typeof body.quiz !== "string" || !body.quiz) {
    return Response.json({ error: MSG.required }, { status: 400 });
  }
  const search = new URLSearchParams();
  for (const key of Object.values(LAUNCH_PARAMS)) {
    const value = body[key];
    if (typeof value === "string" || typeof value === "number") search.set(key, String(value));
  }
  const parsed = parseLaunchSettings(search, body.mode === "team" ? "team" : "player");
  if (!parsed.ok) return Response.json({ error: parsed.error }, { status: 400 });
  const { roomNumber } = await launchGame(context, account, body.quiz, parsed.settings);
  const session = await presenterSession(context, account, roomNumber);
  return Response.json(
    { roomNumber, token: session?.token ?? null },
    { status: 201, headers: { "Cache-Control": "no-store" } },
  );
}
