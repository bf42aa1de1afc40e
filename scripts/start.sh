#!/usr/bin/env bash
# The main job: a local OpenSearch with the security plugin, test users and sample data, and the
# standalone host running the lookups plugin installed from its zip. Prints the URL and the credentials, then serves until
# Ctrl-C (OpenSearch keeps running; scripts/opensearch/stop.sh stops it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$ROOT"
source scripts/opensearch/common.sh

SKIP_CHROMIUM=true bash scripts/setup.sh
bash scripts/opensearch/start.sh
npx tsx scripts/opensearch/security.ts
npx tsx scripts/sample_data.ts
# The plugin zip (npm run build) and the host, the zip installed into the host's home as
# `bin/opensearch-dashboards-plugin install` installs it into OSD.
npx tsx scripts/build/stage.ts

PORT="${LOOKUPS_HOST_PORT:-5601}"
cat <<MSG

  Lookups is starting at  http://127.0.0.1:${PORT}/app/lookups
  Log in as               admin / ${OPENSEARCH_INITIAL_ADMIN_PASSWORD}
$(npx tsx -e "const { TEST_USERS } = require('./scripts/opensearch/test_users'); for (const u of Object.values(TEST_USERS)) if (u.username !== 'admin') console.log('  or as ' + (u.username + ' / ' + u.password).padEnd(38) + u.description);")
  OpenSearch              ${OPENSEARCH_URL}   (stop it with: bash scripts/opensearch/stop.sh)

MSG
export LOOKUPS_HOST_PORT="$PORT" OPENSEARCH_URL
# The host runs as OSD does: kibanaserver (demo internal_users.yml), role kibana_server.
export OPENSEARCH_INTERNAL_USERNAME=kibanaserver OPENSEARCH_INTERNAL_PASSWORD=kibanaserver
exec node build/host/server/main.js
