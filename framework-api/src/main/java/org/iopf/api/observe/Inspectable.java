package org.iopf.api.observe;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A component that offers text views of its inner state, for people rather than metrics: an
 * IOMMU's per-bank register dump, a fault log, a buffer table. A component opts in by having the
 * object that fills its role implement this interface too ({@code Mmu500Iommu implements Iommu,
 * Inspectable}).
 *
 * <p>The framework renders every view of every inspectable component when a run ends, so the CLI
 * ({@code iopf run --inspect node1/smmu}) and the shell ({@code inspect node1/smmu registers}) can
 * show them after the simulation is gone. Rendering must not change the component's state or the
 * simulation.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Inspectable {
    /**
     * The names of the views this component offers, in display order ({@code registers},
     * {@code faults}); never null, may be empty.
     */
    List<String> views();

    /**
     * Renders one view as lines of text, without trailing newlines.
     *
     * @param view one of {@link #views()}, not null
     * @return the lines, never null
     * @throws IllegalArgumentException if {@code view} is not one of {@link #views()}
     */
    List<String> render(String view);
}
