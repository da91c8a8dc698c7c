#!/usr/bin/env bash
# The club server's figures (make bench-club): a throwaway PostgreSQL 15 cluster in a temporary directory
# (Debian's, run as the postgres user, on a port of its own), a scratch database, and
# `sideline-club bench` on it as the database's owner. Arguments go to the bench (--sessions 200 for a season).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${SIDELINE_CLUB_BIN:-.build/release/sideline-club}
PG=/usr/lib/postgresql/15/bin
root=$(mktemp -d /tmp/sideline-club-bench-XXXXXX)
as_pg=()
if [ "$(id -u)" -eq 0 ]; then chown postgres:postgres "$root"; as_pg=(runuser -u postgres --); fi
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"${as_pg[@]}" "$PG/initdb" -D "$root/data" -A trust -U postgres -E UTF8 >/dev/null
# The server's defaults but for the port and socket: durable commits, as a club would run it.
"${as_pg[@]}" "$PG/pg_ctl" -D "$root/data" -l "$root/log" -w -o "-p $port -k $root -c listen_addresses=127.0.0.1" start >/dev/null
trap '"${as_pg[@]}" "$PG/pg_ctl" -D "$root/data" -m fast stop >/dev/null; rm -rf "$root"' EXIT
psql -h 127.0.0.1 -p "$port" -U postgres -qX -c "CREATE ROLE bench LOGIN" -c "CREATE DATABASE bench OWNER bench"
"$BIN" bench --database-url "postgres://bench@127.0.0.1:$port/bench" "$@"
