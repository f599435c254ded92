import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Integration tests in workerd: the real Worker (server.ts with the Remix build), D1 with the
// real migrations, R2 and the GameRoom Durable Object. `npm run build` must run first.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "db/migrations"));
  return {
    plugins: [
      tsconfigPaths(),
      cloudflareTest({
        main: "./server.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            ADMIN_MAIL: "admin@repere.test",
            ADMIN_PASSWORD: "admin-test-password",
            // 32 characters at least: requests to a non-local host (https://repere.example) are
            // served only with production-grade secrets (app/server/auth/config.server.ts).
            JWT_SECRET: "workers-test-secret-0123456789-abcdef",
          },
        },
      }),
    ],
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["./tests/workers/apply-migrations.ts"],
      // @remix-run/cloudflare is CommonJS with circular requires: pre-bundled, the route modules
      // the tests import can load it in workerd.
      deps: { optimizer: { ssr: { enabled: true, include: ["@remix-run/cloudflare"] } } },
    },
  };
});
