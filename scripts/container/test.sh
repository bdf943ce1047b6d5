#!/usr/bin/env bash
# `npm run test:container`: builds the Dockerfile with podman, unmodified, and proves the running
# container: the pages and API answer, the HEALTHCHECK passes, every process runs as the unprivileged
# user, `stop` is quick and clean, a new container on the same volume keeps the data, and a /data the
# user cannot write stops start-up with one line. Prints the timings and the image's size.
#
# Needs root, podman, runc, debootstrap (apt: podman buildah runc iptables debootstrap netavark
# aardvark-dns uidmap) and the npm registry. The node:22-bookworm-slim base comes from Docker Hub if
# it is already in the store, else a local stand-in is built (stand-in-base.sh).
#
# Everything lives in a store of its own (SHOPIT_CONTAINER_STORE, default /var/tmp/shopit-container),
# not podman's usual one. The stand-in base, the dependency layers (npm ci, then the production
# install) and the build cache stay there for the next run while what they are made from is
# unchanged: the Dockerfile, the package files, patches/ and these scripts (their hash is the
# store's key; another key empties the store first). Every run still builds the image from the
# Dockerfile (podman reuses a layer only if what it copies is the same) and proves it. Containers
# and volumes go at the end; SHOPIT_CONTAINER_CACHE=0 removes the store too.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/container/stand-in-base.sh

proof_start=$(date +%s%N)
keep_cache=${SHOPIT_CONTAINER_CACHE:-1}
image=localhost/shopit-proof:latest
deps_image=localhost/shopit-proof-deps:latest
volume=shopit-proof-data
tmp=$(mktemp -d /tmp/shopit-container-test.XXXXXX)
source scripts/container/proof-lib.sh
store_dir=${SHOPIT_CONTAINER_STORE:-/var/tmp/shopit-container}
cache_key=$(cat Dockerfile .dockerignore package.json package-lock.json patches/* scripts/container/*.sh \
  scripts/container/*.mjs | sha256sum | cut -c1-16)
podman_env "$store_dir" "$tmp"
if [ -e "$store/storage" ] && [ "$(cat "$store/cache-key" 2>/dev/null)" != "$cache_key" ]; then
  echo "The container store was made from another Dockerfile, package files or scripts: emptied."
  rm -rf "$store" "$run_root"
  mkdir -p "$store" "$run_root"
fi


cleanup() {
  local status=$?
  pm rm --all --force --time 0 >/dev/null 2>&1 || true
  pm volume rm --all --force >/dev/null 2>&1 || true
  if [ "$keep_cache" = 1 ]; then
    echo "Kept the base, the dependency layers and the build cache in $store for the next run (SHOPIT_CONTAINER_CACHE=0 removes them)."
  else
    pm rmi --all --force >/dev/null 2>&1 || true
    pm image prune --all --force >/dev/null 2>&1 || true
    # Nothing is mounted any more: the store goes, with the state podman kept for it.
    rm -rf "$store" "$run_root"
    echo "Removed everything the proof built ($store)."
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT


# Waits until http://127.0.0.1:$1/healthz answers 200 (at most $2 seconds) while container $3 runs.
wait_healthy() {
  local deadline=$(($(date +%s) + $2)) tries=0
  until curl -fsS -o /dev/null "http://127.0.0.1:$1/healthz" 2>/dev/null; do
    # Each podman call takes a while: whether it still runs is asked once a second.
    if [ $((++tries % 20)) = 0 ] && [ "$(pm inspect --format '{{.State.Running}}' "$3")" != true ]; then
      pm logs "$3" >&2
      fail "container $3 stopped while starting"
    fi
    [ "$(date +%s)" -lt "$deadline" ] || { pm logs "$3" >&2; fail "/healthz did not answer within $2 s"; }
    sleep 0.05
  done
}

# Starts a container on the volume; sets $port and $ready_s (podman run until /healthz answers).
start_shop() {
  port=$(free_port)
  local started
  started=$(now_ms)
  # (Without systemd, podman says on stderr that it cannot time the HEALTHCHECK; `healthcheck run` works.)
  pm run --detach --name "$1" --network=host -e PORT="$port" -v "$volume:/data" "$image" >/dev/null 2>"$tmp/run.err" ||
    { cat "$tmp/run.err" >&2; fail "podman run $1"; }
  wait_healthy "$port" 120 "$1"
  ready_s=$(seconds_since "$started")
}

# Stops container $1: under 8 s, exit code 0. Sets $stop_s.
stop_shop() {
  local started code
  started=$(now_ms)
  pm stop --time 10 "$1" >/dev/null 2>"$tmp/stop.err" || { cat "$tmp/stop.err" >&2; fail "podman stop $1"; }
  stop_s=$(seconds_since "$started")
  code=$(pm inspect --format '{{.State.ExitCode}}' "$1")
  [ "$code" = 0 ] || { pm logs "$1" >&2; fail "$1 exited with code $code after stop"; }
  awk -v s="$stop_s" 'BEGIN { exit !(s < 8) }' || fail "stopping $1 took $stop_s s (limit 8 s)"
  pass "$1 stopped in $stop_s s with exit code 0"
}

api() { curl -sS -H 'Content-Type: application/json' "$@"; }
products_count() { curl -fsS "http://127.0.0.1:$port/api/v1/products" | jq -e '.products | length'; }

# --- The image ---
pm rm --all --force --time 0 >/dev/null 2>&1 || true
pm volume rm --all --force >/dev/null 2>&1 || true
base_started=$(now_ms)
stand_in_base pm
base_s=$(seconds_since "$base_started")
build_started=$(now_ms)
# The production dependencies first, tagged, so that removing the last run's image below keeps them.
build() { pm build --pull=never --network=host --format docker --layers "$@" . >>"$tmp/build.log" 2>&1; }
build --target production-deps -t "$deps_image" && build -t "$image" ||
  { tail -n 60 "$tmp/build.log" >&2; fail "the image did not build"; }
build_s=$(seconds_since "$build_started")
cached_steps=$(grep -c -- '--> Using cache' "$tmp/build.log" || true)
echo "$cache_key" >"$store/cache-key"
# The last run's image and build steps, now untagged and unused.
pm image prune --force >/dev/null
image_mb=$(pm image inspect --format '{{.Size}}' "$image" | awk '{ printf "%d", $1 / 1e6 }')
base_mb=$(pm image inspect --format '{{.Size}}' "$STAND_IN_TAG" | awk '{ printf "%d", $1 / 1e6 }')
echo "Built $image in $build_s s ($cached_steps steps from the cache; base image: $base_s s): $image_mb MB ($base_mb MB of it the base image)."
# What the shop adds to the base (its code, production dependencies, libpq and pg_dump): about 100 MB.
# Over 125 MB something the image never runs came in (postgresql-client's Perl was 161 MB of it).
[ $((image_mb - base_mb)) -le 125 ] || fail "the image adds $((image_mb - base_mb)) MB to the base image (limit 125 MB)"
pass "the image adds $((image_mb - base_mb)) MB to the base image (limit 125 MB)"
record_part "container: base image" "$base_s"
record_part "container: image build" "$build_s" "$cached_steps steps from the cache"
[ -n "$(pm image inspect --format '{{.Config.Healthcheck}}' "$image" | tr -d '<>nil')" ] ||
  fail "the image has no HEALTHCHECK (built in the OCI format?)"
pass "the image keeps its HEALTHCHECK"

# --- First container: a fresh volume, seeded ---
proof_checks_started=$(now_ms)
pm volume create "$volume" >/dev/null
start_shop shop-1
ready1_s=$ready_s
pass "shop-1 answered /healthz $ready1_s s after podman run (first start: migrations and the demo catalogue)"
base="http://127.0.0.1:$port"
home=$(curl -fsS "$base/") || fail "/ did not answer"
grep -q '<html' <<<"$home" || fail "/ is not a page"
pass "/ answers a page"
[ "$(curl -fsS "$base/healthz" -o /dev/null -w '%{http_code}')" = 200 ] || fail "/healthz"
pass "/healthz answers 200"
count1=$(products_count) || fail "/api/v1/products has no products list"
[ "$count1" -gt 0 ] || fail "/api/v1/products lists no products"
pass "/api/v1/products lists $count1 products"
pm healthcheck run shop-1 >/dev/null || fail "podman healthcheck run shop-1"
pass "the HEALTHCHECK passes"

# Every process (the primary, one worker per core) runs as the node user, uid 1000.
uids=$(pm exec shop-1 sh -c 'cat /proc/[0-9]*/status 2>/dev/null' | awk '/^Uid:/ { print $2, $3, $4, $5 }' | tr ' ' '\n' | sort -u)
[ "$uids" = 1000 ] || { pm top shop-1 user pid args >&2; fail "processes with uids other than 1000: $uids"; }
pass "every process runs as uid 1000 ($(pm top shop-1 pid | tail -n +2 | wc -l) processes: $(pm top shop-1 args | tail -n +2 | sort | uniq -c | sed 's/^ *//' | paste -sd ';' | sed 's/;/; /g'))"
# The code and dependencies are read-only to that user; /data is its to write.
writable=$(pm exec shop-1 sh -c 'cd /app && find . -writable -print -quit; [ -w /data ] || echo "/data is not writable"')
[ -z "$writable" ] || fail "the node user can write: $writable"
pass "the node user can write /data and nothing in /app"
[ -z "$(pm exec shop-1 find /app -path /app/node_modules -prune -o -name '*.test.*' -print)" ] || fail "test files in the image"
pm exec shop-1 test ! -e /app/node_modules/@img/sharp-wasm32 || fail "@img/sharp-wasm32 in the image"
pass "no test files or @img/sharp-wasm32 in the image"

email="container-proof-$(date +%s)@example.com"
password="container-proof-1"
status=$(api -o "$tmp/register.json" -w '%{http_code}' "$base/api/v1/register" \
  -d "{\"name\":\"Container Proof\",\"email\":\"$email\",\"password\":\"$password\"}")
[ "$status" = 201 ] || { cat "$tmp/register.json" >&2; fail "POST /api/v1/register answered $status"; }
pass "registered $email through the API"
pm exec shop-1 npm run backup >"$tmp/backup.log" 2>&1 || { cat "$tmp/backup.log" >&2; fail "npm run backup in shop-1"; }
[ -n "$(pm exec shop-1 ls /data/backups)" ] || fail "npm run backup wrote nothing to /data/backups"
pass "npm run backup writes to /data/backups: $(grep . "$tmp/backup.log" | tail -n1 | cut -c1-160)"
[ "$(pm logs shop-1 2>&1 | grep -c 'Seeded the demo catalogue')" = 1 ] || fail "shop-1 did not seed the demo catalogue once"
stop_shop shop-1
stop1_s=$stop_s

# --- Second container on the same volume: the same shop ---
start_shop shop-2
ready2_s=$ready_s
pass "shop-2 answered /healthz $ready2_s s after podman run (same volume)"
base="http://127.0.0.1:$port"
logs2=$(pm logs shop-2 2>&1)
! grep -q 'Seeded the demo catalogue' <<<"$logs2" || fail "shop-2 seeded the catalogue again"
count2=$(products_count)
[ "$count2" = "$count1" ] || fail "shop-2 lists $count2 products, shop-1 listed $count1"
pass "shop-2 did not seed again ($count2 products, as before)"
status=$(api -o "$tmp/login.json" -w '%{http_code}' "$base/api/v1/login" -d "{\"email\":\"$email\",\"password\":\"$password\"}")
[ "$status" = 200 ] || { cat "$tmp/login.json" >&2; fail "POST /api/v1/login answered $status"; }
jq -e --arg email "$email" '.user.email == $email' "$tmp/login.json" >/dev/null || fail "login answered another user"
pass "the user registered in shop-1 logs in to shop-2"
stop_shop shop-2
stop2_s=$stop_s

# --- A /data the node user cannot write: one line that says what to do ---
mkdir -p "$tmp/root-owned" && chown 0:0 "$tmp/root-owned" && chmod 755 "$tmp/root-owned"
pm run --detach --name shop-unwritable --network=host -e PORT="$(free_port)" -v "$tmp/root-owned:/data" "$image" \
  >/dev/null 2>"$tmp/run.err" || { cat "$tmp/run.err" >&2; fail "podman run shop-unwritable"; }
code=$(pm wait shop-unwritable 2>/dev/null)
pm logs shop-unwritable >"$tmp/unwritable.log" 2>&1
[ "$code" != 0 ] || fail "the shop started on a /data it cannot write"
if [ "$(grep -c . "$tmp/unwritable.log")" != 1 ] || ! grep -q 'chown -R 1000:1000' "$tmp/unwritable.log"; then
  cat "$tmp/unwritable.log" >&2
  fail "an unwritable /data did not give one line with the chown to run"
fi
pass "an unwritable /data stops start-up (exit code $code) with: $(cat "$tmp/unwritable.log")"

node_modules_mb=$(pm run --rm --network=none --entrypoint du "$image" -sm /app/node_modules 2>/dev/null | cut -f1)
echo
record_part "container: proof" "$(seconds_since "$proof_checks_started")"
echo "Container proof passed in $(seconds_since $((proof_start / 1000000))) s."
echo "  image: $image_mb MB ($base_mb MB base, node_modules $node_modules_mb MB); build: $build_s s"
echo "  ready (podman run until /healthz answers): $ready1_s s first start (seeding), $ready2_s s on the kept volume"
echo "  stop: $stop1_s s, $stop2_s s (exit code 0)"
echo "  machine load (1, 5, 15 min): $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"
