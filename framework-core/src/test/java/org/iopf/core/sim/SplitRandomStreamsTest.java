package org.iopf.core.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

final class SplitRandomStreamsTest {
    @Test
    void samePathAndSeedGiveTheSameSequence() {
        assertThat(draw(new SplitRandomStreams(7).stream("node1/nic0")))
                .containsExactly(draw(new SplitRandomStreams(7).stream("node1/nic0")));
    }

    @Test
    void eachCallStartsAtTheBeginningOfTheStream() {
        SplitRandomStreams streams = new SplitRandomStreams(7);
        RandomGenerator first = streams.stream("node1/nic0");
        first.nextLong();
        assertThat(draw(streams.stream("node1/nic0"))).containsExactly(draw(new SplitRandomStreams(7).stream("node1/nic0")));
    }

    @Test
    void differentPathsOrSeedsGiveDifferentSequences() {
        SplitRandomStreams streams = new SplitRandomStreams(7);
        long[] nic0 = draw(streams.stream("node1/nic0"));
        assertThat(draw(streams.stream("node1/nic1"))).isNotEqualTo(nic0);
        assertThat(draw(streams.stream("node2/nic0"))).isNotEqualTo(nic0);
        assertThat(draw(new SplitRandomStreams(8).stream("node1/nic0"))).isNotEqualTo(nic0);
    }

    @Test
    void usingOtherPathsDoesNotPerturbAStream() {
        SplitRandomStreams alone = new SplitRandomStreams(99);
        long[] expected = draw(alone.stream("node1/smmu"));

        SplitRandomStreams crowded = new SplitRandomStreams(99);
        RandomGenerator other = crowded.stream("node1/dma0");
        other.nextLong();
        RandomGenerator smmu = crowded.stream("node1/smmu");
        crowded.stream("node3/new-component").nextLong();
        other.nextLong();
        assertThat(draw(smmu)).containsExactly(expected);
    }

    @Test
    void streamSeedIsStableAcrossRuns() {
        // Pinned so that a change of hash (which would change every published result) is noticed.
        assertThat(SplitRandomStreams.streamSeed(1, "node1/nic0")).isEqualTo(-7916024166480079632L);
        assertThat(new SplitRandomStreams(1).stream("node1/nic0").nextLong()).isEqualTo(-314967767410935388L);
        assertThat(SplitRandomStreams.streamSeed(1, "a")).isNotEqualTo(SplitRandomStreams.streamSeed(1, "b"));
        assertThat(new SplitRandomStreams(5).seed()).isEqualTo(5);
        assertThatThrownBy(() -> new SplitRandomStreams(1).stream(null)).hasMessage("path is null");
    }

    private static long[] draw(RandomGenerator random) {
        long[] values = new long[16];
        for (int i = 0; i < values.length; i++) {
            values[i] = random.nextLong();
        }
        return values;
    }
}
