package org.iopf.core.plugin;

import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.iopf.api.platform.ComponentType;
import org.iopf.api.workload.WorkloadType;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Library;

/** What the host keeps about one plugin. Holds extension instances only while started. */
final class PluginEntry {
    final String id;
    final Path source;
    final FileTime modifiedAtLoad;
    final String version;
    final String requires;
    final String description;
    PluginStatus status = PluginStatus.RESOLVED;
    boolean loaded;
    boolean reportedMissing;
    String failure;
    List<ComponentType> types = List.of();
    List<WorkloadType> workloads = List.of();
    List<Object> otherExtensions = List.of();
    List<String> componentNames = List.of();
    List<String> workloadNames = List.of();

PluginEntry(String id, Path source, FileTime modifiedAtLoad, String version, String requires, String description) {
        this.id = id;
        this.source = source;
        this.modifiedAtLoad = modifiedAtLoad;
        this.version = version;
        this.requires = requires;
        this.description = description;
    }

    Optional<FileTime> modified() {
        return Optional.ofNullable(modifiedAtLoad);
    }

    String sourceLabel() {
        return "plugin " + id + " " + version;
    }

    void registerInto(ExtensionRegistry registry) {
        Library library = new Library(id, version == null || version.isBlank() ? "unversioned" : version);
        for (ComponentType type : types) {
            registry.register(type, sourceLabel(), Optional.of(id), library);
        }
        for (WorkloadType type : workloads) {
            registry.registerWorkload(type, sourceLabel(), Optional.of(id), library);
        }
        for (Object extension : otherExtensions) {
            registry.registerExtension(extension, sourceLabel(), Optional.of(id));
        }
    }

    void dropExtensions() {
        types = List.of();
        workloads = List.of();
        otherExtensions = List.of();
    }
}
