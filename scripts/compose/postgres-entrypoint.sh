#!/bin/sh
# The stand-in's entrypoint (postgres.Containerfile): on an empty $PGDATA, a cluster whose superuser
# is $POSTGRES_USER with $POSTGRES_PASSWORD, a database $POSTGRES_DB, and password logins from the
# network; then PostgreSQL in the foreground.
set -eu
user=${POSTGRES_USER:-postgres}
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  printf "listen_addresses = '*'\n" >>"$PGDATA/postgresql.conf"
  db=${POSTGRES_DB:-$user}
  if [ "$db" != postgres ]; then
    echo "CREATE DATABASE \"$db\" OWNER \"$user\";" | postgres --single -D "$PGDATA" postgres >/dev/null
  fi
fi
exec "$@"
