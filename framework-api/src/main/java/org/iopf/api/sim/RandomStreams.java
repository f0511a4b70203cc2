package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.random.RandomGenerator;
import org.apiguardian.api.API;

/**
 * Independent random streams split from the run's seed by a path ({@code node1/nic0}), so that
 * adding a component does not perturb the random numbers that the others see.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface RandomStreams {
    /** The run's seed. */
    long seed();

    /**
     * The stream for {@code path}: the same seed and path always give the same sequence. Each
     * call returns a new generator positioned at the start of the stream.
     */
    RandomGenerator stream(String path);
}
