// What server.ts runs, outside the bundle: it holds only what cannot be bundled, Vite's dev server
// and the payment sandbox's thread (its worker file is found beside sandbox/thread.ts), and loads
// everything else from one module graph: the production build (build/server/main.js beside the
// Remix handler's index.js, one Rollup build sharing its chunks, so every app module exists once)
// or, in development, Vite's, which also serves the routes. Nothing here imports app/ or server/
// code at run time (app/layers.nodb.test.ts checks it).
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { startStripeSandboxThread } from "../sandbox/thread";
import type { ShopOptions, startShop } from "./main";

type Main = { startShop: typeof startShop };

/** Starts the shop (this process's part of it); `extra` only from the bench (bench/lib/shop-launcher.ts). */
export async function launchShop(extra: Pick<ShopOptions, "extraRoutes"> = {}) {
  if (process.env.NODE_ENV === "development") {
    const vite = await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));
    const { startShop } = (await vite.ssrLoadModule("/server/main.ts")) as Main;
    await startShop({
      ...extra,
      // Loaded again for each request: a changed route or model is picked up without a restart.
      loadBuild: () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
      vite,
      startSandboxThread: startStripeSandboxThread,
    });
  } else {
    const built = (file: string) => import(pathToFileURL(path.resolve("build/server", file)).href);
    const { startShop } = (await built("main.js")) as Main;
    await startShop({
      ...extra,
      loadBuild: () => built("index.js") as Promise<ServerBuild>,
      startSandboxThread: startStripeSandboxThread,
    });
  }
}
