package org.iopf.core.platform;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

final class NearestNameTest {
    private static final List<String> KEYS = List.of("name", "description", "seed", "fabric", "nodes", "workload");

    @Test
    void aTypoGetsTheNearestName() {
        assertThat(NearestName.suggest("worklaod", KEYS)).contains("workload");
        assertThat(NearestName.suggest("NODES", KEYS)).contains("nodes");
        assertThat(NearestName.hint("sed", KEYS)).isEqualTo(" (did you mean 'seed'?)");
    }

    @Test
    void aNameFarFromEveryCandidateGetsNone() {
        assertThat(NearestName.suggest("memory", KEYS)).isEmpty();
    }

    @Test
    void aNameMuchLongerOrShorterThanEveryCandidateGetsNone() {
        assertThat(NearestName.suggest("w".repeat(10 << 20), KEYS)).isEmpty();
        assertThat(NearestName.suggest("workloadworkloadworkload", KEYS)).isEmpty();
        assertThat(NearestName.suggest("workloa", List.of("w"))).isEmpty();
    }
}
