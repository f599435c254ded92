/**
 * The admin's own screens beside the dashboard: the MJ table, the sounds and 'Redémarrer'. Each
 * takes the admin's session only; anyone else goes back to the admin login.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { MjPageData, SoundPageData } from "@common/admin/types";
import { requirePageAccount } from "./auth.server";
import { restartAllRooms } from "./games.server";
import { readForm, SMALL_BODY_BYTES } from "./body.server";
import { pageAction, pageLoader } from "./http.server";
import { listMjs } from "./mj-admin.server";
import { liveGameCount } from "./rooms.server";
import { soundCategories } from "./sounds.server";

/** /pres/mj: its changes go through the admin JSON calls (/api/pres/admin/mj…). */
export const mjTablePage = pageLoader(async ({ request, context }: LoaderFunctionArgs): Promise<MjPageData> => {
  const admin = await requirePageAccount(request, context, "admin");
  return { accountName: admin.name, mjs: await listMjs(context.db) };
});

/** /pres/sound: replacing goes through /api/pres/admin/replaceSound/…; GET /api/sound/{id} plays. */
export const soundsPage = pageLoader(async ({ request, context }: LoaderFunctionArgs): Promise<SoundPageData> => {
  const admin = await requirePageAccount(request, context, "admin");
  return { accountName: admin.name, categories: await soundCategories(context.db) };
});

/** /pres/restart: asks first, then says how many games it ended (`?ended=N` after the change). */
export const restartPage = pageLoader(async ({ request, context }: LoaderFunctionArgs) => {
  const admin = await requirePageAccount(request, context, "admin");
  const ended = new URL(request.url).searchParams.get("ended");
  if (ended !== null && /^\d{1,6}$/.test(ended)) {
    return { accountName: admin.name, step: "done" as const, ended: Number(ended), live: 0 };
  }
  return { accountName: admin.name, step: "confirm" as const, ended: 0, live: await liveGameCount(context.db) };
});

/**
 * 'Terminer les parties': ends every live game, then a redirect, so a reload never ends games
 * again. Without `confirm=yes` nothing happens.
 */
export const restartAction = pageAction(async ({ request, context }: ActionFunctionArgs) => {
  await requirePageAccount(request, context, "admin");
  const form = await readForm(request, SMALL_BODY_BYTES);
  if (form?.get("confirm") !== "yes") return { error: null };
  const ended = await restartAllRooms(context);
  throw redirect(`/pres/restart?ended=${ended}`);
});
