package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * Resources of one node: its CPU cores and a factory for the bandwidth resources that its
 * components own. Obtained from {@link org.iopf.api.platform.ComponentContext#resources()}.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Resources {
    /**
     * Creates a bandwidth resource owned by the caller.
     *
     * @param name its name within the node, unique; a duplicate is an {@link IllegalArgumentException}
     * @param rate its rate, not null
     */
    BandwidthResource bandwidth(String name, DataRate rate);

    /** All cores of the node, in declaration order. */
    List<CpuCore> cores();

    /** The cores of one cluster ({@code a53}), possibly empty. */
    List<CpuCore> cores(String cluster);

    /** The core with this name, if any. */
    Optional<CpuCore> core(String name);

    /** The core with this name, or an {@link IllegalArgumentException} naming the known cores. */
    default CpuCore requireCore(String name) {
        return core(name).orElseThrow(() -> new IllegalArgumentException(
                "no CPU core '" + name + "'; cores are " + cores().stream().map(CpuCore::name).toList()));
    }
}
