package org.iopf.core.mem;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.TreeMap;
import org.iopf.api.mem.AddressSpace;

/** The processes of a memory manager by pid, and the next pid to give. */
final class ProcessTable {
    private final TreeMap<Integer, ProcessAddressSpace> spaces = new TreeMap<>();
    private int nextPid = 1;
    /** The process {@link #own} found last: most calls name the same one, found by identity, unboxed. */
    private ProcessAddressSpace lastOwned;

    /** A new process with an empty address space (not yet registered). */
    ProcessAddressSpace newProcess(String name) {
        return new ProcessAddressSpace(nextPid++, name, DemandPagingMemoryManager.FIRST_MAP_VA);
    }

    void register(ProcessAddressSpace space) {
        spaces.put(space.pid(), space);
        lastOwned = null;
    }

    Optional<AddressSpace> find(int pid) {
        return Optional.ofNullable(spaces.get(pid));
    }

    /** Whether {@code space} is this table's process of its pid. */
    boolean owns(ProcessAddressSpace space) {
        return spaces.get(space.pid()) == space;
    }

    /** {@code space} as this table's process, or an error when it belongs to another manager. */
    ProcessAddressSpace own(AddressSpace space) {
        requireNonNull(space, "space is null");
        if (space == lastOwned) {
            return lastOwned;
        }
        ProcessAddressSpace p = spaces.get(space.pid());
        if (p != space) {
            throw new IllegalArgumentException(space + " does not belong to this memory manager");
        }
        lastOwned = p;
        return p;
    }

    int size() {
        return spaces.size();
    }
}
