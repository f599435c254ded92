import { defineConfig } from "vitest/config";

// Pure logic (party/engine, app/lib) runs in plain Node: fast, no workerd.
export default defineConfig({
  test: {
    include: ["party/**/*.test.ts", "app/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/*.workers.test.ts"],
    environment: "node",
  },
});
