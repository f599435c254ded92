import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { assertSameOrigin, requireAccount } from "~/server/auth.server";
import { closeGame } from "~/server/games.server";

/** 'Nouvelle partie' over HTTP: POST -> 200 {ok: true}; a room already gone is fine too. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Méthode non autorisée" }, { status: 405 });
  assertSameOrigin(request);
  const account = await requireAccount(request, context);
  await closeGame(context, account, params.room ?? "");
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
