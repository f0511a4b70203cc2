package org.iopf.core.platform;

import java.util.List;
import java.util.Objects;

/**
 * A platform file as read and validated: the platform to build, the workload to run on it, and
 * the expectations the run should meet.
 *
 * @param name the scenario's name (the file's {@code name:}, or its file name without extension)
 * @param description one paragraph saying what it shows; may be empty
 * @param source where it was read from ({@code examples/pinned-baseline.yaml}), for reports
 * @param platform the platform
 * @param workload the workload
 * @param expectations the {@code expect:} entries, in file order
 */
public record Scenario(String name, String description, String source, PlatformSpec platform, WorkloadSpec workload,
        List<Expectation> expectations) {
    /** Checks arguments. */
    public Scenario {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(description, "description is null");
        Objects.requireNonNull(source, "source is null");
        Objects.requireNonNull(platform, "platform is null");
        Objects.requireNonNull(workload, "workload is null");
        expectations = List.copyOf(expectations);
    }

    /** This scenario with another seed. */
    public Scenario withSeed(long seed) {
        return new Scenario(name, description, source, platform.withSeed(seed), workload, expectations);
    }
}
