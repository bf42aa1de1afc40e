#!/usr/bin/env bash
# Stops the local OpenSearch node started by start.sh: SIGTERM, wait up to
# OPENSEARCH_STOP_TIMEOUT (default 60) seconds, then SIGKILL. No-op when it is not running.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

pid="$(os_running_pid)"
if [[ -z "$pid" ]]; then
  rm -f "$OS_PID_FILE" "$OS_MODE_FILE"
  os_log "OpenSearch is not running"
  exit 0
fi

os_log "stopping OpenSearch (pid $pid)"
started_at=$SECONDS
kill -TERM "$pid" 2>/dev/null || true
deadline=$((SECONDS + OPENSEARCH_STOP_TIMEOUT))
while os_pid_alive "$pid" && ((SECONDS < deadline)); do
  sleep 0.5
done
if os_pid_alive "$pid"; then
  os_log "still running after ${OPENSEARCH_STOP_TIMEOUT}s; sending SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
  while os_pid_alive "$pid"; do
    sleep 0.2
  done
fi
rm -f "$OS_PID_FILE" "$OS_MODE_FILE"
os_log "OpenSearch stopped in $((SECONDS - started_at))s"
