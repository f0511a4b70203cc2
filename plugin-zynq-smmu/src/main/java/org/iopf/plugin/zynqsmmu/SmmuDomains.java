package org.iopf.plugin.zynqsmmu;

import java.util.Objects;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.mem.AddressSpace;

/** The driver's protection domains: each one's context bank and the process it translates for. */
final class SmmuDomains implements BankOwners {
    /** A protection domain: its context bank and the process it translates for. */
    static final class Domain {
        final DomainId id;
        final int bank;
        AddressSpace space;

        Domain(DomainId id, int bank) {
            this.id = id;
            this.bank = bank;
        }
    }

    private final TreeMap<Integer, Domain> domains = new TreeMap<>();

    /** The domain, if it was given a bank. */
    Domain find(DomainId domain) {
        return domains.get(Objects.requireNonNull(domain, "domain is null").value());
    }

    Domain add(DomainId domain, int bank) {
        Domain d = new Domain(domain, bank);
        domains.put(domain.value(), d);
        return d;
    }

    /** Whether some domain holds {@code bank}. */
    boolean holds(int bank) {
        for (Domain d : domains.values()) {
            if (d.bank == bank) {
                return true;
            }
        }
        return false;
    }

    OptionalInt bankOf(DomainId domain) {
        Domain d = domains.get(domain.value());
        return d == null ? OptionalInt.empty() : OptionalInt.of(d.bank);
    }

    @Override
    public DomainId domainOf(int bank) {
        for (Domain d : domains.values()) {
            if (d.bank == bank) {
                return d.id;
            }
        }
        return new DomainId(Math.max(bank, 0));
    }

    @Override
    public OptionalInt pidOf(int bank) {
        for (Domain d : domains.values()) {
            if (d.bank == bank && d.space != null) {
                return OptionalInt.of(d.space.pid());
            }
        }
        return OptionalInt.empty();
    }
}
