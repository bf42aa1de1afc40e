#!/usr/bin/env bash
# Core modules for the node, assembled from the artifacts that OpenSearch publishes to Maven
# Central. Sourced by install.sh (after common.sh), not run on its own.
#
# The integ-test zip (the only distribution on Maven Central) ships just the transport modules.
# The full distribution's modules/<name>/ folders hold the module jar, its runtime dependencies
# that the server's lib/ does not already have, a plugin-descriptor.properties and, for some, a
# plugin-security.policy. OpenSearch publishes each module jar as
# org.opensearch.plugin:<artifact>:<version> with a pom listing those dependencies, so:
#   1. os_resolve_modules: one mvn run over a small generated pom per module (in
#      .cache/opensearch/modules-<version>/) copies each module jar and its runtime dependencies
#      to <that folder>/<name>/jars. The server artifact org.opensearch:opensearch (reached
#      through opensearch-scripting-painless-spi) is excluded with its whole tree: it is lib/.
#   2. os_assemble_module: copies them into <node>/modules/<name>/, leaving out every jar whose
#      artifact is already in lib/ or in a module it extends (the same classes twice is "jar
#      hell", which stops the node at start-up), and writes the descriptor and policy.
# The list of modules lives in versions.env (OPENSEARCH_MODULES); the descriptor facts below are
# those of the modules' build files in the OpenSearch repository (opensearchplugin { ... }), and
# each class name is checked against the downloaded jar.

OS_MODULES_CACHE="$OS_CACHE_DIR/modules-$OPENSEARCH_VERSION"
# maven-dependency-plugin version for the generated poms (the one mvn 3.8 picks by default).
OS_MODULES_DEPENDENCY_PLUGIN_VERSION=2.8

# OPENSEARCH_MODULES parsed (here, so a bad entry stops the caller): names and artifacts.
OS_MODULE_NAMES=()
OS_MODULE_ARTIFACTS=()
for os_module_entry in ${OPENSEARCH_MODULES//,/ }; do
  [[ "$os_module_entry" =~ ^[a-z0-9-]+:[A-Za-z0-9._-]+$ ]] ||
    os_die "OPENSEARCH_MODULES entry '$os_module_entry' is not <name>:<artifact> (versions.env)"
  OS_MODULE_NAMES+=("${os_module_entry%%:*}")
  OS_MODULE_ARTIFACTS+=("${os_module_entry#*:}")
done
unset os_module_entry

# Sets MOD_CLASS, MOD_DESC and MOD_EXTENDS (comma-separated names) for module $1.
os_module_facts() {
  case "$1" in
    lang-painless)
      MOD_CLASS=org.opensearch.painless.PainlessModulePlugin
      MOD_DESC='An easy, safe and fast scripting language for OpenSearch'
      MOD_EXTENDS=
      ;;
    reindex)
      MOD_CLASS=org.opensearch.index.reindex.ReindexModulePlugin
      MOD_DESC='The Reindex module adds APIs to reindex from one index to another or update documents in place.'
      MOD_EXTENDS=
      ;;
    analysis-common)
      MOD_CLASS=org.opensearch.analysis.common.CommonAnalysisModulePlugin
      MOD_DESC='Adds "built in" analyzers to OpenSearch.'
      # Its AnalysisPainlessExtension (SPI) adds analysis script contexts to painless.
      MOD_EXTENDS=lang-painless
      ;;
    mapper-extras)
      # scaled_float, token_count, rank_feature(s), search_as_you_type: field types every
      # distribution has, which the PPL engine's type mapping must meet.
      MOD_CLASS=org.opensearch.index.mapper.MapperExtrasModulePlugin
      MOD_DESC='Adds advanced field mappers'
      MOD_EXTENDS=
      ;;
    *)
      os_die "modules.sh has no descriptor facts for module '$1' (OPENSEARCH_MODULES in versions.env)"
      ;;
  esac
}

# Prints the plugin-security.policy for module $1 whose jars are in folder $2 (nothing: no policy).
# Same grants as the module's src/main/plugin-metadata/plugin-security.policy in OpenSearch.
# A codeBase grant may only name a jar of the module (the node refuses unknown codebases), so
# those are written for the jars actually present.
os_module_policy() {
  local name="$1" dir="$2" cb
  case "$name" in
    lang-painless)
      cat <<'POLICY'
grant {
  // painless compiles each script into a class, loaded by a class loader of its own
  permission java.lang.RuntimePermission "createClassLoader";
  // and needs the class loader of the allow-listed classes
  permission java.lang.RuntimePermission "getClassLoader";
};
POLICY
      ;;
    reindex)
      cat <<'POLICY'
grant {
  // reindex from a remote cluster connects to it with the REST client
  permission java.net.SocketPermission "*", "connect";
};
POLICY
      # The REST client (and its HTTP library) read the default proxy selector.
      for cb in opensearch-rest-client httpclient5; do
        if compgen -G "$dir/$cb-[0-9]*.jar" >/dev/null; then
          # shellcheck disable=SC2016 # ${codebase.*} is for the node's policy parser, not bash
          printf '\ngrant codeBase "${codebase.%s}" {\n  permission java.net.NetPermission "getProxySelector";\n};\n' "$cb"
        fi
      done
      ;;
  esac
}

# Artifact id of a jar named <artifactId>-<version>[-<classifier>].jar (as lib/ and mvn name them).
os_jar_artifact() {
  local n="${1##*/}"
  n="${n%.jar}"
  printf '%s\n' "${n%%-[0-9]*}"
}

# Resolves every module's jar and runtime dependencies into $OS_MODULES_CACHE/<name>/jars
# (skipped when already done for the same list). Needs mvn_opts from install.sh.
os_resolve_modules() {
  local want="group=$OPENSEARCH_MODULE_GROUP version=$OPENSEARCH_VERSION modules=$OPENSEARCH_MODULES"
  local marker="$OS_MODULES_CACHE/.resolved" name artifact i modules_xml=""
  if [[ ${#OS_MODULE_NAMES[@]} -eq 0 || (-f "$marker" && "$(cat "$marker")" == "$want") ]]; then
    return 0
  fi
  os_log "resolving modules ($OPENSEARCH_MODULES) from $OPENSEARCH_MODULE_GROUP:*:$OPENSEARCH_VERSION with mvn"
  rm -rf "$OS_MODULES_CACHE"
  mkdir -p "$OS_MODULES_CACHE"
  for i in "${!OS_MODULE_NAMES[@]}"; do
    name="${OS_MODULE_NAMES[i]}" artifact="${OS_MODULE_ARTIFACTS[i]}"
    mkdir -p "$OS_MODULES_CACHE/$name"
    modules_xml+="    <module>$name</module>"$'\n'
    cat >"$OS_MODULES_CACHE/$name/pom.xml" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by scripts/opensearch/modules.sh: the runtime jars of the OpenSearch module $name. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.dashboards-lookups.opensearch-modules</groupId>
  <artifactId>$name</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>$OPENSEARCH_MODULE_GROUP</groupId>
      <artifactId>$artifact</artifactId>
      <version>$OPENSEARCH_VERSION</version>
      <exclusions>
        <!-- the server and everything it depends on: already in the node's lib/ -->
        <exclusion>
          <groupId>org.opensearch</groupId>
          <artifactId>opensearch</artifactId>
        </exclusion>
      </exclusions>
    </dependency>
  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.apache.maven.plugins</groupId>
        <artifactId>maven-dependency-plugin</artifactId>
        <version>$OS_MODULES_DEPENDENCY_PLUGIN_VERSION</version>
        <configuration>
          <outputDirectory>\${project.basedir}/jars</outputDirectory>
          <includeScope>runtime</includeScope>
        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
POM
  done
  cat >"$OS_MODULES_CACHE/pom.xml" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<!-- Generated by scripts/opensearch/modules.sh: one mvn run resolves all modules. -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.dashboards-lookups.opensearch-modules</groupId>
  <artifactId>all</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <modules>
$modules_xml  </modules>
</project>
POM
  # shellcheck disable=SC2154 # mvn_opts: set by install.sh
  if ! MAVEN_OPTS="${MAVEN_OPTS:-} ${mvn_opts[*]}" mvn -q -B -C -f "$OS_MODULES_CACHE/pom.xml" \
    dependency:copy-dependencies >"$OS_MODULES_CACHE/mvn.out" 2>&1; then
    cat "$OS_MODULES_CACHE/mvn.out" >&2
    os_die "could not resolve the modules ($OPENSEARCH_MODULES) with mvn (pom in $OS_MODULES_CACHE)"
  fi
  for i in "${!OS_MODULE_NAMES[@]}"; do
    name="${OS_MODULE_NAMES[i]}" artifact="${OS_MODULE_ARTIFACTS[i]}"
    [[ -s "$OS_MODULES_CACHE/$name/jars/$artifact-$OPENSEARCH_VERSION.jar" ]] ||
      os_die "mvn finished but $OS_MODULES_CACHE/$name/jars/$artifact-$OPENSEARCH_VERSION.jar is missing"
  done
  printf '%s' "$want" >"$marker"
}

# Installs module $1 (artifact $2) into $OS_HOME/modules/$1 from the resolved jars.
os_assemble_module() {
  local name="$1" artifact="$2"
  local src="$OS_MODULES_CACHE/$name/jars" dest="$OS_HOME/modules/$name"
  local main_jar="$artifact-$OPENSEARCH_VERSION.jar" jar id ext manifest java_version built_for
  local -A present=()
  local -a kept=() left_out=()
  os_module_facts "$name"

  [[ -d "$dest" ]] && os_die "$dest already exists: the distribution ships module $name (drop it from OPENSEARCH_MODULES)"
  for jar in "$OS_HOME"/lib/*.jar; do
    present["$(os_jar_artifact "$jar")"]="lib"
  done
  for ext in ${MOD_EXTENDS//,/ }; do
    [[ -f "$OS_HOME/modules/$ext/plugin-descriptor.properties" ]] ||
      os_die "module $name extends $ext, which is not installed (list $ext before $name in OPENSEARCH_MODULES)"
    for jar in "$OS_HOME/modules/$ext"/*.jar; do
      present["$(os_jar_artifact "$jar")"]="module $ext"
    done
  done

  mkdir -p "$dest"
  for jar in "$src"/*.jar; do
    id="$(os_jar_artifact "$jar")"
    if [[ -n "${present[$id]:-}" ]]; then
      left_out+=("$id")
    else
      cp "$jar" "$dest/"
      kept+=("${jar##*/}")
    fi
  done
  [[ -f "$dest/$main_jar" ]] || os_die "module $name: $main_jar was left out as a duplicate of a jar in lib/"

  # The class named in the descriptor must be in the module jar, and the jar built for this version.
  # (the listing is read whole first: grep -q stopping early would fail the pipe under pipefail)
  if ! grep -qxF "${MOD_CLASS//.//}.class" <<<"$(unzip -Z1 "$dest/$main_jar")"; then
    os_die "module $name: $MOD_CLASS is not in $main_jar (fix its class name in scripts/opensearch/modules.sh)"
  fi
  manifest="$(unzip -p "$dest/$main_jar" META-INF/MANIFEST.MF | tr -d '\r')"
  built_for="$(sed -n 's/^X-Compile-OpenSearch-Version: *//p' <<<"$manifest")"
  [[ -z "$built_for" || "$built_for" == "$OPENSEARCH_VERSION" ]] ||
    os_die "module $name: $main_jar was built for OpenSearch $built_for, not $OPENSEARCH_VERSION"
  java_version="$(sed -n 's/^X-Compile-Target-JDK: *//p' <<<"$manifest")"

  cat >"$dest/plugin-descriptor.properties" <<PROPS
# Written by scripts/opensearch/install.sh (modules.sh) for $OPENSEARCH_MODULE_GROUP:$artifact:$OPENSEARCH_VERSION
# (the distribution's module $name, assembled from the Maven Central jars).
description=$MOD_DESC
version=$OPENSEARCH_VERSION
name=$name
classname=$MOD_CLASS
java.version=${java_version:-21}
opensearch.version=$OPENSEARCH_VERSION
custom.foldername=
extended.plugins=$MOD_EXTENDS
has.native.controller=false
PROPS
  local policy
  policy="$(os_module_policy "$name" "$dest")"
  if [[ -n "$policy" ]]; then
    {
      printf '// Written by scripts/opensearch/install.sh (modules.sh): the grants of the module %s.\n\n' "$name"
      printf '%s\n' "$policy"
    } >"$dest/plugin-security.policy"
  fi
  os_log "module $name: ${#kept[@]} jars (${kept[*]})${left_out:+; left out, already in lib/ or an extended module: ${left_out[*]}}"
}
