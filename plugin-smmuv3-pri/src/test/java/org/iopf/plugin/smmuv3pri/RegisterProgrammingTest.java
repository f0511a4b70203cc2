package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.iopf.api.fault.FaultKind;
import org.iopf.api.fault.FaultRecord;
import org.iopf.api.fault.FaultResolution;
import org.iopf.api.fault.FaultResolutionListener;
import org.iopf.api.iommu.DomainId;
import org.iopf.api.iommu.StreamId;
import org.iopf.api.iommu.Translation;
import org.iopf.api.mem.Access;
import org.iopf.api.sim.ServiceTime;
import org.iopf.core.observe.MetricRegistry;
import org.iopf.testkit.TestBench;
import org.junit.jupiter.api.Test;

/**
 * Programs a bare {@link Smmuv3Hardware} the way Linux's arm-smmu-v3.c does — probe IDR0/IDR1/IDR5,
 * CR0 = 0 and CR0ACK, stream table and queue bases, CR0 enables one at a time, STE and CD written
 * as words in memory, CMD_CFGI_ALL + CMD_SYNC through CMDQ_PROD — then translates, takes a stalled
 * fault's event record out of the event queue by EVTQ_PROD/CONS and resumes it with CMD_RESUME.
 */
final class RegisterProgrammingTest {
    private final TestBench bench = TestBench.of("""
            nodes:
              - name: node1
                cores: [{cluster: cpu, count: 1}]
                memory: {numa: [64MiB]}
            """);
    private final ModelledMemory memory = new ModelledMemory(bench.memoryManager("node1").physicalMemory());
    private final SmmuSettings settings = new SmmuSettings(true, 16, 8, 8, 7, 7, 0, true, 128, 32, 8, 128,
            ServiceTime.constant(10), ServiceTime.constant(100), ServiceTime.constant(50), ServiceTime.constant(400),
            1_000_000, new SmmuPriFormat());
    private final Smmuv3Hardware smmu = new Smmuv3Hardware(bench.scheduler(), new SplittableRandom(1), settings,
            new SmmuStatistics(new MetricRegistry()), memory);
    private final List<String> interrupts = new ArrayList<>();

    private void connectDriver() {
        smmu.connect(new SmmuEvents() {
            @Override
            public FaultRecord event(long seq, int sid, long va, Access access, FaultKind kind, boolean stalled,
                    FaultResolutionListener device) {
                interrupts.add("evt" + seq);
                return new FaultRecord(seq, "test", new StreamId(sid), new DomainId(0), OptionalInt.empty(), va, access, kind,
                        bench.now());
            }

            @Override
            public FaultRecord pageRequest(long seq, int sid, int ssid, long va, Access access, int prgi, boolean last) {
                interrupts.add("pri" + seq);
                return null;
            }

            @Override
            public void syncDone() {
                interrupts.add("sync");
            }
        });
    }

    private void cr0(int bits) {
        smmu.writeRegister(Regs.CR0, bits);
        assertThat(smmu.readRegister(Regs.CR0ACK)).isEqualTo(bits);
    }

    private int cmdqProd;

    private void command(long w0, long w1) {
        long slot = (smmu.readRegister(Regs.CMDQ_BASE) & Regs.Q_BASE_ADDR_MASK) + 16L * (cmdqProd & 7);
        memory.write(slot, w0);
        memory.write(slot + 8, w1);
        cmdqProd = QueueIndex.next(cmdqProd, 3);
        smmu.writeRegister(Regs.CMDQ_PROD, cmdqProd);
    }

    @Test
    void theLinuxProbeAndResetSequenceThenATranslationAStallAndItsResume() {
        connectDriver();
        long idr0 = smmu.readRegister(Regs.IDR0);
        assertThat(Regs.field(idr0, 28, 27)).as("ST_LVL 2-level").isEqualTo(1);
        assertThat(Regs.field(idr0, 25, 24)).as("STALL_MODEL").isZero();
        assertThat(idr0 & (Regs.IDR0_PRI | Regs.IDR0_ATS | Regs.IDR0_S1P)).isEqualTo(
                Regs.IDR0_PRI | Regs.IDR0_ATS | Regs.IDR0_S1P);
        assertThat(Regs.field(idr0, 3, 2)).as("TTF AArch64").isEqualTo(2);
        long idr1 = smmu.readRegister(Regs.IDR1);
        assertThat(Regs.field(idr1, 25, 21)).as("CMDQS").isEqualTo(8);
        assertThat(Regs.field(idr1, 15, 11)).as("PRIQS").isEqualTo(7);
        assertThat(Regs.field(idr1, 5, 0)).as("SIDSIZE").isEqualTo(16);
        assertThat(smmu.readRegister(Regs.IDR5) & 7).as("OAS 48 bits").isEqualTo(5);

        cr0(0);
        long strtab = memory.coherent(64L << 8);
        smmu.writeRegister(Regs.STRTAB_BASE, strtab);
        smmu.writeRegister(Regs.STRTAB_BASE_CFG, 8);
        smmu.writeRegister(Regs.CMDQ_BASE, memory.coherent(16 << 3) | 3);
        smmu.writeRegister(Regs.CMDQ_PROD, 0);
        smmu.writeRegister(Regs.CMDQ_CONS, 0);
        cr0(Regs.CR0_CMDQEN);
        long evtq = memory.coherent(32 << 2);
        smmu.writeRegister(Regs.EVTQ_BASE, evtq | 2);
        cr0(Regs.CR0_CMDQEN | Regs.CR0_EVTQEN);
        cr0(Regs.CR0_CMDQEN | Regs.CR0_EVTQEN | Regs.CR0_SMMUEN);

        SvaTable table = new SvaTable(memory);
        long frame = memory.frame();
        table.set(0x1234_0000L, frame, true);
        long cds = memory.coherent(64 * 2);
        memory.write(cds + 8, table.root());
        memory.write(cds, 16 | Regs.CD0_V | Regs.CD0_AA64 | Regs.CD0_R | Regs.CD0_A | Regs.CD0_S | 0x42L << 48);
        memory.write(strtab + 64 * 9 + 8, 0);
        memory.write(strtab + 64 * 9, 1 | 0b101 << 1 | cds | 1L << 59);
        command(Regs.CMD_CFGI_ALL, 0);
        command(Regs.CMD_SYNC, 0);
        bench.run();
        assertThat(smmu.readRegister(Regs.CMDQ_CONS)).isEqualTo(2);
        assertThat(interrupts).containsExactly("sync");

        List<FaultResolution> heard = new ArrayList<>();
        Translation hit = smmu.translate(9, 0x1234_0abcL, Access.READ, (r, o) -> heard.add(o));
        assertThat(hit.isFault()).isFalse();
        assertThat(hit.address().getAsLong()).isEqualTo(frame + 0xabc);
        assertThat(hit.latencyNanos()).as("STE + CD fetch (4 reads) and a 4-read walk").isEqualTo(10 + 8 * 100);

        Translation miss = smmu.translate(9, 0x5000, Access.WRITE, (r, o) -> heard.add(o));
        assertThat(miss.isFault()).isTrue();
        assertThat(smmu.readRegister(Regs.EVTQ_PROD)).isEqualTo(1);
        long w0 = memory.read(evtq);
        long w1 = memory.read(evtq + 8);
        assertThat(w0 & 0xff).isEqualTo(Regs.EVT_F_TRANSLATION);
        assertThat(w0 >>> 32).isEqualTo(9);
        assertThat(w1 & Regs.EVT1_STALL).isNotZero();
        assertThat(w1 & Regs.EVT1_RNW).as("a write").isZero();
        assertThat(memory.read(evtq + 16)).isEqualTo(0x5000);
        smmu.writeRegister(Regs.EVTQ_CONS, 1);
        assertThat(smmu.stalledCount()).isEqualTo(1);

        command(Regs.CMD_RESUME | 9L << 32 | (long) Regs.RESUME_RETRY << 12, w1 & 0xffff);
        bench.run();
        assertThat(heard).containsExactly(FaultResolution.RETRY);
        assertThat(smmu.stalledCount()).isZero();
    }

    @Test
    void anUnknownCommandStopsTheQueueWithCmdqErrUntilTheDriverReplacesItAndAcknowledgesInGerrorn() {
        connectDriver();
        long cmdq = memory.coherent(16 << 3);
        smmu.writeRegister(Regs.CMDQ_BASE, cmdq | 3);
        cr0(Regs.CR0_CMDQEN);
        command(0x7f, 0);
        command(Regs.CMD_SYNC, 0);
        bench.run();

        long cons = smmu.readRegister(Regs.CMDQ_CONS);
        assertThat(Regs.field(cons, 30, 24)).isEqualTo(Regs.CERROR_ILL);
        assertThat(cons & 0xfffff).as("CONS stays at the bad command").isZero();
        long gerror = smmu.readRegister(Regs.GERROR);
        long gerrorn = smmu.readRegister(Regs.GERRORN);
        assertThat((gerror ^ gerrorn) & Regs.GERROR_CMDQ_ERR).as("GERROR.CMDQ_ERR active").isNotZero();
        assertThat(interrupts).as("the SYNC behind it is not consumed").isEmpty();

        command(Regs.CMD_SYNC, 0);
        bench.run();
        assertThat(interrupts).as("a PROD write does not restart a queue stopped by an error").isEmpty();

        // arm_smmu_gerror_handler + arm_smmu_cmdq_skip_err: CMD_SYNC over the bad command, then GERRORN = GERROR
        memory.write(cmdq + 16 * (cons & 7), Regs.CMD_SYNC);
        memory.write(cmdq + 16 * (cons & 7) + 8, 0);
        smmu.writeRegister(Regs.GERRORN, gerror);
        bench.run();

        assertThat(smmu.globalErrorActive(Regs.GERROR_CMDQ_ERR)).isFalse();
        assertThat(interrupts).as("the replacement and the two SYNCs behind it").containsExactly("sync", "sync", "sync");
        assertThat(smmu.readRegister(Regs.CMDQ_CONS)).as("CONS caught up with PROD, ERR cleared").isEqualTo(3);
    }

    @Test
    void anEventQueueWriteThatAbortsLosesTheRecordAndActivatesEvtqAbtErr() {
        connectDriver();
        smmu.writeRegister(Regs.CMDQ_BASE, memory.coherent(16 << 3) | 3);
        smmu.writeRegister(Regs.EVTQ_BASE, (bench.memoryManager("node1").physicalMemory().size() + (1 << 20)) | 2);
        cr0(Regs.CR0_CMDQEN | Regs.CR0_EVTQEN);
        cr0(Regs.CR0_CMDQEN | Regs.CR0_EVTQEN | Regs.CR0_SMMUEN);

        Translation t = smmu.translate(9, 0x5000, Access.READ, (r, o) -> { });

        assertThat(t.isFault()).isTrue();
        assertThat(smmu.readRegister(Regs.EVTQ_PROD)).as("nothing written").isZero();
        assertThat(interrupts).as("the transaction ends without a queued record (seq -1), as on a full queue")
                .containsExactly("evt-1");
        assertThat(smmu.globalErrorActive(Regs.GERROR_EVTQ_ABT_ERR)).isTrue();
        smmu.writeRegister(Regs.GERRORN, smmu.readRegister(Regs.GERROR));
        assertThat(smmu.globalErrorActive(Regs.GERROR_EVTQ_ABT_ERR)).isFalse();
    }
}
