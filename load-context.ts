import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "./db/client";
import { mintNonce } from "./app/server/http/security-headers.server";

type Cloudflare = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: unknown;
  caches?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** D1 through drizzle: one instance per D1 binding, shared by the requests (db/client.ts). */
    db: Db;
    /** The page's Content-Security-Policy nonce: its inline scripts carry it, its header names it. */
    cspNonce: string;
  }
}

export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
}): AppLoadContext {
  return { cloudflare: context.cloudflare, db: createDb(context.cloudflare.env.DB), cspNonce: mintNonce() };
}
