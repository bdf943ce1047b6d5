#!/bin/sh
# Run by the Dockerfile on the production dependencies (after `npm prune --omit=dev`): removes what
# the shop never reads at run time, which the prune keeps.
set -eu
cd "${1:-node_modules}"
# Types only: TypeScript is an optional peer of Remix's packages, @types/* come with drizzle and stripe.
rm -rf typescript @types
# sharp's WebAssembly fallback, for platforms without a native build (this one has @img/sharp-linux-x64).
rm -rf @img/sharp-wasm32
# Prettier comes with @react-email/render, which loads its standalone build and HTML plugin only to
# pretty-print (the shop never asks it to): those stay, the CLI and the other languages' plugins go.
if [ -d prettier ]; then
  find prettier -mindepth 1 -maxdepth 1 ! -name package.json ! -name LICENSE ! -name 'standalone.*' ! -name plugins -exec rm -rf {} +
  find prettier/plugins -type f ! -name 'html.*' -delete
fi
# web-encoding falls back on it only where TextEncoder is missing, never in Node.
rm -rf @zxing/text-encoding
# The seed draws its pictures from bootstrap-icons/icons/*.svg; the font and the sprite are for browsers.
rm -rf bootstrap-icons/font bootstrap-icons/bootstrap-icons.svg
# better-sqlite3 needs its compiled addon and lib/; the C sources and the compiler's objects stay behind.
if [ -d better-sqlite3 ]; then
  addon=better-sqlite3/build/Release/better_sqlite3.node
  mv "$addon" /tmp/better_sqlite3.node
  rm -rf better-sqlite3/deps better-sqlite3/src better-sqlite3/build
  mkdir -p better-sqlite3/build/Release
  mv /tmp/better_sqlite3.node "$addon"
fi
# Type declarations, source maps and package documentation.
find . -type f \( -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -name '*.map' -o -iname '*.md' \) -delete
