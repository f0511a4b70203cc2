package org.iopf.core.sweep;

import static java.util.Objects.requireNonNull;

import java.util.List;
import org.iopf.core.platform.Scenario;

/**
 * One point of a sweep: the base platform with the point's axis values in place, read and checked
 * like a platform file.
 *
 * @param index the point's place in the sweep, 0-based (the last axis varies fastest)
 * @param id a hash of the point's resolved inputs (the platform and workload as written after the
 *     values are put in, with the seed; not its name, description or expectations): 16 hex digits
 * @param values the point's value of each axis of the sweep, in the sweep's axis order
 * @param label the values for people: {@code workload.params.messageSize=4KiB, nodes[1].nic0.params.mtu=2KiB}
 * @param scenario what to run: the base scenario with the values in place, the sweep's expectations
 *     that apply to this point, and the point's seed (replication 0)
 * @param settings where the sweep file wrote each value the point puts in, in the sweep's order (to place
 *     a problem found when the point is built or run)
 * @param platformText the point's platform file as YAML text, its values in place and without
 *     {@code expect:}: what another machine reads, with the platform file reader, to run the point
 *     (its {@link Scenario#source()} as the source)
 * @since 0.1
 */
public record SweepPoint(int index, String id, List<AxisValue> values, String label, Scenario scenario,
        List<SweepSetting> settings, String platformText) {
    /** Checks arguments. */
    public SweepPoint {
        requireNonNull(id, "id is null");
        values = List.copyOf(values);
        requireNonNull(label, "label is null");
        requireNonNull(scenario, "scenario is null");
        settings = List.copyOf(settings);
        requireNonNull(platformText, "platformText is null");
        if (index < 0) {
            throw new IllegalArgumentException("index must be >= 0: " + index);
        }
    }
}
