#!/usr/bin/env bash
# Writes the archetype's resources (src/main/resources/archetype-resources/) from the example
# plugin next to it, so the two cannot drift: Java sources move to ${package}, the class names'
# PrefetchPaging becomes ${className} (in the file names Maven archetype's token __className__),
# the plugin id and type name become ${pluginId}, the pom takes
# ${groupId}/${artifactId}/${version}/${iopfVersion}.
# With --check, writes them to a temporary folder and fails if they differ from the committed ones
# (.ci/run runs that).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
example=$(dirname "$here")
committed="$here/src/main/resources/archetype-resources"
out="$committed"
if [[ "${1:-}" == "--check" ]]; then
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
rm -rf "$out"/src "$out"/scenarios "$out"/pom.xml
mkdir -p "$out"/src/main/java "$out"/src/test/java "$out"/src/main/resources/META-INF/services "$out"/src/assembly "$out"/scenarios
relocate='s/^package com\.example\.iopf\.prefetch;/package ${package};/; s/prefetch-paging/${pluginId}/g; s/PrefetchPaging/${className}/g'
for kind in main test; do
    for f in "$example"/src/$kind/java/com/example/iopf/prefetch/*.java; do
        name=$(basename "$f")
        sed "$relocate" "$f" > "$out/src/$kind/java/${name/PrefetchPaging/__className__}"
    done
done
for f in "$example"/scenarios/*.yaml; do sed 's/prefetch-paging/${pluginId}/g' "$f" > "$out/scenarios/$(basename "$f")"; done
sed 's/com\.example\.iopf\.prefetch\.PrefetchPaging/${package}.${className}/' "$example"/src/main/resources/META-INF/services/org.iopf.api.platform.ComponentType \
    > "$out"/src/main/resources/META-INF/services/org.iopf.api.platform.ComponentType
cp "$example"/src/main/resources/plugin.properties "$out"/src/main/resources/
cp "$example"/src/assembly/plugin-zip.xml "$out"/src/assembly/
sed -e 's|<groupId>com.example.iopf</groupId>|<groupId>${groupId}</groupId>|' \
    -e 's|<artifactId>prefetch-paging-plugin</artifactId>|<artifactId>${artifactId}</artifactId>|' \
    -e 's|<version>1.0.0</version>|<version>${version}</version>|' \
    -e 's|<name>prefetch-paging (example third-party iopf plugin)</name>|<name>${pluginId} (an iopf plugin)</name>|' \
    -e 's|<plugin.id>prefetch-paging</plugin.id>|<plugin.id>${pluginId}</plugin.id>|' \
    -e 's|<plugin.class>com.example.iopf.prefetch.PrefetchPagingPlugin</plugin.class>|<plugin.class>${package}.${className}Plugin</plugin.class>|' \
    -e 's|builds target/prefetch-paging-plugin-<version>-plugin.zip|builds target/<artifactId>-<version>-plugin.zip|' \
    -e 's|<iopf.version>0.1.0-SNAPSHOT</iopf.version>|<iopf.version>${iopfVersion}</iopf.version>|' \
    "$example"/pom.xml > "$out"/pom.xml
if [[ "$out" != "$committed" ]]; then
    diff -r "$committed" "$out" || { echo "archetype resources differ from the example: run $0" >&2; exit 1; }
    echo "archetype resources match the example"
fi
