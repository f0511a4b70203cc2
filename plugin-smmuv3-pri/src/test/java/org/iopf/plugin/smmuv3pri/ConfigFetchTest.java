package org.iopf.plugin.smmuv3pri;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.iopf.testkit.TestBench;
import org.junit.jupiter.api.Test;

/** STE and CD lookup from tables in memory, linear and 2-level, and the C_BAD_* events. */
final class ConfigFetchTest {
    private static ModelledMemory memory() {
        TestBench bench = TestBench.of("""
                nodes:
                  - name: node1
                    cores: [{cluster: cpu, count: 1}]
                    memory: {numa: [64MiB]}
                """);
        return new ModelledMemory(bench.memoryManager("node1").physicalMemory());
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aStreamsStageOneCdIsFoundThroughItsSte(boolean twoLevel) {
        ModelledMemory m = memory();
        StreamTableWriter st = new StreamTableWriter(m, twoLevel, 12, 4);
        st.writeSte(0x301, false, true);
        st.writeCd(0x301, 0, 0x1000_0000L, 7, false);
        st.writeCd(0x301, 3, 0x2000_0000L, 9, true);
        ConfigFetch f = new ConfigFetch(m);
        f.program(st.base(), st.baseCfg());

        StreamConfig noPasid = f.lookup(0x301, -1);
        StreamConfig pasid3 = f.lookup(0x301, 3);

        assertThat(noPasid.valid()).isTrue();
        assertThat(noPasid.ttb0()).isEqualTo(0x1000_0000L);
        assertThat(noPasid.asid()).isEqualTo(7);
        assertThat(noPasid.reads()).isEqualTo(twoLevel ? 5 : 4);
        assertThat(noPasid.stalls()).isFalse();
        assertThat(pasid3.ttb0()).isEqualTo(0x2000_0000L);
        assertThat(pasid3.asid()).isEqualTo(9);
        assertThat(pasid3.inputBits()).isEqualTo(48);
        assertThat(f.lookup(0x301, 3).reads()).as("cached").isZero();
    }

    @Test
    void badStreamsSubstreamsAndCdsRaiseTheirEvents() {
        ModelledMemory m = memory();
        StreamTableWriter st = new StreamTableWriter(m, true, 12, 4);
        st.writeSte(1, false, false);
        st.writeCd(1, 0, 0x1000, 1, true);
        ConfigFetch f = new ConfigFetch(m);
        f.program(st.base(), st.baseCfg());

        assertThat(f.lookup(1 << 12, -1).event()).isEqualTo(Regs.EVT_C_BAD_STREAMID);
        assertThat(f.lookup(0x700, -1).event()).as("no level-2 table").isEqualTo(Regs.EVT_C_BAD_STREAMID);
        assertThat(f.lookup(2, -1).event()).as("an STE never written").isEqualTo(Regs.EVT_C_BAD_STE);
        assertThat(f.lookup(1, 16).event()).isEqualTo(Regs.EVT_C_BAD_SUBSTREAMID);
        assertThat(f.lookup(1, 5).event()).isEqualTo(Regs.EVT_C_BAD_CD);
        assertThat(f.lookup(1, -1).stalls()).isTrue();
    }

    @Test
    void aRewrittenSteIsSeenOnlyAfterCfgiSte() {
        ModelledMemory m = memory();
        StreamTableWriter st = new StreamTableWriter(m, false, 8, 2);
        st.writeSte(4, false, true);
        st.writeCd(4, 0, 0x1000, 1, false);
        ConfigFetch f = new ConfigFetch(m);
        f.program(st.base(), st.baseCfg());
        assertThat(f.lookup(4, -1).valid()).isTrue();

        st.abortSte(4);
        assertThat(f.lookup(4, -1).valid()).as("still cached").isTrue();
        f.invalidateStream(4);
        assertThat(f.lookup(4, -1).event()).isEqualTo(Regs.EVT_C_BAD_STE);
    }
}
