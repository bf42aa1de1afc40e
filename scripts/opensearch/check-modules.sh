#!/usr/bin/env bash
# Checks, against the running node, that the modules install.sh assembles (modules.sh) work:
# painless, reindex (_reindex, _update_by_query, _delete_by_query), analysis-common and mapper-extras; and, when
# the test users of test_users.ts (set up by security.ts) exist, that the security plugin still guards _delete_by_query.
# Uses throw-away indices (zz_modcheck_<pid>_*, lk_modcheck_<pid>__lookup) and deletes them.
#   OPENSEARCH_PORT   node to check (default 9200)
# Ends with "N passed, N failed"; exits 1 when a check failed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# shellcheck source=modules.sh
source "$OS_SCRIPT_DIR/modules.sh"

WRITER=(lookup_writer 'Quill-Harbor-2026!')
READER=(lookup_reader 'Maple-Lantern-2026!')
prefix="zz_modcheck_$$"
lk_index="lk_modcheck_$$__lookup"
passed=0
failed=0

check() { # description, then a command that succeeds when the check passes
  local what="$1"
  shift
  if "$@"; then
    passed=$((passed + 1))
    printf 'ok    %s\n' "$what"
  else
    failed=$((failed + 1))
    printf 'FAIL  %s\n' "$what"
  fi
}

# req METHOD PATH [JSON] -> prints "<http status> <body>" (as admin unless AS_USER/AS_PASS are set)
req() {
  local method="$1" path="$2" body="${3:-}" user="${AS_USER:-$OPENSEARCH_ADMIN_USER}" pass="${AS_PASS:-$OPENSEARCH_INITIAL_ADMIN_PASSWORD}"
  local -a args=(-sS --max-time 30 -X "$method" -w '\n%{http_code}')
  if [[ "$OPENSEARCH_SECURITY" != "false" ]]; then
    args+=(-u "$user:$pass")
  fi
  if [[ -n "$body" ]]; then
    args+=(-H 'Content-Type: application/json' --data-binary "$body")
  fi
  local out
  out="$(curl "${args[@]}" "$OPENSEARCH_URL/${path#/}")" || out=$'curl failed\n000'
  LAST_STATUS="${out##*$'\n'}"
  LAST_BODY="${out%$'\n'*}"
}
status_is() { [[ "$LAST_STATUS" == "$1" ]] || { printf '      HTTP %s: %s\n' "$LAST_STATUS" "${LAST_BODY:0:400}" >&2; return 1; }; }
body_has() { [[ "$LAST_BODY" == *"$1"* ]] || { printf '      body lacks %s: %s\n' "$1" "${LAST_BODY:0:400}" >&2; return 1; }; }
ok_with() { status_is 200 && body_has "$1"; }

cleanup() {
  AS_USER='' AS_PASS='' req DELETE "${prefix}_*,$lk_index?ignore_unavailable=true" >/dev/null 2>&1 || true
}
trap cleanup EXIT

os_cluster_ready || os_die "no node answers at $OPENSEARCH_URL (start it with scripts/opensearch/start.sh)"

# Modules loaded (they are modules, so _nodes/plugins lists them, _cat/plugins does not).
req GET '_nodes/plugins?filter_path=nodes.*.modules.name'
for module_name in "${OS_MODULE_NAMES[@]}"; do
  check "module $module_name loaded" ok_with "\"name\":\"$module_name\""
done

# Test data.
docs=""
for i in 1 2 3 4 5 6; do
  kind=keep
  ((i % 2 == 0)) && kind=old
  docs+="{\"index\":{\"_id\":\"$i\"}}"$'\n'"{\"n\":$i,\"kind\":\"$kind\",\"text\":\"Quick-Brown fox $i\"}"$'\n'
done
req PUT "${prefix}_src" '{"mappings":{"properties":{"n":{"type":"integer"},"kind":{"type":"keyword"},"text":{"type":"text"}}}}'
check "create index ${prefix}_src" status_is 200
req POST "${prefix}_src/_bulk?refresh=true" "$docs"
check "bulk 6 docs" ok_with '"errors":false'

# reindex module.
req POST "_reindex?refresh=true" "{\"source\":{\"index\":\"${prefix}_src\"},\"dest\":{\"index\":\"${prefix}_copy\"}}"
check "_reindex into a fresh index (6 created)" ok_with '"created":6'
req POST "${prefix}_copy/_delete_by_query?refresh=true" '{"query":{"term":{"kind":"old"}}}'
check "_delete_by_query with a term query, refresh=true (3 deleted)" ok_with '"deleted":3'
req GET "${prefix}_copy/_count"
check "3 docs left after _delete_by_query" ok_with '"count":3'

# lang-painless (through reindex's _update_by_query and through search).
req POST "${prefix}_src/_update_by_query?refresh=true" '{"query":{"term":{"kind":"keep"}},"script":{"lang":"painless","source":"ctx._source.x = params.v","params":{"v":1}}}'
check "_update_by_query with a painless script (3 updated)" ok_with '"updated":3'
req GET "${prefix}_src/_count?q=x:1"
check "the script set x=1 on 3 docs" ok_with '"count":3'
req POST "${prefix}_src/_search" '{"size":1,"query":{"term":{"n":4}},"script_fields":{"twice":{"script":{"lang":"painless","source":"doc[\"n\"].value * 2"}}}}'
check "script_fields with painless" ok_with '"twice":[8]'
req POST "_scripts/painless/_execute" '{"script":{"source":"params.a + params.b","params":{"a":2,"b":3}}}'
check "_scripts/painless/_execute" ok_with '"result":"5"'

# analysis-common.
req POST "_analyze" '{"tokenizer":{"type":"ngram","min_gram":2,"max_gram":2},"text":"abc"}'
check "_analyze with the ngram tokenizer" ok_with '"token":"bc"'
req POST "_analyze" '{"tokenizer":"whitespace","filter":["lowercase","word_delimiter_graph"],"text":"Quick-Brown"}'
check "_analyze with lowercase + word_delimiter_graph filters" ok_with '"token":"brown"'
req PUT "${prefix}_an" '{"settings":{"analysis":{"analyzer":{"edge":{"type":"custom","tokenizer":"edge_ngram","filter":["lowercase"]}}}},"mappings":{"properties":{"t":{"type":"text","analyzer":"edge"}}}}'
check "index with a custom analyzer (edge_ngram tokenizer)" status_is 200
req POST "_analyze" '{"analyzer":"simple","text":"Foo-BAR"}'
check "_analyze with the simple analyzer" ok_with '"token":"bar"'

# mapper-extras: its field types can be mapped, indexed and searched.
req PUT "${prefix}_mx" '{"mappings":{"properties":{"price":{"type":"scaled_float","scaling_factor":100},"title":{"type":"text","fields":{"words":{"type":"token_count","analyzer":"standard"}}}}}}'
check "index with scaled_float and token_count fields" status_is 200
req POST "${prefix}_mx/_doc?refresh=true" '{"price":12.345,"title":"three small words"}'
check "a document with both indexed" status_is 201
req POST "${prefix}_mx/_search" '{"query":{"term":{"title.words":3}},"aggs":{"p":{"max":{"field":"price"}}}}'
check "token_count searched, scaled_float rounded to its factor (12.35)" ok_with '"value":12.35'

# Security: the writer may _delete_by_query its own lk_* index, the reader may not.
if AS_USER="${WRITER[0]}" AS_PASS="${WRITER[1]}" req GET "_plugins/_security/authinfo" && [[ "$LAST_STATUS" == 200 ]]; then
  AS_USER="${WRITER[0]}" AS_PASS="${WRITER[1]}" req POST "$lk_index/_bulk?refresh=true" "$docs"
  check "${WRITER[0]} bulk-writes $lk_index" ok_with '"errors":false'
  AS_USER="${READER[0]}" AS_PASS="${READER[1]}" req POST "$lk_index/_delete_by_query?refresh=true" '{"query":{"term":{"kind":"old"}}}'
  check "${READER[0]} gets 403 on $lk_index/_delete_by_query" status_is 403
  AS_USER="${WRITER[0]}" AS_PASS="${WRITER[1]}" req POST "$lk_index/_delete_by_query?refresh=true" '{"query":{"term":{"kind.keyword":"old"}}}'
  check "${WRITER[0]} runs $lk_index/_delete_by_query (3 deleted)" ok_with '"deleted":3'
else
  printf 'skip  security checks (%s cannot log in; run scripts/opensearch/security.ts first)\n' "${WRITER[0]}"
fi

printf '%d passed, %d failed\n' "$passed" "$failed"
((failed == 0))
