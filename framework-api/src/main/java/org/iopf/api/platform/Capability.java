package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.STABLE;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * What a component offers beyond the interface of its role, declared by its
 * {@link ComponentType#capabilities()} so that validation can tell, before anything runs,
 * whether a node can serve a workload that needs it ({@link NodeRequirement#capability}).
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public enum Capability {
    /** A NIC with verbs: protection domains, memory registration and RC queue pairs. */
    VERBS(Role.NIC, "verbs"),
    /**
     * A NIC that registers memory on demand, without pinning, and resolves its own page faults on
     * it (ODP, NPF).
     */
    ON_DEMAND_REGISTRATION(Role.NIC, "on-demand registration"),
    /**
     * A fault handler that resolves faults (faults pages in and retries them), not one that only
     * terminates them: a device that resends what faulted (a NIC's transport) needs it to make
     * progress.
     */
    FAULT_RESOLUTION(Role.FAULT_HANDLER, "fault resolution");

    private final Role role;
    private final String label;

    Capability(Role role, String label) {
        this.role = role;
        this.label = label;
    }

    /** The role whose component offers it. */
    public Role role() {
        return role;
    }

    /** How messages name it ({@code on-demand registration}). */
    public String label() {
        return label;
    }

    /**
     * What a component type that declares none is taken to offer, as the testkit's contracts
     * assume: a NIC has verbs, a fault handler resolves faults; on-demand registration is never
     * assumed.
     *
     * @param roles the type's roles, not null
     * @return a new set
     */
    public static Set<Capability> assumedFor(Set<Role> roles) {
        Objects.requireNonNull(roles, "roles is null");
        Set<Capability> assumed = EnumSet.noneOf(Capability.class);
        if (roles.contains(Role.NIC)) {
            assumed.add(VERBS);
        }
        if (roles.contains(Role.FAULT_HANDLER)) {
            assumed.add(FAULT_RESOLUTION);
        }
        return assumed;
    }
}
