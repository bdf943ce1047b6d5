#!/usr/bin/env bash
# `npm run test:compose`: compose.yaml run as written, with podman-compose, and proven: PostgreSQL,
# the sandbox, two nodes and HAProxy come up healthy; the nodes seeded the empty database once; the
# load balancer sends requests to both nodes; a shopper buys through it with the shared sandbox; a
# picture uploaded through one node is served by the other (the shared volume); with one node
# stopped the shop still answers; `down` removes everything. Prints the timings.
#
# Needs root, what test:container needs (podman, runc, debootstrap… see scripts/container/test.sh)
# and podman-compose (apt). Docker Hub is out of reach here: the official images compose.yaml names
# are stood in for by local builds under the same names (the node base: stand-in-base.sh; postgres
# and haproxy: *.Containerfile here, Debian's packages on that base). Not run by .ci/run (CI's time
# is spent on test:scale, which proves the same nodes without containers); run by hand.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/container/stand-in-base.sh
source scripts/container/proof-lib.sh

proof_start=$(now_ms)
tmp=$(mktemp -d /tmp/shopit-compose-test.XXXXXX)
podman_env "${SHOPIT_COMPOSE_STORE:-/var/tmp/shopit-compose}" "$tmp"
project=shopit-compose-proof
# podman-compose runs `podman`: this one uses the proof's store.
printf '#!/bin/sh\nexec podman --root "%s" --runroot "%s" "$@"\n' "$store/storage" "$run_root/storage" >"$tmp/podman"
chmod +x "$tmp/podman"
compose() { podman-compose --podman-path "$tmp/podman" -p "$project" -f compose.yaml "$@"; }

export HTTP_PORT
HTTP_PORT=$(free_port)
export PUBLIC_URL="http://127.0.0.1:$HTTP_PORT"
SESSION_SECRET=$(openssl rand -hex 32)
POSTGRES_PASSWORD=$(openssl rand -hex 16)
export SESSION_SECRET POSTGRES_PASSWORD
base=$PUBLIC_URL

cleanup() {
  local status=$?
  if [ "$status" != 0 ]; then
    for service in postgres sandbox node1 node2 haproxy; do
      echo "--- $service" >&2
      pm logs --tail 30 "${project}_${service}_1" >&2 2>&1 || true
    done
  fi
  compose down -v >/dev/null 2>&1 || true
  # A container restarting at that moment (its restart policy) can outlive `down`.
  pm rm --all --force --time 0 >/dev/null 2>&1 || true
  pm volume rm --all --force >/dev/null 2>&1 || true
  if [ "${SHOPIT_CONTAINER_KEEP:-0}" = 1 ]; then
    echo "SHOPIT_CONTAINER_KEEP=1: kept the images in $store."
  else
    pm rmi --all --force >/dev/null 2>&1 || true
    rm -rf "$store" "$run_root"
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT

# --- The images: the official ones' stand-ins, then the shop's ---
stand_in_base pm
build_started=$(now_ms)
for stand_in in postgres:15-bookworm haproxy:2.6-bookworm; do
  name=${stand_in%%:*}
  if pm image exists "docker.io/library/$stand_in"; then continue; fi
  pm build --pull=never --network=host --layers -t "docker.io/library/$stand_in" \
    -f "scripts/compose/$name.Containerfile" scripts/compose >"$tmp/build-$name.log" 2>&1 ||
    { tail -n 40 "$tmp/build-$name.log" >&2; fail "the $name stand-in did not build"; }
done
pm build --pull=never --network=host --format docker --layers -t localhost/shopit:latest . >"$tmp/build.log" 2>&1 ||
  { tail -n 60 "$tmp/build.log" >&2; fail "the shop's image did not build"; }
pass "images built in $(seconds_since "$build_started") s"

# --- Up, from nothing (containers or volumes a stopped run left would be reused) ---
pm rm --all --force --time 0 >/dev/null 2>&1 || true
pm volume rm --all --force >/dev/null 2>&1 || true
up_started=$(now_ms)
compose up -d >"$tmp/up.log" 2>&1 || { cat "$tmp/up.log" >&2; fail "podman-compose up"; }
deadline=$(($(date +%s) + 240))
until curl -fsS -o /dev/null "$base/healthz" 2>/dev/null; do
  [ "$(date +%s)" -lt "$deadline" ] || fail "$base/healthz did not answer through HAProxy within 240 s"
  sleep 0.5
done
up_s=$(seconds_since "$up_started")
pass "HAProxy answered /healthz $up_s s after podman-compose up"
for service in postgres sandbox node1 node2 haproxy; do
  pm healthcheck run "${project}_${service}_1" >/dev/null || fail "the health check of $service fails"
done
pass "the health checks of postgres, sandbox, node1, node2 and haproxy pass"

psql_shop() { pm exec "${project}_postgres_1" psql -U shop -d shop -tAc "$1"; }
seeded=$(psql_shop "SELECT count(*) || ' ' || count(DISTINCT name) FROM products")
admins=$(psql_shop "SELECT count(*) FROM users WHERE email = 'admin@example.com'")
read -r products names <<<"$seeded"
[ "$products" -gt 0 ] && [ "$products" = "$names" ] && [ "$admins" = 1 ] ||
  fail "not seeded exactly once: $products products, $names names, $admins demo admins"
pass "two nodes started together seeded the database once: $products products, $admins demo admin"

# Round robin: once both nodes are in rotation (a node that found PostgreSQL not yet ready was
# restarted by its policy), consecutive requests go to each in turn; their access logs say so.
served() { pm logs "${project}_$1_1" 2>&1 | grep -c 'compose-proof-round-robin' || true; }
deadline=$(($(date +%s) + 120))
sent=0
until [ "$(served node1)" -ge 1 ] && [ "$(served node2)" -ge 1 ]; do
  [ "$(date +%s)" -lt "$deadline" ] ||
    fail "after $sent requests in 120 s, HAProxy had sent node1 $(served node1), node2 $(served node2)"
  curl -fsS -o /dev/null "$base/api/v1/products?keyword=compose-proof-round-robin" && sent=$((sent + 1))
  sleep 0.5
done
pass "both nodes in rotation $(seconds_since "$up_started") s after up: of $sent requests, node1 served $(served node1), node2 $(served node2)"

node --import tsx scripts/compose/check.ts "$base" || fail "the checks through the load balancer"
# The confirmation mail, saved (no SMTP_URL) by whichever node sent it, in its /data/outbox.
mails=0
for node in node1 node2; do
  mails=$((mails + $(pm exec "${project}_${node}_1" sh -c 'ls /data/outbox 2>/dev/null | grep -c "\.eml$" || true')))
done
[ "$mails" -ge 1 ] || fail "no mail was saved in either node's /data/outbox"
pass "the nodes saved $mails mails in /data/outbox (the welcome and the order's confirmation among them)"

# One node stopped: HAProxy's checks take it out, the shop still answers.
pm stop --time 10 "${project}_node2_1" >/dev/null
sleep 3
for i in $(seq 1 10); do
  status=$(curl -sS -o /dev/null -w '%{http_code}' "$base/")
  [ "$status" = 200 ] || fail "with node2 stopped, request $i answered $status"
done
pass "with node2 stopped, 10 requests through HAProxy answered 200"

compose down -v >"$tmp/down.log" 2>&1 || { cat "$tmp/down.log" >&2; fail "podman-compose down"; }
[ -z "$(pm ps -a --filter "label=io.podman.compose.project=$project" -q)" ] || fail "containers left after down"
pass "podman-compose down -v removed the containers and volumes"
# --- Moving a one-container shop in, as the README says (podman-compose 1.0 ignores `run -v`: the
# README's one-off `docker compose run` is done with podman run on the compose network) ---
old_volume=${project}-one-container
pm volume create "$old_volume" >/dev/null
old_port=$(free_port)
pm run --detach --name one-container --network=host -e PORT="$old_port" -v "$old_volume:/data" \
  localhost/shopit:latest >/dev/null
deadline=$(($(date +%s) + 120))
until curl -fsS -o /dev/null "http://127.0.0.1:$old_port/healthz" 2>/dev/null; do
  [ "$(date +%s)" -lt "$deadline" ] || fail "the one-container shop did not start"
  sleep 0.2
done
moved_email="moved-$(date +%s)@example.com"
curl -fsS -o /dev/null -c "$tmp/moved.cookies" -H 'Content-Type: application/json' "http://127.0.0.1:$old_port/api/v1/register" \
  -d "{\"name\":\"Moved Customer\",\"email\":\"$moved_email\",\"password\":\"moved-customer-1\"}" ||
  fail "registering on the one-container shop"
pm stop --time 10 one-container >/dev/null
SESSION_SECRET=$(pm run --rm -v "$old_volume:/data" localhost/shopit:latest cat /data/session-secret)
POSTGRES_PASSWORD=$(openssl rand -hex 16)
move_started=$(now_ms)
compose up -d postgres >"$tmp/up-postgres.log" 2>&1 || { cat "$tmp/up-postgres.log" >&2; fail "up postgres"; }
deadline=$(($(date +%s) + 60))
until pm healthcheck run "${project}_postgres_1" >/dev/null 2>&1; do
  [ "$(date +%s)" -lt "$deadline" ] || fail "postgres was not healthy within 60 s"
  sleep 0.5
done
pm volume exists "${project}_uploads" || pm volume create "${project}_uploads" >/dev/null
pm run --rm --network "${project}_default" -v "$old_volume:/old" -v "${project}_uploads:/data/uploads" \
  -e "DATABASE_URL=postgres://shop:$POSTGRES_PASSWORD@postgres:5432/shop" localhost/shopit:latest \
  sh -c 'npm run db:copy -- /old/shop.db "$DATABASE_URL" && { [ ! -d /old/uploads ] || cp -a /old/uploads/. /data/uploads/; }' >"$tmp/copy.log" 2>&1 ||
  { cat "$tmp/copy.log" >&2; fail "copying the one-container shop into compose's database"; }
compose up -d >"$tmp/up2.log" 2>&1 || { cat "$tmp/up2.log" >&2; fail "podman-compose up after the copy"; }
deadline=$(($(date +%s) + 240))
until curl -fsS -o /dev/null "$base/healthz" 2>/dev/null; do
  [ "$(date +%s)" -lt "$deadline" ] || fail "the moved shop did not answer through HAProxy within 240 s"
  sleep 0.5
done
for node in node1 node2; do
  ! pm logs "${project}_${node}_1" 2>&1 | grep -q 'Seeded the demo catalogue' || fail "$node seeded the moved shop again"
done
# The customer's session from the one-container shop is still good, on either node.
for _ in 1 2; do
  me=$(curl -sS -b "$tmp/moved.cookies" "$base/api/v1/me")
  grep -q "\"$moved_email\"" <<<"$me" || fail "the moved customer's session is not signed in: $me"
done
pass "the one-container shop moved in (db:copy, its pictures, its SESSION_SECRET) in $(seconds_since "$move_started") s: not seeded again, its customer still signed in through both nodes"
compose down -v >/dev/null 2>&1 || true

echo
echo "Compose proof passed in $(seconds_since "$proof_start") s (up until HAProxy answered: $up_s s)."
