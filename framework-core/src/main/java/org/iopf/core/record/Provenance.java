package org.iopf.core.record;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What produced a run besides its platform: the iopf version, the command line, the plugins
 * whose types it used, and when it was recorded.
 *
 * @param iopfVersion the iopf version ({@code 0.1.0}, or {@code development build})
 * @param apiVersion the plugin API version
 * @param commandLine the arguments of the {@code iopf} command that ran it
 * @param plugins the plugins the run leased
 * @param recordedAt when it was recorded (written in UTC)
 * @since 0.1
 */
public record Provenance(String iopfVersion, String apiVersion, List<String> commandLine,
        List<PluginRecord> plugins, Instant recordedAt) {
    /** Checks arguments and copies the lists. */
    public Provenance {
        Objects.requireNonNull(iopfVersion, "iopfVersion is null");
        Objects.requireNonNull(apiVersion, "apiVersion is null");
        commandLine = List.copyOf(commandLine);
        plugins = List.copyOf(plugins);
        Objects.requireNonNull(recordedAt, "recordedAt is null");
    }

    /** This provenance, recorded at {@code instant}. */
    public Provenance at(Instant instant) {
        return new Provenance(iopfVersion, apiVersion, commandLine, plugins, instant);
    }
}
