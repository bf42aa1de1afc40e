#!/usr/bin/env bash
# Installs a local single-node OpenSearch (version from versions.env) with the security and
# job-scheduler plugins, configured for dashboards-lookups development and tests:
#   - HTTP on 127.0.0.1:$OPENSEARCH_PORT, plain HTTP (no TLS), basic auth via the security plugin
#   - transport TLS and users/roles from the security demo configuration (admin password from
#     OPENSEARCH_INITIAL_ADMIN_PASSWORD)
#   - single-node discovery, 1 GB heap, disk watermarks off, 0 default replicas, no audit log,
#     data/logs outside the install folder
#   - a stand-in for the `rule-framework` module the security plugin needs (see step 3)
#   - the core modules the integ-test zip lacks (OPENSEARCH_MODULES in versions.env: painless,
#     reindex/update-by-query/delete-by-query, analysis-common), assembled from the module jars on
#     Maven Central (see modules.sh and step 3b)
# Idempotent: when the right version is already installed it returns at once. Otherwise it
# (re)creates the install folder; the data folder is kept.
# Needs: a JDK >= 21 with javac, mvn, unzip, and (when run as root) useradd/runuser.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
# shellcheck source=modules.sh
source "$OS_SCRIPT_DIR/modules.sh"

# Bump when this script changes the installed result, so existing installs are redone.
INSTALL_REVISION=7

# One install at a time (parallel start.sh calls).
mkdir -p "$OS_CACHE_DIR"
exec 8>"$OS_CACHE_DIR/install.lock"
flock 8

find_jdk
RUN_USER="$(os_run_user)"

sql_note() {
  if [[ "$OPENSEARCH_INSTALL_SQL" != "true" ]]; then
    os_log "note: $OPENSEARCH_SQL_ARTIFACT (SQL/PPL) is not available from Maven Central; installed without it."
  fi
}

stamp="opensearch=$OPENSEARCH_VERSION plugins=$OPENSEARCH_PLUGIN_VERSION"
stamp+=" job-scheduler security sql=$OPENSEARCH_INSTALL_SQL modules=$OPENSEARCH_MODULES"
stamp+=" data=$OS_DATA_DIR user=$RUN_USER revision=$INSTALL_REVISION"

ensure_run_user() {
  os_is_root || return 0
  if ! id -u "$RUN_USER" >/dev/null 2>&1; then
    os_log "creating system user '$RUN_USER' (OpenSearch refuses to run as root)"
    useradd --system --user-group --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin "$RUN_USER"
  fi
}

fix_ownership() {
  os_is_root || return 0
  chown -R "$RUN_USER:" "$OS_BASE_DIR"
  # Check that the node's user really reaches its folders (see os_pick_base_dir).
  if ! runuser -u "$RUN_USER" -- test -w "$OS_DATA_DIR" -a -r "$OS_HOME/config/opensearch.yml"; then
    os_die "user '$RUN_USER' cannot access $OS_BASE_DIR; set OPENSEARCH_BASE_DIR to a folder it can reach"
  fi
}

if [[ -f "$OS_INSTALL_STAMP" && "$(cat "$OS_INSTALL_STAMP")" == "$stamp" ]]; then
  ensure_run_user
  if [[ ! -d "$OS_DATA_DIR" || ! -d "$OS_LOGS_DIR" ]]; then
    mkdir -p "$OS_DATA_DIR" "$OS_LOGS_DIR"
    fix_ownership
  elif os_is_root && [[ "$(stat -c '%U' "$OS_HOME")" != "$RUN_USER" ]]; then
    fix_ownership
  fi
  os_log "OpenSearch $OPENSEARCH_VERSION already installed in $OS_HOME"
  sql_note
  exit 0
fi

started_at=$SECONDS
for tool in mvn unzip; do
  command -v "$tool" >/dev/null || os_die "'$tool' is required (e.g. apt-get install -y maven unzip)"
done
if os_is_root; then
  command -v runuser >/dev/null || os_die "'runuser' (util-linux) is required when running as root"
fi

# ---------------------------------------------------------------------------------------------
# 1. Fetch the zips with Maven into .cache/opensearch/downloads (Maven's ~/.m2 caches them too).
# ---------------------------------------------------------------------------------------------
mkdir -p "$OS_DOWNLOAD_DIR"
mvn_opts=()
java_major="$(os_java_major "$JAVA_HOME")"
if ((java_major >= 24)); then
  # Maven 3.8's bundled guava triggers sun.misc.Unsafe warnings on JDK 24+.
  mvn_opts+=(--sun-misc-unsafe-memory-access=allow)
fi

fetch_artifact() { # group artifact version packaging -> prints the local path
  local group="$1" artifact="$2" version="$3" packaging="$4"
  local file="$OS_DOWNLOAD_DIR/$artifact-$version.$packaging"
  if [[ ! -s "$file" ]]; then
    os_log "fetching $group:$artifact:$version:$packaging"
    if ! MAVEN_OPTS="${MAVEN_OPTS:-} ${mvn_opts[*]}" mvn -q -B -C \
      dependency:copy -Dartifact="$group:$artifact:$version:$packaging" \
      -DoutputDirectory="$OS_DOWNLOAD_DIR" >"$OS_DOWNLOAD_DIR/mvn.out" 2>&1; then
      cat "$OS_DOWNLOAD_DIR/mvn.out" >&2
      os_die "could not fetch $group:$artifact:$version:$packaging with mvn"
    fi
  fi
  [[ -s "$file" ]] || os_die "mvn finished but $file is missing"
  printf '%s\n' "$file"
}
fetch_zip() { fetch_artifact "$1" "$2" "$3" zip; }

dist_zip="$(fetch_zip "$OPENSEARCH_DIST_GROUP" "$OPENSEARCH_DIST_ARTIFACT" "$OPENSEARCH_VERSION")"
plugin_zips=(
  "$(fetch_zip "$OPENSEARCH_PLUGIN_GROUP" "$OPENSEARCH_JOB_SCHEDULER_ARTIFACT" "$OPENSEARCH_PLUGIN_VERSION")"
  "$(fetch_zip "$OPENSEARCH_PLUGIN_GROUP" "$OPENSEARCH_SECURITY_ARTIFACT" "$OPENSEARCH_PLUGIN_VERSION")"
)
if [[ "$OPENSEARCH_INSTALL_SQL" == "true" ]]; then
  plugin_zips+=("$(fetch_zip "$OPENSEARCH_PLUGIN_GROUP" "$OPENSEARCH_SQL_ARTIFACT" "$OPENSEARCH_PLUGIN_VERSION")")
fi
stub_jars=()
for gav in $RULE_FRAMEWORK_STUB_LIBS; do
  IFS=: read -r g a v <<<"$gav"
  stub_jars+=("$(fetch_artifact "$g" "$a" "$v" jar)")
done
modules_started_at=$SECONDS
os_resolve_modules
modules_seconds=$((SECONDS - modules_started_at))

# ---------------------------------------------------------------------------------------------
# 2. Unpack the distribution (fresh install folder; data and logs live beside it and are kept).
# ---------------------------------------------------------------------------------------------
# (Stopped only now, after the downloads, to keep the running node's downtime short.)
if [[ -n "$(os_running_pid)" ]]; then
  os_log "a node from the previous install is running; stopping it first"
  "$OS_SCRIPT_DIR/stop.sh"
fi
os_log "installing OpenSearch $OPENSEARCH_VERSION into $OS_HOME (JDK: $JAVA_HOME)"
mkdir -p "$OS_BASE_DIR" "$OS_DATA_DIR" "$OS_LOGS_DIR"
rm -rf "$OS_HOME" "$OS_BASE_DIR/unpack.tmp"
mkdir -p "$OS_BASE_DIR/unpack.tmp"
unzip -q "$dist_zip" -d "$OS_BASE_DIR/unpack.tmp"
mv "$OS_BASE_DIR/unpack.tmp/opensearch-$OPENSEARCH_VERSION" "$OS_HOME"
rm -rf "$OS_BASE_DIR/unpack.tmp"

# ---------------------------------------------------------------------------------------------
# 3. Stand-in for the missing `rule-framework` module.
#    Security 3.4 declares `extended.plugins=workload-management;optional=true,rule-framework`.
#    rule-framework is the core module `autotagging-commons`: the full distribution bundles it,
#    but the integ-test zip does not, and Maven Central serves neither its zip nor its jars.
#    Security uses it for two things: (a) its WLM auto-tagging attribute classes, which only
#    rule-framework itself loads (through SPI), and (b) the commons-collections4 library that the
#    module exports to plugins extending it (security does not bundle its own copy and fails
#    with ClassNotFoundException without it). So an empty extensible plugin named
#    `rule-framework` plus commons-collections4 satisfies security without changing its
#    behaviour. The plugin class is compiled here with javac from the picked JDK.
# ---------------------------------------------------------------------------------------------
if [[ ! -d "$OS_HOME/modules/rule-framework" ]]; then
  stub_src="$OS_BASE_DIR/rule-framework-stub.tmp"
  rm -rf "$stub_src"
  mkdir -p "$stub_src/src/org/dashboardslookups/stub" "$stub_src/classes"
  cat >"$stub_src/src/org/dashboardslookups/stub/RuleFrameworkStubPlugin.java" <<'JAVA'
package org.dashboardslookups.stub;

import org.opensearch.plugins.ExtensiblePlugin;
import org.opensearch.plugins.Plugin;

/** Empty stand-in for the rule-framework (autotagging-commons) module; see scripts/opensearch/install.sh. */
public class RuleFrameworkStubPlugin extends Plugin implements ExtensiblePlugin {
    public RuleFrameworkStubPlugin() {}
}
JAVA
  "$JAVA_HOME/bin/javac" --release 21 -proc:none -nowarn -cp "$OS_HOME/lib/*" \
    -d "$stub_src/classes" "$stub_src/src/org/dashboardslookups/stub/RuleFrameworkStubPlugin.java"
  mkdir -p "$OS_HOME/modules/rule-framework"
  cp "${stub_jars[@]}" "$OS_HOME/modules/rule-framework/"
  "$JAVA_HOME/bin/jar" --create --file "$OS_HOME/modules/rule-framework/rule-framework-stub.jar" \
    -C "$stub_src/classes" .
  cat >"$OS_HOME/modules/rule-framework/plugin-descriptor.properties" <<PROPS
description=Empty stand-in for the rule-framework module (not in the integ-test zip), see scripts/opensearch/install.sh
version=$OPENSEARCH_VERSION
name=rule-framework
classname=org.dashboardslookups.stub.RuleFrameworkStubPlugin
java.version=21
opensearch.version=$OPENSEARCH_VERSION
custom.foldername=rule-framework
extended.plugins=
has.native.controller=false
PROPS
  rm -rf "$stub_src"
fi

# ---------------------------------------------------------------------------------------------
# 3b. Core modules from their Maven Central jars (see modules.sh): painless, reindex, ...
# ---------------------------------------------------------------------------------------------
modules_started_at=$SECONDS
for i in "${!OS_MODULE_NAMES[@]}"; do
  os_assemble_module "${OS_MODULE_NAMES[i]}" "${OS_MODULE_ARTIFACTS[i]}"
done
modules_seconds=$((modules_seconds + SECONDS - modules_started_at))

# ---------------------------------------------------------------------------------------------
# 4. Plugins.
# ---------------------------------------------------------------------------------------------
for zip in "${plugin_zips[@]}"; do
  os_log "installing plugin $(basename "$zip")"
  "$OS_HOME/bin/opensearch-plugin" install --batch "file://$zip" >"$OS_LOGS_DIR/plugin-install.out" 2>&1 || {
    cat "$OS_LOGS_DIR/plugin-install.out" >&2
    os_die "installing $(basename "$zip") failed"
  }
done
sql_note

# ---------------------------------------------------------------------------------------------
# 5. Security demo configuration (demo certificates for transport TLS, internal users with the
#    admin password from OPENSEARCH_INITIAL_ADMIN_PASSWORD, security index auto-initialised).
# ---------------------------------------------------------------------------------------------
demo_out="$OS_LOGS_DIR/security-demo-install.out"
if ! OPENSEARCH_INITIAL_ADMIN_PASSWORD="$OPENSEARCH_INITIAL_ADMIN_PASSWORD" \
  bash "$OS_HOME/plugins/opensearch-security/tools/install_demo_configuration.sh" -y -i -s >"$demo_out" 2>&1; then
  cat "$demo_out" >&2
  os_die "security demo configuration failed (is OPENSEARCH_INITIAL_ADMIN_PASSWORD strong and unlike 'admin'?)"
fi

yml="$OS_HOME/config/opensearch.yml"
grep -q '^plugins.security.ssl.http.enabled: true' "$yml" ||
  os_die "unexpected demo configuration in $yml (no plugins.security.ssl.http.enabled line)"
# Plain HTTP on 127.0.0.1 (transport TLS stays as the demo configuration set it up).
sed -i 's/^plugins.security.ssl.http.enabled: true/plugins.security.ssl.http.enabled: false/' "$yml"
# No audit log: it would add security-auditlog-* indices and extra writes on every denied request.
sed -i 's/^plugins.security.audit.type: .*/plugins.security.audit.type: noop/' "$yml"

cat >>"$yml" <<YAML

######## dashboards-lookups dev/test node (written by scripts/opensearch/install.sh) ########
cluster.name: $OS_CLUSTER_NAME
node.name: $OS_NODE_NAME
network.host: $OPENSEARCH_HOST
# start.sh passes -Ehttp.port=\$OPENSEARCH_PORT, which wins over this value.
http.port: $OPENSEARCH_PORT
discovery.type: single-node
path.data: $OS_DATA_DIR
path.logs: $OS_LOGS_DIR
# A nearly full disk must not turn indices read-only in dev/CI.
cluster.routing.allocation.disk.threshold_enabled: false
# One node: replicas could never be assigned, so new indices default to 0 (green, not yellow).
cluster.default_number_of_replicas: 0
# Scheduled lookup refreshes run as their owners: the Dashboards server user may impersonate
# them over REST (the opendistro_security_impersonate_as header), and no one else may.
plugins.security.authcz.rest_impersonation_user:
  kibanaserver:
    - "*"
YAML
if [[ -n "$OS_TRANSPORT_PORT" ]]; then
  printf 'transport.port: %s\n' "$OS_TRANSPORT_PORT" >>"$yml"
fi

mkdir -p "$OS_HOME/config/jvm.options.d"
printf '%s\n' "-Xms$OPENSEARCH_HEAP" "-Xmx$OPENSEARCH_HEAP" >"$OS_HOME/config/jvm.options.d/heap.options"

# Requests over index patterns (the lookup catalog's `*/_alias`, say) are cut down to the indices
# the user may see instead of failing with 403, as OSD deployments usually configure it.
sed -i 's/^    #do_not_fail_on_forbidden: false/    do_not_fail_on_forbidden: true/' "$OS_HOME/config/opensearch-security/config.yml"
grep -q '^    do_not_fail_on_forbidden: true' "$OS_HOME/config/opensearch-security/config.yml" ||
  { echo "install.sh: could not enable do_not_fail_on_forbidden in config.yml" >&2; exit 1; }
# Audit logging also off in the security configuration loaded into a fresh security index.
sed -i '0,/^  enabled: true/s//  enabled: false/' "$OS_HOME/config/opensearch-security/audit.yml"
# The security plugin warns about config files (certificates, keys) readable by others.
find "$OS_HOME/config" -type d -exec chmod 700 {} +
find "$OS_HOME/config" -type f -exec chmod 600 {} +

ensure_run_user
fix_ownership
printf '%s' "$stamp" >"$OS_INSTALL_STAMP"
if os_is_root; then
  chown "$RUN_USER:" "$OS_INSTALL_STAMP"
fi
os_log "installed OpenSearch $OPENSEARCH_VERSION in $((SECONDS - started_at))s, of which ${modules_seconds}s for the modules (home $OS_HOME, data $OS_DATA_DIR, runs as $RUN_USER)"
