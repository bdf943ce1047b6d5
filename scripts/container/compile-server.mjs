// Run by the Dockerfile after `npm run build` (which builds server/main.ts beside the Remix handler,
// build/server/main.js): compiles server.ts (the launcher, server/launch.ts), the two worker threads
// backup.ts, db-copy.ts, uploads-copy.ts and the payment sandbox run on its own (sandbox/standalone.ts,
// for many nodes: compose.yaml) into plain JavaScript (esbuild; packages stay in node_modules), so that
// the container runs `node server.mjs` (and `node backup.mjs`, `node db-copy.mjs`,
// `node uploads-copy.mjs`, `node sandbox.mjs`) with no TypeScript compiler loaded at start-up.
// Each output sits where the code that starts it looks for it: thread-entry.mjs beside server.mjs
// (sandbox/thread.ts: a URL relative to its module), app/models/mail/mail-thread-entry.mjs
// (mail-thread.server.ts: a path from the working directory), and stripe-js-stand-in.js beside the
// sandbox's thread, which reads it (sandbox/stripe-js.ts).
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const outdir = process.argv[2] ?? "dist";

// Every bare import (packages, node:*) stays an import; `~/…` (tsconfig paths) and relative ones are
// bundled, and so is a package's JSON file (node imports JSON only with `with { type: "json" }`).
const packagesExternal = {
  name: "packages-external",
  setup(build) {
    build.onResolve({ filter: /^[^./~]/ }, (args) =>
      args.path.endsWith(".json") ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    server: "server.ts",
    backup: "backup.ts",
    "db-copy": "db-copy.ts",
    "uploads-copy": "uploads-copy.ts",
    sandbox: "sandbox/standalone.ts",
    "thread-entry": "sandbox/thread-main.ts",
    "app/models/mail/mail-thread-entry": "app/models/mail/mail-thread-main.server.ts",
  },
  outdir,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: "tsconfig.json",
  plugins: [packagesExternal],
  logLevel: "warning",
});
fs.copyFileSync("sandbox/stripe-js-stand-in.js", path.join(outdir, "stripe-js-stand-in.js"));
