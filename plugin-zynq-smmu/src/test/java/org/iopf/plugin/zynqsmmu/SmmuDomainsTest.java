package org.iopf.plugin.zynqsmmu;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.mem.AddressSpace;
import org.iopf.api.mem.PageTableEntry;
import org.iopf.api.mem.Vma;
import org.junit.jupiter.api.Test;

/** {@link SmmuDomains}: what the hardware learns of a bank's owner when it records a fault. */
final class SmmuDomainsTest {
    private final SmmuDomains domains = new SmmuDomains();

    private static AddressSpace process(int pid) {
        return new AddressSpace() {
            @Override
            public int pid() {
                return pid;
            }

            @Override
            public String name() {
                return "p" + pid;
            }

            @Override
            public List<Vma> vmas() {
                return List.of();
            }

            @Override
            public Optional<Vma> vma(long va) {
                return Optional.empty();
            }

            @Override
            public Optional<PageTableEntry> entry(long va) {
                return Optional.empty();
            }

            @Override
            public long residentBytes() {
                return 0;
            }
        };
    }

    @Test
    void aBankNamesTheDomainGivenItAndTheProcessAttachedToIt() {
        domains.add(new DomainId(7), 3).space = process(42);
        domains.add(new DomainId(9), 4);

        assertThat(domains.domainOf(3)).isEqualTo(new DomainId(7));
        assertThat(domains.pidOf(3)).hasValue(42);
        assertThat(domains.pidOf(4)).isEmpty();
        assertThat(domains.bankOf(new DomainId(9))).hasValue(4);
        assertThat(domains.holds(4)).isTrue();
        assertThat(domains.holds(5)).isFalse();
    }

    @Test
    void aBankNoDomainHoldsIsNamedAfterItselfAndAFaultOutsideAnyBankAfterDomainZero() {
        assertThat(domains.domainOf(5)).isEqualTo(new DomainId(5));
        assertThat(domains.domainOf(-1)).isEqualTo(new DomainId(0));
        assertThat(domains.pidOf(-1)).isEmpty();
        assertThat(domains.bankOf(new DomainId(1))).isEmpty();
        assertThat(domains.find(new DomainId(1))).isNull();
    }
}
