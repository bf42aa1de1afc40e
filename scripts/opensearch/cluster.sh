#!/usr/bin/env bash
# A local three-node OpenSearch cluster (c1, c2, c3) for the cluster tests (npm run test:cluster):
# every node cluster-manager eligible and a data node, security on with the main node's test users,
# beside the main node and node b (its own cluster name, ports, install and data).
#
#   cluster.sh start           starts the three nodes (installing first), waits for green
#   cluster.sh start <node>    starts one node again (c1|c2|c3), waits until it joined and green
#   cluster.sh kill <node>     SIGKILLs one node, as a crash would (no flush, no shutdown)
#   cluster.sh stop [<node>]   SIGTERM (SIGKILL after OPENSEARCH_STOP_TIMEOUT), all nodes or one
#   cluster.sh status          health, nodes (with pid or "down") and the elected cluster manager
#   cluster.sh url             the HTTP URLs of the three nodes, comma-separated
#
# Environment:
#   CLUSTER_HTTP_BASE=9250       c1..c3 listen on HTTP BASE, BASE+1, BASE+2 (127.0.0.1)
#   CLUSTER_TRANSPORT_BASE=9350  ... and on transport BASE, BASE+1, BASE+2
#   CLUSTER_HEAP=512m            JVM heap of each node
#   CLUSTER_GREEN_TIMEOUT=180    seconds `start` waits for green
#   CLUSTER_DELAYED_TIMEOUT=5s   index.unassigned.node_left.delayed_timeout of every new index (a
#                                legacy template): a lost node's replicas are rebuilt elsewhere after
#                                5 s instead of OpenSearch's 1 min
# One install (the main node's downloads) serves the three nodes; each has its own data and logs under
# <base>/c1.. (the base folder of OPENSEARCH_NODE=cluster<HTTP base>, see common.sh), so two clusters
# on other bases never share anything.
set -euo pipefail

CLUSTER_HTTP_BASE="${CLUSTER_HTTP_BASE:-9250}"
CLUSTER_TRANSPORT_BASE="${CLUSTER_TRANSPORT_BASE:-9350}"
CLUSTER_HEAP="${CLUSTER_HEAP:-512m}"
CLUSTER_GREEN_TIMEOUT="${CLUSTER_GREEN_TIMEOUT:-180}"
CLUSTER_DELAYED_TIMEOUT="${CLUSTER_DELAYED_TIMEOUT:-5s}"
[[ "$CLUSTER_HTTP_BASE" =~ ^[0-9]+$ && "$CLUSTER_TRANSPORT_BASE" =~ ^[0-9]+$ ]] ||
  { echo "cluster.sh: CLUSTER_HTTP_BASE and CLUSTER_TRANSPORT_BASE must be port numbers" >&2; exit 1; }

export OPENSEARCH_NODE="cluster$CLUSTER_HTTP_BASE"
export OPENSEARCH_PORT="$CLUSTER_HTTP_BASE"
export OPENSEARCH_HEAP="$CLUSTER_HEAP"
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

NODES=(c1 c2 c3)

node_index() { # c2 -> 1
  local i
  for i in "${!NODES[@]}"; do
    [[ "${NODES[i]}" == "$1" ]] && { printf '%s\n' "$i"; return 0; }
  done
  os_die "unknown node '$1' (expected one of ${NODES[*]})"
}
node_http_port() { printf '%s\n' $((CLUSTER_HTTP_BASE + $(node_index "$1"))); }
node_transport_port() { printf '%s\n' $((CLUSTER_TRANSPORT_BASE + $(node_index "$1"))); }
node_dir() { printf '%s\n' "$OS_BASE_DIR/$1"; }
node_url() { printf 'http://%s:%s\n' "$OPENSEARCH_HOST" "$(node_http_port "$1")"; }

node_pid() { # the node's live pid, or nothing
  local file pid
  file="$(node_dir "$1")/opensearch.pid"
  [[ -f "$file" ]] || return 0
  pid="$(tr -dc '0-9' <"$file")"
  if [[ -n "$pid" ]] && os_pid_alive "$pid" &&
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "-Enode.name=$1 " &&
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "-Dopensearch.path.home=$OS_HOME"; then
    printf '%s\n' "$pid"
  fi
}

# curl as admin against one node: node_curl <node> [curl args...] PATH
node_curl() {
  local node="$1"
  shift
  OPENSEARCH_URL="$(node_url "$node")" os_curl "$@"
}

# curl against the first node that answers.
any_curl() {
  local node
  for node in "${NODES[@]}"; do
    [[ -n "$(node_pid "$node")" ]] || continue
    node_curl "$node" "$@" 2>/dev/null && return 0
  done
  return 1
}

install_cluster() {
  "$OS_SCRIPT_DIR/install.sh"
  find_jdk
  # install.sh makes a single-node install; these nodes discover each other (command-line
  # settings below win over opensearch.yml, but discovery.type cannot be unset there).
  sed -i '/^discovery.type: single-node$/d' "$OS_HOME/config/opensearch.yml"
}

seed_hosts() {
  local node list=""
  for node in "${NODES[@]}"; do
    list+="${list:+,}$OPENSEARCH_HOST:$(node_transport_port "$node")"
  done
  printf '%s\n' "$list"
}

# A SIGKILLed JVM's leader thread is a zombie before its other threads have let go of the
# sockets: waits (≤ 30 s) until nothing listens on the node's ports.
wait_ports_free() {
  local node="$1" waited=0
  while os_port_in_use "$(node_http_port "$node")" || os_port_in_use "$(node_transport_port "$node")"; do
    ((waited++ < 300)) || return 0
    sleep 0.1
  done
}

launch_node() { # starts one node in the background (returns once the JVM is launched)
  local node="$1" dir pid
  dir="$(node_dir "$node")"
  pid="$(node_pid "$node")"
  if [[ -n "$pid" ]]; then
    os_log "$node already running (pid $pid)"
    return 0
  fi
  local http transport
  http="$(node_http_port "$node")"
  transport="$(node_transport_port "$node")"
  wait_ports_free "$node"
  for port in "$http" "$transport"; do
    if os_port_in_use "$port"; then
      os_die "port $port is used by another process; stop it or set CLUSTER_HTTP_BASE / CLUSTER_TRANSPORT_BASE"
    fi
  done
  mkdir -p "$dir/data" "$dir/logs"
  rm -f "$dir/opensearch.pid"
  if os_is_root; then chown -R "$OPENSEARCH_RUN_USER:" "$dir"; fi
  local -a args=(-d -p "$dir/opensearch.pid"
    "-Enode.name=$node"
    "-Ehttp.port=$http"
    "-Etransport.port=$transport"
    "-Epath.data=$dir/data"
    "-Epath.logs=$dir/logs"
    "-Ediscovery.seed_hosts=$(seed_hosts)"
    "-Ecluster.initial_cluster_manager_nodes=$(
      IFS=,
      echo "${NODES[*]}"
    )"
    # Three nodes hold one replica of every index that does not choose otherwise, as production does.
    "-Ecluster.default_number_of_replicas=1")
  local -a env_args=("JAVA_HOME=$JAVA_HOME" "OPENSEARCH_JAVA_HOME=$OPENSEARCH_JAVA_HOME" "PATH=$PATH"
    "OPENSEARCH_JAVA_OPTS=-Xms$CLUSTER_HEAP -Xmx$CLUSTER_HEAP")
  local -a launcher
  if os_is_root; then
    launcher=(runuser -u "$OPENSEARCH_RUN_USER" -- env "${env_args[@]}")
  else
    launcher=(env "${env_args[@]}")
  fi
  os_log "starting $node on $(node_url "$node") (transport $transport, logs $dir/logs)"
  # setsid: the node outlives the caller and is not hit by signals to its process group.
  if ! (cd "$OS_BASE_DIR" && setsid -w "${launcher[@]}" "$OS_HOME/bin/opensearch" "${args[@]}") \
    >"$dir/logs/startup.out" 2>&1 </dev/null 8>&- 9>&-; then
    tail -n 60 "$dir/logs/startup.out" >&2 || true
    os_die "bin/opensearch failed to start $node"
  fi
}

node_log_tail() {
  local node="$1" f
  for f in "$(node_dir "$node")/logs/startup.out" "$(node_dir "$node")/logs/$OS_CLUSTER_NAME.log"; do
    [[ -s "$f" ]] && { os_log "---- last 40 lines of $f ----"; tail -n 40 "$f" >&2; }
  done
  return 0
}

# 0 when every node after the first runs and is in the cluster as the first one sees it.
joined() {
  local asked="$1" names node
  shift
  names=" $(node_curl "$asked" --max-time 5 '_cat/nodes?h=name' 2>/dev/null | tr '\n' ' ') " || return 1
  for node in "$@"; do
    [[ -n "$(node_pid "$node")" && "$names" == *" $node "* ]] || return 1
  done
}

# Waits until the nodes named are in the cluster and health is green with every running node in it.
wait_green() {
  local started_at=$SECONDS deadline=$((SECONDS + CLUSTER_GREEN_TIMEOUT)) running node body
  while ((SECONDS < deadline)); do
    running=0
    for node in "${NODES[@]}"; do
      if [[ -n "$(node_pid "$node")" ]]; then running=$((running + 1)); fi
    done
    for node in "${NODES[@]}"; do
      [[ -n "$(node_pid "$node")" ]] || continue
      body="$(node_curl "$node" --max-time 5 "_cluster/health" 2>/dev/null)" || continue
      if [[ "$body" == *'"status":"green"'* && "$body" == *"\"number_of_nodes\":$running,"* ]] &&
        joined "$node" "$@"; then
        return 0
      fi
    done
    # The pid file appears some seconds after the launch; a node without one after 60 s is gone.
    if ((SECONDS - started_at > 60)); then
      for node in "$@"; do
        if [[ -z "$(node_pid "$node")" ]]; then
          node_log_tail "$node"
          os_die "$node exited during start-up; logs above"
        fi
      done
    fi
    sleep 1
  done
  for node in "$@"; do node_log_tail "$node"; done
  os_die "the cluster was not green with every running node within ${CLUSTER_GREEN_TIMEOUT}s"
}

# Every new index (the plugin's backing indices included) rebuilds a lost node's replicas soon.
put_test_template() {
  any_curl -f -o /dev/null -X PUT -H 'Content-Type: application/json' \
    -d "{\"index_patterns\":[\"*\"],\"order\":-1,\"settings\":{\"index.unassigned.node_left.delayed_timeout\":\"$CLUSTER_DELAYED_TIMEOUT\"}}" \
    "_template/cluster_test_delayed_allocation" ||
    os_die "could not put the delayed-allocation template"
}

add_test_users() {
  local marker="$OS_BASE_DIR/.test-users-added"
  [[ -f "$marker" ]] && return 0
  os_log "adding the test users (scripts/opensearch/security.ts)"
  (cd "$REPO_ROOT" && OPENSEARCH_URL="$(node_url c1)" npx tsx scripts/opensearch/security.ts >&2)
  put_test_template
  touch "$marker"
}

cmd_start() {
  exec 9>"$OS_CACHE_DIR/$OPENSEARCH_NODE.lock"
  flock 9
  install_cluster
  local started_at=$SECONDS node
  local -a nodes=("$@")
  ((${#nodes[@]})) || nodes=("${NODES[@]}")
  for node in "${nodes[@]}"; do launch_node "$node"; done
  wait_green "${nodes[@]}"
  add_test_users
  os_log "cluster green in $((SECONDS - started_at))s"
  cmd_status
}

cmd_kill() {
  local node="$1" pid
  node_index "$node" >/dev/null
  pid="$(node_pid "$node")"
  [[ -n "$pid" ]] || os_die "$node is not running"
  kill -KILL "$pid"
  while os_pid_alive "$pid"; do sleep 0.1; done
  wait_ports_free "$node"
  rm -f "$(node_dir "$node")/opensearch.pid"
  os_log "$node (pid $pid) SIGKILLed"
}

cmd_stop() {
  local node pid
  local -a nodes=("$@") pids=()
  ((${#nodes[@]})) || nodes=("${NODES[@]}")
  for node in "${nodes[@]}"; do
    pid="$(node_pid "$node")"
    if [[ -n "$pid" ]]; then
      kill -TERM "$pid" 2>/dev/null || true
      pids+=("$pid")
    fi
  done
  local deadline=$((SECONDS + OPENSEARCH_STOP_TIMEOUT))
  for pid in "${pids[@]}"; do
    while os_pid_alive "$pid" && ((SECONDS < deadline)); do sleep 0.5; done
    if os_pid_alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
    while os_pid_alive "$pid"; do sleep 0.2; done
  done
  for node in "${nodes[@]}"; do rm -f "$(node_dir "$node")/opensearch.pid"; done
  os_log "stopped ${nodes[*]} (${#pids[@]} were running)"
}

cmd_status() {
  local node pid health state
  for node in "${NODES[@]}"; do
    pid="$(node_pid "$node")"
    if [[ -n "$pid" ]]; then state="up (pid $pid)"; else state=down; fi
    printf '%s %s %s\n' "$node" "$(node_url "$node")" "$state"
  done
  if ! health="$(any_curl '_cluster/health')"; then
    echo "health: no node answers"
    return 0
  fi
  echo "health: $health"
  echo "cluster manager: $(any_curl '_cat/cluster_manager?h=node' | tr -d '[:space:]')"
  any_curl '_cat/nodes?v&h=name,http_address,node.role,cluster_manager,heap.max'
}

case "${1:-}" in
  start) shift; for n in "$@"; do node_index "$n" >/dev/null; done; cmd_start "$@" ;;
  kill) [[ $# -eq 2 ]] || os_die "usage: cluster.sh kill <node>"; cmd_kill "$2" ;;
  stop) shift; for n in "$@"; do node_index "$n" >/dev/null; done; cmd_stop "$@" ;;
  status) cmd_status ;;
  url)
    urls=""
    for n in "${NODES[@]}"; do urls+="${urls:+,}$(node_url "$n")"; done
    echo "$urls"
    ;;
  *) os_die "usage: cluster.sh start [<node>] | kill <node> | stop [<node>] | status | url" ;;
esac
