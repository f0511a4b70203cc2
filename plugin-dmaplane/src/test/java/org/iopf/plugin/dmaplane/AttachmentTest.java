package org.iopf.plugin.dmaplane;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.buffer.Attachment;
import org.iopf.api.buffer.BufferSpec;
import org.iopf.api.buffer.SgEntry;
import org.iopf.api.mem.Access;
import org.iopf.api.mem.AddressSpace;
import org.junit.jupiter.api.Test;

/** E2: every importer gets its own scatter-gather table, covering the buffer's physical pages. */
final class AttachmentTest {
    private final TestPlatform platform = TestPlatform.oneNode("{numa: [1GiB]}", "{}");
    private final Dmaplane dmaplane = platform.device("node1");
    private final AddressSpace process = platform.process("node1", "app");

    @Test
    void eachImporterHasItsOwnTableOfTheSamePages() {
        DmaplaneBuffer b = (DmaplaneBuffer) dmaplane.allocate(process, BufferSpec.data(3 * 4096 + 100)).requireBuffer();
        Attachment nic = dmaplane.attach(b, "node1/nic0");
        Attachment gpu = dmaplane.attach(b, "node1/gpu0");
        assertThat(nic.scatterGatherTable()).isNotSameAs(gpu.scatterGatherTable());
        assertThat(nic.scatterGatherTable()).isEqualTo(gpu.scatterGatherTable());
        assertThat(nic.importer()).isEqualTo("node1/nic0");
        assertThat(nic.scatterGatherTable().stream().mapToLong(SgEntry::length).sum()).isEqualTo(b.size());
        long offset = 0;
        for (SgEntry e : nic.scatterGatherTable()) {
            assertThat(e.address()).isEqualTo(dmaplane.memory().translate(process, b.address() + offset, Access.READ).orElse(-1));
            offset += e.length();
        }
        dmaplane.detach(nic);
        assertThat(b.attachments()).isEqualTo(1);
        assertThat(gpu.buffer()).isSameAs(b);
        assertThatThrownBy(() -> dmaplane.detach(nic)).isInstanceOf(IllegalArgumentException.class);
        dmaplane.detach(gpu);
        assertThat(b.refCount()).isEqualTo(1);
    }
}
