#!/usr/bin/env bash
# Starts the local OpenSearch node in the background (installing it first if needed) and waits
# until GET /_cluster/health answers yellow or green. Idempotent: if the node already runs it
# only waits for it to be ready. Data is kept between restarts.
#   OPENSEARCH_PORT=9200            HTTP port on 127.0.0.1
#   OPENSEARCH_START_TIMEOUT=180    seconds to wait for the cluster
#   OPENSEARCH_SECURITY=false       start with the security plugin disabled (plain HTTP, no auth)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# One start at a time: a concurrent start.sh waits here, then finds the node running.
mkdir -p "$OS_CACHE_DIR"
exec 9>"$OS_CACHE_DIR/start.lock"
flock 9

"$OS_SCRIPT_DIR/install.sh"
find_jdk

mode="security=$OPENSEARCH_SECURITY"

print_ready() {
  local version
  version="$(os_curl '/' | sed -n 's/.*"number" *: *"\([^"]*\)".*/\1/p' | head -n1)" || true
  os_log "OpenSearch ${version:-?} ready at $OPENSEARCH_URL ($1, pid $(os_running_pid), $mode)"
}

wait_ready() { # pid started_at
  local pid="$1" started_at="$2"
  local deadline=$((started_at + OPENSEARCH_START_TIMEOUT))
  while ((SECONDS < deadline)); do
    if os_cluster_ready; then
      return 0
    fi
    if [[ -n "$pid" ]] && ! os_pid_alive "$pid"; then
      os_print_log_tail 80
      rm -f "$OS_MODE_FILE"
      os_die "OpenSearch (pid $pid) exited during start-up; logs above and in $OS_LOGS_DIR"
    fi
    if [[ -z "$pid" ]]; then
      pid="$(os_running_pid)"
      if [[ -z "$pid" ]] && ((SECONDS - started_at > 60)); then
        os_print_log_tail 80
        os_die "OpenSearch did not write its pid file $OS_PID_FILE within 60s"
      fi
    fi
    sleep 1
  done
  os_print_log_tail 80
  os_die "OpenSearch did not become ready within ${OPENSEARCH_START_TIMEOUT}s (still running as pid ${pid:-?}; scripts/opensearch/stop.sh stops it)"
}

pid="$(os_running_pid)"
if [[ -n "$pid" ]]; then
  running_mode="$(cat "$OS_MODE_FILE" 2>/dev/null || true)"
  if [[ -n "$running_mode" && "$running_mode" != "$mode" ]]; then
    os_die "OpenSearch already runs with $running_mode (pid $pid); run scripts/opensearch/stop.sh first to switch to $mode"
  fi
  os_log "OpenSearch already running (pid $pid)"
  wait_ready "$pid" "$SECONDS"
  print_ready "already running"
  exit 0
fi

if os_port_in_use "$OPENSEARCH_PORT"; then
  os_die "port $OPENSEARCH_PORT on 127.0.0.1 is used by another process (not this node: no live pid in $OS_PID_FILE); stop it or set OPENSEARCH_PORT"
fi

rm -f "$OS_PID_FILE"
args=(-d -p "$OS_PID_FILE" "-Ehttp.port=$OPENSEARCH_PORT")
if [[ "$OPENSEARCH_SECURITY" == "false" ]]; then
  args+=("-Eplugins.security.disabled=true")
fi
printf '%s\n' "$mode" >"$OS_MODE_FILE"

os_log "starting OpenSearch $OPENSEARCH_VERSION on $OPENSEARCH_URL as $(os_run_user) (JDK $JAVA_HOME, logs $OS_LOGS_DIR)"
started_at=$SECONDS
# setsid: the node gets its own session, so it outlives the calling shell/job and is not hit by
# signals sent to the caller's process group (Ctrl-C of a test run). stop.sh stops it by pid.
env_args=("JAVA_HOME=$JAVA_HOME" "OPENSEARCH_JAVA_HOME=$OPENSEARCH_JAVA_HOME" "PATH=$PATH")
if os_is_root; then
  launcher=(runuser -u "$OPENSEARCH_RUN_USER" -- env "${env_args[@]}")
else
  launcher=(env "${env_args[@]}")
fi
# 9>&-: the node must not inherit (and hold forever) the start lock.
if ! (cd "$OS_BASE_DIR" && setsid -w "${launcher[@]}" "$OS_HOME/bin/opensearch" "${args[@]}") \
  >"$OS_STARTUP_OUT" 2>&1 </dev/null 9>&-; then
  os_print_log_tail 80
  rm -f "$OS_MODE_FILE"
  os_die "bin/opensearch failed to start"
fi

wait_ready "$(os_running_pid)" "$started_at"
print_ready "started in $((SECONDS - started_at))s"
