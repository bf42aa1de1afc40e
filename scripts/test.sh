#!/usr/bin/env bash
# Every test: type check, lint, unit and component tests, then integration and browser tests
# against a real OpenSearch node (started here if it is not running, and stopped again).
# A second node (OPENSEARCH_NODE=b, port OPENSEARCH_B_PORT, default 9201: the data source tests'
# other cluster, 512 MB heap) is started the same way when it does not answer, and stopped again.
# Then the three-node cluster suite, when the machine can hold it (see below).
# Exits non-zero on any failure; the last line is the count of tests passed and failed.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$ROOT"
source scripts/opensearch/common.sh

started=$(date +%s)
bash scripts/setup.sh

echo "== type check"; npx tsc --noEmit -p tsconfig.json
# The plugin's code as OSD compiles it (TypeScript 4.6.4, @types/node ~20.10.5). A failure fails
# the run at the end, after the tests have run.
typecheck_osd=0
echo "== type check with OSD's TypeScript"; npm run -s typecheck:osd || typecheck_osd=1
echo "== lint"; npx eslint . && npx prettier --check "**/*.{ts,tsx}" --log-level warn && npx tsx scripts/license_headers.ts

started_node=false
if ! curl -fsS -o /dev/null -u "admin:${OPENSEARCH_INITIAL_ADMIN_PASSWORD}" "${OPENSEARCH_URL}/_cluster/health"; then
  bash scripts/opensearch/start.sh
  started_node=true
fi
OPENSEARCH_B_PORT="${OPENSEARCH_B_PORT:-9201}"
OPENSEARCH_B_URL="http://127.0.0.1:${OPENSEARCH_B_PORT}"
export OPENSEARCH_B_URL
node_b() { OPENSEARCH_NODE=b OPENSEARCH_PORT="$OPENSEARCH_B_PORT" OPENSEARCH_URL="$OPENSEARCH_B_URL" OPENSEARCH_HEAP=512m "$@"; }
started_node_b=false
started_cluster=false
cleanup() {
  if [[ "$started_cluster" == "true" ]]; then bash scripts/opensearch/cluster.sh stop >/dev/null 2>&1 || true; fi
  if [[ "$started_node_b" == "true" ]]; then node_b bash scripts/opensearch/stop.sh >/dev/null 2>&1 || true; fi
  if [[ "$started_node" == "true" ]]; then bash scripts/opensearch/stop.sh >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT
if ! curl -fsS -o /dev/null -u "admin:${OPENSEARCH_INITIAL_ADMIN_PASSWORD}" "${OPENSEARCH_B_URL}/_cluster/health"; then
  started_node_b=true
  node_b bash scripts/opensearch/start.sh
fi

node_b npx tsx scripts/opensearch/security.ts --node b
npx tsx scripts/sample_data.ts
mkdir -p test-artifacts
# The test users and roles, then the permissions the tests rely on, checked for real against the
# node (one line per check; --verify needs the sample data).
echo "== test users and permission checks (scripts/opensearch/security.ts --verify)"
npx tsx scripts/opensearch/security.ts --verify >test-artifacts/security-verify.log 2>&1 ||
  { cat test-artifacts/security-verify.log; exit 1; }
tail -n 1 test-artifacts/security-verify.log
# The zip a user installs (npm run build), the host, and the zip installed into the host's home:
# every integration and browser test runs that install, never the sources.
echo "== build and install the plugin zip (scripts/build/stage.ts)"
npx tsx scripts/build/stage.ts

status=0
echo "== unit and component tests"
npx jest --ci --selectProjects unit components --json --outputFile=test-artifacts/jest-unit.json || status=1
echo "== integration and browser tests (real OpenSearch, real Chromium)"
npx jest --ci --runInBand --selectProjects integration browser --json --outputFile=test-artifacts/jest-cluster.json || status=1

# The three-node cluster suite (test/cluster, docs/cluster.md) when the machine can hold the cluster:
# LOOKUPS_CLUSTER_TESTS=true runs it, =false skips it, unset (auto) runs it when MemAvailable is at
# least 4 GiB (three 512 MiB heaps, their off-heap memory and two hosts take about 2.5 GiB) or the
# cluster already answers. A cluster started here is stopped again.
cluster_tests="${LOOKUPS_CLUSTER_TESTS:-auto}"
cluster_url="http://127.0.0.1:${CLUSTER_HTTP_BASE:-9250}"
cluster_up() { curl -fsS -o /dev/null -u "admin:${OPENSEARCH_INITIAL_ADMIN_PASSWORD}" "$cluster_url/_cluster/health"; }
if [[ "$cluster_tests" == "auto" ]]; then
  available_kb="$(sed -n 's/^MemAvailable: *\([0-9]*\) kB/\1/p' /proc/meminfo)"
  if cluster_up || (( ${available_kb:-0} >= 4 * 1024 * 1024 )); then cluster_tests=true; else
    echo "== cluster tests skipped: $(( ${available_kb:-0} / 1024 )) MiB available, 4096 needed (LOOKUPS_CLUSTER_TESTS=true runs them)"
    cluster_tests=false
  fi
fi
if [[ "$cluster_tests" == "true" ]]; then
  echo "== cluster tests (three OpenSearch nodes, two hosts)"
  if ! cluster_up; then
    started_cluster=true
    bash scripts/opensearch/cluster.sh start >/dev/null
  fi
  npx jest --ci --runInBand --selectProjects cluster --json --outputFile=test-artifacts/jest-three-nodes.json || status=1
fi

echo "test command took $(( $(date +%s) - started )) s"
node -e '
  const fs = require("fs");
  let passed = 0, failed = 0;
  const files = ["test-artifacts/jest-unit.json", "test-artifacts/jest-cluster.json"];
  if (process.argv[1] === "true") files.push("test-artifacts/jest-three-nodes.json");
  for (const f of files) {
    if (!fs.existsSync(f)) { failed++; continue; }
    const r = JSON.parse(fs.readFileSync(f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
  }
  console.log(`tests: ${passed} passed, ${failed} failed`);
' "$cluster_tests"
if [[ "$typecheck_osd" != "0" ]]; then echo "type check with OSD's TypeScript failed (see above)"; status=1; fi
exit $status
