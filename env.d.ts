import type { GameRoom } from "./party/game-room";
import type { Throttle } from "./app/server/throttle/throttle-counter.server";

declare global {
  namespace Cloudflare {
    /** Bindings and variables of the Worker (wrangler.toml, secrets, .dev.vars). */
    interface Env {
      DB: D1Database;
      BUCKET: R2Bucket;
      GameRoom: DurableObjectNamespace<GameRoom>;
      /** Failure counters of the login and room-number throttles, one object per key. */
      Throttle: DurableObjectNamespace<Throttle>;
      ADMIN_MAIL?: string;
      ADMIN_PASSWORD?: string;
      JWT_SECRET?: string;
      GOOGLE_MAPS_API_KEY?: string;
      GOOGLE_MAPS_MAP_ID?: string;
      /** Phones one network address may bring into a room at once (common/rules/audience.ts). */
      ROOM_PHONES_PER_ADDRESS?: string;
    }
  }
  interface Env extends Cloudflare.Env {}
}

export {};
