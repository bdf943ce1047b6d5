import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig, type Plugin } from "vite";
import { fileURLToPath } from "node:url";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/**
 * The server's own entry (server/main.ts: start-up, the HTTP edge) built with the Remix server build
 * as its second entry, build/server/main.js beside index.js: the two share their chunks, so every app
 * module exists once in the running server (no copy loaded beside the build). server.ts loads both.
 */
function serverEntry(): Plugin {
  return {
    name: "shop-server-entry",
    apply: "build",
    enforce: "post",
    config(config, env) {
      const rollup = config.build?.rollupOptions;
      if (!env.isSsrBuild || !rollup || typeof rollup.input !== "string") return;
      rollup.input = { index: rollup.input, main: "server/main.ts" };
      if (rollup.output && !Array.isArray(rollup.output)) rollup.output.entryFileNames = "[name].js";
      // drizzle-orm bundled into the build rather than loaded file by file from node_modules: for
      // each of its files Node 22 parses the exports map of its package.json (178 kB) again, about
      // 0.5 s of CPU per process at start-up (the primary and each worker).
      const ssr = (config.ssr ??= {});
      if (ssr.noExternal !== true) ssr.noExternal = [...[ssr.noExternal ?? []].flat(), "drizzle-orm"];
    },
  };
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
  build: {
    target: "es2022",
    rollupOptions: {
      // Route modules with no code for the browser (API routes, loaders and actions only) make
      // empty client chunks by design; every other warning is shown.
      onwarn(warning, warn) {
        if (warning.code === "EMPTY_BUNDLE") return;
        warn(warning);
      },
    },
  },
  plugins: [
    !process.env.VITEST &&
      remix({
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
          v3_routeConfig: true,
        },
      }),
    !process.env.VITEST && serverEntry(),
  ],
});
