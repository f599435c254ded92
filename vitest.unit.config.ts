import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Pure logic (party/engine, common/, app/, the test kit's and the benches' own) runs in plain Node: fast, no workerd.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: [
      "party/**/*.test.ts",
      "app/**/*.test.ts",
      "common/**/*.test.ts",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/support/**/*.test.ts",
      "bench/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "**/*.workers.test.ts"],
    environment: "node",
  },
});
