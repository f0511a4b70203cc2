package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;
import org.iopf.api.sim.DataRate;
import org.iopf.api.sim.ServiceTime;

/**
 * A component's parameter values, checked against its {@link ParameterSpec}s, with defaults filled
 * in. Asking for a parameter the type did not declare, or with the wrong type, is an
 * {@link IllegalArgumentException} that names the parameter and the component.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public interface Parameters {
    /** Whether the platform file set {@code name} explicitly (rather than taking the default). */
    boolean isSet(String name);

    /** A {@link ParameterType#BYTES} value in bytes. */
    long bytes(String name);

    /** A {@link ParameterType#DURATION} value in nanoseconds. */
    long duration(String name);

    /**
     * A {@link ParameterType#SERVICE_TIME} value: a constant or a distribution to draw from. This
     * default answers a constant from {@link #duration(String)}, for implementations that know no
     * distributions.
     *
     * @since 0.2
     */
    default ServiceTime serviceTime(String name) {
        return ServiceTime.constant(duration(name));
    }

    /** A {@link ParameterType#DATA_RATE} value. */
    DataRate rate(String name);

    /** An {@link ParameterType#INTEGER} value. */
    long integer(String name);

    /**
     * An {@link ParameterType#INTEGER} value that must fit an {@code int}.
     *
     * @throws IllegalArgumentException naming the parameter when the value does not fit (a range
     *     on the parameter's spec refuses such a value before anything runs)
     */
    default int intValue(String name) {
        long value = integer(name);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("parameter '" + name + "' is " + value + ", which does not fit an int ("
                    + Integer.MIN_VALUE + ".." + Integer.MAX_VALUE + ")");
        }
        return (int) value;
    }

    /** A {@link ParameterType#DECIMAL} value. */
    double decimal(String name);

    /** A {@link ParameterType#BOOLEAN} value. */
    boolean flag(String name);

    /** A {@link ParameterType#STRING} or {@link ParameterType#NODE} value. */
    String string(String name);

    /**
     * The value of a typed parameter key, given or defaulted ({@link Parameter}).
     *
     * @throws IllegalArgumentException if the owner does not declare {@code key}
     * @since 0.1
     */
    default <T> T get(Parameter<T> key) {
        return key.read(this);
    }
}
