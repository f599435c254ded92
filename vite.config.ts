import {
  cloudflareDevProxyVitePlugin,
  vitePlugin as remix,
} from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { getLoadContext } from "./load-context";
import { routeId, SHARED_ROUTES } from "./app/shared-routes";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  server: { port: Number(process.env.PORT ?? 5173) },
  plugins: [
    // Only for Vite's own dev server (`remix vite:dev`, which no npm script runs): `npm start` and
    // the tests serve the production build with wrangler (decision 003).
    command === "serve"
      ? cloudflareDevProxyVitePlugin({
          getLoadContext,
          configPath: process.env.REPERE_DEV_WRANGLER_CONFIG ?? "wrangler.toml",
        })
      : null,
    remix({
      routes: (defineRoutes) =>
        defineRoutes((route) => {
          for (const { file, paths, index } of SHARED_ROUTES) {
            for (const path of paths) route(path, file, { id: routeId(path, index), index });
          }
        }),
      future: {
        v3_fetcherPersist: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // The whole route map ships with the first page (a cached script of about 3 KB): a phone
        // going from the home page to its room then asks nothing before the room's own data.
        v3_lazyRouteDiscovery: false,
      },
    }),
    tsconfigPaths(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
    // Bundle everything into the Worker: wrangler then has nothing left to resolve.
    noExternal: true,
    target: "webworker",
  },
  resolve: { mainFields: ["browser", "module", "main"] },
  // Hidden source maps only when asked (the screen benchmark's profiles read them back): no
  // sourceMappingURL comment, and an ordinary build ships none.
  build: { minify: true, sourcemap: process.env.REPERE_SOURCEMAP === "hidden" ? "hidden" : false },
  // Pre-bundled up front: otherwise Vite's dev server finds them on a route's first visit,
  // re-optimizes and reloads the page.
  optimizeDeps: {
    include: [
      "react",
      "react-dom",
      "react-dom/client",
      "@remix-run/react",
      "qrcode.react",
      "@vis.gl/react-google-maps",
    ],
  },
}));
