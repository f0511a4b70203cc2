package org.iopf.core.sweep;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A cluster of machines that run a sweep's points, as a cluster file describes it
 * ({@link org.iopf.core.platform.file.ClusterFileReader}): its name, the members to join, and the
 * port and address a member of this machine listens on.
 *
 * @param name the cluster's name; members join only a cluster of their name
 * @param members the members' addresses, {@code host:port}, in the file's order; at least one
 * @param port the port a member listens on (the next free one up from it, unless pinned)
 * @param networkInterface the address a member binds and announces ({@code 127.0.0.1} by default)
 * @since 0.1
 */
public record ClusterSpec(String name, List<Member> members, int port, String networkInterface) {
    /** The name of a cluster whose file gives none. */
    public static final String DEFAULT_NAME = "iopf";
    /** The port of a member whose file gives none. */
    public static final int DEFAULT_PORT = 5701;
    /** The address a member binds unless its file says otherwise: loopback, seen by this machine only. */
    public static final String DEFAULT_INTERFACE = "127.0.0.1";

    /** Checks arguments. */
    public ClusterSpec {
        requireNonNull(name, "name is null");
        members = List.copyOf(members);
        requireNonNull(networkInterface, "networkInterface is null");
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one member");
        }
        checkPort(port);
    }

    /**
     * A member's address.
     *
     * @param host a host name or IP address, not blank
     * @param port 1 to 65535
     */
    public record Member(String host, int port) {
        /** Checks arguments. */
        public Member {
            requireNonNull(host, "host is null");
            if (host.isBlank()) {
                throw new IllegalArgumentException("host is blank");
            }
            checkPort(port);
        }

        /** {@code host:port}. */
        @Override
        public String toString() {
            return host + ":" + port;
        }
    }

    private static void checkPort(int port) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port must be 1 to 65535: " + port);
        }
    }
}
