import type { AppLoadContext } from "@remix-run/cloudflare";
import { createDb, type Db } from "./db/client";

type Cloudflare = {
  env: Env;
  ctx: Pick<ExecutionContext, "waitUntil" | "passThroughOnException">;
  cf?: unknown;
  caches?: unknown;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    /** One drizzle instance per request (EXAMPLES: cloudflare templates). */
    db: Db;
  }
}

export function getLoadContext({
  context,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
}): AppLoadContext {
  return { cloudflare: context.cloudflare, db: createDb(context.cloudflare.env.DB) };
}
