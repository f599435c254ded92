import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { accounts, type Account } from "@db/schema";
import { DEFAULT_LOBBY_PICTURE, pictureUrl } from "@common/media/urls";
import { releaseMedia } from "./media.server";

/**
 * The picture behind a game's lobby: the account's own, else the admin's, else the default
 * file shipped in public/ (a lobby always has a picture).
 */
type LobbyPicture = { url: string; source: "own" | "admin" | "default" };

export async function lobbyPictureUrl(db: Db, account: Account): Promise<LobbyPicture> {
  if (account.lobbyPictureKey) return { url: pictureUrl(account.lobbyPictureKey), source: "own" };
  const [admin] = await db
    .select({ key: accounts.lobbyPictureKey })
    .from(accounts)
    .where(eq(accounts.role, "admin"))
    .limit(1);
  return admin?.key ? { url: pictureUrl(admin.key), source: "admin" } : { url: DEFAULT_LOBBY_PICTURE, source: "default" };
}

/** `key` null goes back to the fallback picture. */
export async function setLobbyPicture(db: Db, bucket: R2Bucket, account: Account, key: string | null) {
  await db.update(accounts).set({ lobbyPictureKey: key }).where(eq(accounts.id, account.id));
  if (account.lobbyPictureKey !== key) await releaseMedia(db, bucket, [account.lobbyPictureKey]);
}
