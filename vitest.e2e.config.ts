import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Socket and browser tests against the production build served as `npm start` serves it, started
// by tests/e2e/global-setup.ts on its own port, state folder and dev registry.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/e2e/**/*.test.ts"],
    environment: "node",
    globalSetup: ["./tests/e2e/global-setup.ts"],
    // On a failure, what the server logged during that test.
    setupFiles: ["./tests/e2e/server-log.ts"],
    // Two cores: one server, one browser at a time.
    fileParallelism: false,
    testTimeout: 60_000,
    // Whole games over real sockets on a loaded 2-core machine: one retry absorbs a dropped
    // socket (seen about once in six full runs, not reproduced alone); a real bug fails twice.
    retry: 1,
    hookTimeout: 120_000,
  },
});
