#!/usr/bin/env bash
# A Citus cluster on this machine for tests and benchmarks: a coordinator and two workers, each its own
# PostgreSQL instance with `shared_preload_libraries = 'citus'`, under CITUS_CLUSTER_DIR.
#   scripts/citus-cluster.sh start   initdb (first time), start the three, create the extension, add the workers
#   scripts/citus-cluster.sh stop    stop the three (the data stays for the next start)
#   scripts/citus-cluster.sh status  exit 0 when the coordinator answers with two active workers
# Idempotent. Needs Citus installed into the machine's PostgreSQL 15 (see the README's "Citus" section).
# Exit 3: Citus is not available here. PostgreSQL refuses to run as root, so as root the instances
# run as the `postgres` user. Connect to postgres://postgres@127.0.0.1:$CITUS_COORDINATOR_PORT/fleet.
set -euo pipefail

DIR="${CITUS_CLUSTER_DIR:-/tmp/fleet-citus}"
COORDINATOR_PORT="${CITUS_COORDINATOR_PORT:-5441}"
WORKER_PORTS=("${CITUS_WORKER_PORT_1:-5442}" "${CITUS_WORKER_PORT_2:-5443}")
DATABASE=fleet

BIN="$(pg_config --bindir 2>/dev/null || true)"
if [ -z "$BIN" ] || [ ! -f "$(pg_config --pkglibdir)/citus.so" ]; then echo "citus-cluster: Citus is not installed in this PostgreSQL"; exit 3; fi

# Runs a PostgreSQL tool as the user owning the data (root may not).
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
psql_on() { local port=$1; shift; PGOPTIONS="-c client_min_messages=warning" "$BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U postgres "$@"; }

start_node() {
  local name=$1 port=$2 data="$DIR/$1"
  if [ ! -f "$data/PG_VERSION" ]; then
    as_owner "$BIN/initdb" -D "$data" -U postgres --auth=trust --no-sync >/dev/null
    cat >>"$data/postgresql.conf" <<EOF
shared_preload_libraries = 'citus'
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$DIR'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
shared_buffers = 128MB
max_wal_size = 1GB
EOF
  fi
  if ! "$BIN/pg_isready" -q -h 127.0.0.1 -p "$port"; then
    as_owner "$BIN/pg_ctl" -D "$data" -l "$DIR/$name.log" -w -t 60 start >/dev/null
  fi
  if ! psql_on "$port" -d postgres -tAc "select 1 from pg_database where datname = '$DATABASE'" | grep -q 1; then
    psql_on "$port" -d postgres -c "create database $DATABASE"
  fi
  psql_on "$port" -d "$DATABASE" -c "create extension if not exists citus"
}

start() {
  mkdir -p "$DIR"
  if [ "$(id -u)" = 0 ]; then chown postgres: "$DIR"; fi
  start_node coordinator "$COORDINATOR_PORT"
  for i in 0 1; do start_node "worker$((i + 1))" "${WORKER_PORTS[$i]}"; done
  psql_on "$COORDINATOR_PORT" -d "$DATABASE" -c "select citus_set_coordinator_host('127.0.0.1', $COORDINATOR_PORT)" >/dev/null
  for port in "${WORKER_PORTS[@]}"; do
    if ! psql_on "$COORDINATOR_PORT" -d "$DATABASE" -tAc "select 1 from pg_dist_node where nodeport = $port" | grep -q 1; then
      psql_on "$COORDINATOR_PORT" -d "$DATABASE" -c "select citus_add_node('127.0.0.1', $port)" >/dev/null
    fi
  done
  echo "citus-cluster: coordinator postgres://postgres@127.0.0.1:$COORDINATOR_PORT/$DATABASE, workers on ${WORKER_PORTS[*]}"
}

stop() {
  for name in worker2 worker1 coordinator; do
    if [ -f "$DIR/$name/postmaster.pid" ]; then as_owner "$BIN/pg_ctl" -D "$DIR/$name" -m fast -w stop >/dev/null; fi
  done
  echo "citus-cluster: stopped"
}

status() {
  local workers
  workers=$(psql_on "$COORDINATOR_PORT" -d "$DATABASE" -tAc "select count(*) from pg_dist_node where isactive and noderole = 'primary' and nodeport <> $COORDINATOR_PORT" 2>/dev/null || echo 0)
  [ "$workers" = 2 ] && echo "citus-cluster: running (2 workers)" || { echo "citus-cluster: not running"; exit 1; }
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  *) echo "usage: $0 start|stop|status"; exit 2 ;;
esac
