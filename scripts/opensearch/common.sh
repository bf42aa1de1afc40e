#!/usr/bin/env bash
# Shared variables and functions for scripts/opensearch/*.sh. Source it, don't run it:
#   source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
#
# Environment knobs (all optional):
#   OPENSEARCH_PORT                     HTTP port on 127.0.0.1 (default 9200)
#   OPENSEARCH_INITIAL_ADMIN_PASSWORD   password of the built-in `admin` user (default below).
#                                       It is only applied when the security index is first created,
#                                       i.e. on a fresh data folder.
#   OPENSEARCH_BASE_DIR                 where the node is installed and keeps data/logs (see os_pick_base_dir)
#   OPENSEARCH_RUN_USER                 user that runs the node when the scripts run as root (default opensearch)
#   OPENSEARCH_START_TIMEOUT            seconds start.sh waits for the cluster (default 180)
#   OPENSEARCH_STOP_TIMEOUT             seconds stop.sh waits before SIGKILL (default 60)
#   OPENSEARCH_SECURITY                 "false" starts the node with the security plugin disabled (plain HTTP, no auth)
#   OPENSEARCH_NODE                     names a further node beside the main one (e.g. "b", the second
#                                       data source of the tests): its own install, data and logs
#                                       (<cache>/node-<name>), cluster name and transport port
#                                       (HTTP port + 100); give it its own OPENSEARCH_PORT
#   OPENSEARCH_HEAP                     JVM heap of a fresh install (default 1g)
#   JAVA_HOME / OPENSEARCH_JAVA_HOME    used first if they point at a JDK >= 21

if [[ -n "${OS_COMMON_SOURCED:-}" ]]; then
  return 0
fi
OS_COMMON_SOURCED=1

OS_SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
REPO_ROOT="$(cd "$OS_SCRIPT_DIR/../.." && pwd -P)"

# shellcheck source=versions.env
source "$OS_SCRIPT_DIR/versions.env"

OPENSEARCH_PORT="${OPENSEARCH_PORT:-9200}"
OPENSEARCH_HOST=127.0.0.1
OPENSEARCH_URL="http://${OPENSEARCH_HOST}:${OPENSEARCH_PORT}"
OPENSEARCH_ADMIN_USER=admin
# The security plugin rejects weak passwords and passwords that resemble the user name
# (so nothing containing "admin").
OPENSEARCH_INITIAL_ADMIN_PASSWORD="${OPENSEARCH_INITIAL_ADMIN_PASSWORD:-Lookups-Dev-2026!}"
OPENSEARCH_START_TIMEOUT="${OPENSEARCH_START_TIMEOUT:-180}"
OPENSEARCH_STOP_TIMEOUT="${OPENSEARCH_STOP_TIMEOUT:-60}"
OPENSEARCH_SECURITY="${OPENSEARCH_SECURITY:-true}"
OPENSEARCH_RUN_USER="${OPENSEARCH_RUN_USER:-opensearch}"
OPENSEARCH_NODE="${OPENSEARCH_NODE:-}"
[[ -z "$OPENSEARCH_NODE" || "$OPENSEARCH_NODE" =~ ^[a-z0-9]+$ ]] ||
  { printf '[opensearch] ERROR: OPENSEARCH_NODE must be lowercase letters and digits\n' >&2; exit 1; }
OPENSEARCH_HEAP="${OPENSEARCH_HEAP:-1g}"
export OPENSEARCH_PORT OPENSEARCH_URL OPENSEARCH_ADMIN_USER OPENSEARCH_INITIAL_ADMIN_PASSWORD

# Downloads (zips fetched with mvn) always live in the repo's git-ignored .cache/.
OS_CACHE_DIR="$REPO_ROOT/.cache/opensearch"
OS_DOWNLOAD_DIR="$OS_CACHE_DIR/downloads"

os_log() { printf '[opensearch] %s\n' "$*" >&2; }
os_die() {
  printf '[opensearch] ERROR: %s\n' "$*" >&2
  exit 1
}

os_is_root() { [[ "$(id -u)" -eq 0 ]]; }

# True when every directory from / down to $1 can be traversed (o+x) by any user.
os_path_world_traversable() {
  local dir="$1"
  while :; do
    local mode
    mode="$(stat -c '%A' "$dir" 2>/dev/null)" || return 1
    [[ "${mode:9:1}" == "x" || "${mode:9:1}" == "t" ]] || return 1
    [[ "$dir" == "/" ]] && return 0
    dir="$(dirname "$dir")"
  done
}

# Where the node is installed (OpenSearch home, data, logs, pid file).
#
# OpenSearch refuses to run as root, so when these scripts run as root (CI) the node runs as
# the unprivileged user $OPENSEARCH_RUN_USER, which must be able to reach the install folder.
#  - not root:                              <repo>/.cache/opensearch/node (everything owned by the caller)
#  - root, repo path traversable by others: <repo>/.cache/opensearch/node (chowned to the run user)
#  - root, some parent dir is private (e.g. a clone under /root, mode 700):
#        /var/tmp/dashboards-lookups-opensearch/<hash of repo path>
#    (outside the repo so no permissions of the checkout have to be loosened; /var/tmp survives
#    reboots and the hash keeps several checkouts apart).
# The choice only depends on the repo path and its permissions, so every script agrees on it.
# OPENSEARCH_BASE_DIR overrides it.
os_pick_base_dir() {
  if [[ -n "${OPENSEARCH_BASE_DIR:-}" ]]; then
    printf '%s\n' "$OPENSEARCH_BASE_DIR"
  elif ! os_is_root || os_path_world_traversable "$REPO_ROOT"; then
    printf '%s\n' "$OS_CACHE_DIR/node${OPENSEARCH_NODE:+-$OPENSEARCH_NODE}"
  else
    local hash
    hash="$(printf '%s' "$REPO_ROOT" | sha256sum | cut -c1-12)"
    printf '%s\n' "/var/tmp/dashboards-lookups-opensearch/$hash${OPENSEARCH_NODE:+-$OPENSEARCH_NODE}"
  fi
}

OS_BASE_DIR="$(os_pick_base_dir)"
OS_HOME="$OS_BASE_DIR/opensearch-$OPENSEARCH_VERSION"
OS_DATA_DIR="$OS_BASE_DIR/data"
OS_LOGS_DIR="$OS_BASE_DIR/logs"
OS_PID_FILE="$OS_BASE_DIR/opensearch.pid"
OS_MODE_FILE="$OS_BASE_DIR/opensearch.mode"
OS_STARTUP_OUT="$OS_LOGS_DIR/startup.out"
OS_CLUSTER_NAME="dashboards-lookups-dev${OPENSEARCH_NODE:+-$OPENSEARCH_NODE}"
OS_NODE_NAME="lookups-node-${OPENSEARCH_NODE:-1}"
# A further node keeps its transport port apart from the main node's (default range from 9300).
OS_TRANSPORT_PORT="${OPENSEARCH_NODE:+$((OPENSEARCH_PORT + 100))}"
OS_SERVER_LOG="$OS_LOGS_DIR/$OS_CLUSTER_NAME.log"
OS_INSTALL_STAMP="$OS_HOME/.dashboards-lookups-install"

# Major version of the JDK at $1 (empty if it is not a JDK/JRE).
os_java_major() {
  local home="$1" version=""
  [[ -x "$home/bin/java" ]] || return 0
  if [[ -f "$home/release" ]]; then
    version="$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$home/release")"
  fi
  if [[ -z "$version" ]]; then
    version="$("$home/bin/java" -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -n1)"
  fi
  version="${version#1.}"
  printf '%s\n' "${version%%[.+-]*}"
}

# Picks a JDK >= 21 (OpenSearch 3.x needs 21+; the plugin stub build needs javac) and exports
# JAVA_HOME and OPENSEARCH_JAVA_HOME. Order: OPENSEARCH_JAVA_HOME, JAVA_HOME, then /usr/lib/jvm/*
# preferring Temurin, then the highest version.
find_jdk() {
  local candidate major best="" best_score=-1 score
  for candidate in "${OPENSEARCH_JAVA_HOME:-}" "${JAVA_HOME:-}"; do
    [[ -n "$candidate" ]] || continue
    major="$(os_java_major "$candidate")"
    if [[ -n "$major" && "$major" -ge 21 && -x "$candidate/bin/javac" ]]; then
      best="$candidate"
      break
    fi
  done
  if [[ -z "$best" ]]; then
    for candidate in /usr/lib/jvm/* /opt/java/* /opt/jdk*; do
      [[ -d "$candidate" && ! -L "$candidate" ]] || continue
      major="$(os_java_major "$candidate")"
      [[ -n "$major" && "$major" -ge 21 && -x "$candidate/bin/javac" ]] || continue
      score=$((major * 10))
      [[ "$candidate" == *temurin* ]] && score=$((score + 10000))
      if ((score > best_score)); then
        best="$candidate"
        best_score=$score
      fi
    done
  fi
  [[ -n "$best" ]] || os_die "no JDK >= 21 (with javac) found in OPENSEARCH_JAVA_HOME, JAVA_HOME or /usr/lib/jvm; OpenSearch $OPENSEARCH_VERSION needs Java 21+. Install one (e.g. apt-get install temurin-21-jdk) or set JAVA_HOME."
  JAVA_HOME="$best"
  OPENSEARCH_JAVA_HOME="$best"
  export JAVA_HOME OPENSEARCH_JAVA_HOME
}

# The user the node process runs as.
os_run_user() {
  if os_is_root; then printf '%s\n' "$OPENSEARCH_RUN_USER"; else id -un; fi
}

# Runs "$@" as the node's user (from $OS_BASE_DIR, with the Java variables set).
os_run_as_node_user() {
  local -a envs=("JAVA_HOME=$JAVA_HOME" "OPENSEARCH_JAVA_HOME=$OPENSEARCH_JAVA_HOME" "PATH=$PATH")
  if os_is_root; then
    (cd "$OS_BASE_DIR" && runuser -u "$OPENSEARCH_RUN_USER" -- env "${envs[@]}" "$@")
  else
    (cd "$OS_BASE_DIR" && env "${envs[@]}" "$@")
  fi
}

# curl against the node as admin. Usage: os_curl [curl args...] PATH_AND_QUERY
os_curl() {
  local -a auth=()
  if [[ "$OPENSEARCH_SECURITY" != "false" ]]; then
    auth=(-u "$OPENSEARCH_ADMIN_USER:$OPENSEARCH_INITIAL_ADMIN_PASSWORD")
  fi
  local last="${*: -1}"
  local -a rest=("${@:1:$#-1}")
  curl -sS --max-time 10 "${auth[@]}" "${rest[@]}" "$OPENSEARCH_URL/${last#/}"
}

# 0 when process $1 exists and is not a zombie (the node is re-parented to init, which may not reap it).
os_pid_alive() {
  kill -0 "$1" 2>/dev/null || return 1
  local state
  state="$(sed -n 's/^State:[[:space:]]*\([A-Z]\).*/\1/p' "/proc/$1/status" 2>/dev/null)"
  [[ "$state" != "Z" && "$state" != "X" ]]
}

# Pid of the running node (from the pid file), or nothing.
os_running_pid() {
  [[ -f "$OS_PID_FILE" ]] || return 0
  local pid
  pid="$(tr -dc '0-9' <"$OS_PID_FILE")"
  # Guard against a stale pid file whose pid now belongs to another process.
  if [[ -n "$pid" ]] && os_pid_alive "$pid" &&
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "-Dopensearch.path.home=$OS_HOME"; then
    printf '%s\n' "$pid"
  fi
}

# 0 when the cluster answers /_cluster/health with yellow or green.
os_cluster_ready() {
  local body
  body="$(os_curl --max-time 5 '_cluster/health' 2>/dev/null)" || return 1
  [[ "$body" == *'"status":"green"'* || "$body" == *'"status":"yellow"'* ]]
}

# 0 when something listens on 127.0.0.1:$1.
os_port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

os_print_log_tail() {
  local lines="${1:-60}" f
  for f in "$OS_STARTUP_OUT" "$OS_SERVER_LOG"; do
    if [[ -s "$f" ]]; then
      os_log "---- last $lines lines of $f ----"
      tail -n "$lines" "$f" >&2
    fi
  done
}
