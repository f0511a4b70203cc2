package org.iopf.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.PlatformFileReader;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.record.Provenance;
import org.iopf.core.record.RunConfiguration;
import org.iopf.core.sweep.Sweep;
import org.iopf.core.sweep.SweepPoint;

/**
 * The record of what produced each run of a sweep ({@link RunConfiguration}): its point's
 * platform resolved, its values told from the base file's as overridden, the command line and the
 * plugins any point uses, each named by its zip's SHA-256 (read once per sweep).
 */
final class SweepRecords {
    private final ExtensionRegistry registry;
    private final Scenario base;
    private final Provenance provenance;

    SweepRecords(Sweep sweep, PluginHost host, List<String> commandLine) {
        this.registry = host.registry();
        this.base = new PlatformFileReader(registry).read(Path.of(sweep.base()));
        Set<String> plugins = new TreeSet<>();
        for (SweepPoint point : sweep.points()) {
            plugins.addAll(ScenarioExecutor.pluginsUsed(point.scenario(), registry));
        }
        this.provenance = RunRecords.provenance(host, plugins, commandLine);
    }

    /** The record of {@code run}, as JSON text, recorded now. */
    String of(SweepRun run) {
        return RunConfiguration.toJson(run.scenario(), base, registry, provenance.at(Instant.now()));
    }
}
