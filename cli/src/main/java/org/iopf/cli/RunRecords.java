package org.iopf.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.iopf.api.ApiVersion;
import org.iopf.core.platform.Scenario;
import org.iopf.core.plugin.PluginCache;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginInfo;
import org.iopf.core.record.PluginRecord;
import org.iopf.core.record.Provenance;
import org.iopf.core.record.RunConfiguration;

/**
 * Makes the record of what produced a run ({@link RunConfiguration}) from what this process knows:
 * its version, its command line and the plugins the host loaded, each named by its zip's SHA-256.
 */
final class RunRecords {
    /** The record's file name beside a run's results. */
    static final String FILE = "config.json";

    private RunRecords() {
    }

    /** The provenance of runs that use {@code pluginIds} of {@code host}, recorded now. */
    static Provenance provenance(PluginHost host, Set<String> pluginIds, List<String> commandLine) {
        List<PluginRecord> plugins = new ArrayList<>();
        for (PluginInfo plugin : host.plugins()) {
            if (pluginIds.contains(plugin.id())) {
                Optional<String> sha256 = Files.isRegularFile(plugin.path())
                        ? Optional.of(PluginCache.sha256(plugin.path())) : Optional.empty();
                plugins.add(new PluginRecord(plugin.id(), plugin.version(), sha256, plugin.path().toString()));
            }
        }
        return new Provenance(IopfCommand.Version.iopfVersion(), ApiVersion.CURRENT, commandLine, plugins,
                Instant.now());
    }

    /**
     * Writes {@code config.json} for a run of {@code run} into {@code folder}.
     *
     * @param written the scenario as its file wrote it, before {@code --seed} and {@code --set}
     * @return the file written
     */
    static Path write(Path folder, Scenario run, Scenario written, PluginHost host, List<String> commandLine) {
        Path file = folder.resolve(FILE);
        Provenance provenance = provenance(host, ScenarioExecutor.pluginsUsed(run, host.registry()), commandLine);
        RunConfiguration.write(run, written, host.registry(), provenance, file);
        return file;
    }
}
