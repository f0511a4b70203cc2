package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.iopf.cli.ClusterSchedule.Assignment;
import org.junit.jupiter.api.Test;

/** Handing runs to members: slots, members that leave, lost calls, refusals, duplicate rows. */
final class ClusterScheduleTest {
    @Test
    void runsAreHandedOutWithinEachMembersSlotsAndMoreAsRowsComeBack() {
        ClusterSchedule schedule = new ClusterSchedule(List.of("a/0", "b/0", "c/0", "d/0"));
        assertThat(schedule.assign()).isEmpty();
        schedule.memberJoined("m1", 2);
        schedule.memberJoined("m2", 1);
        List<Assignment> first = schedule.assign();
        assertThat(first).containsExactly(new Assignment("a/0", "m1"), new Assignment("b/0", "m1"),
                new Assignment("c/0", "m2"));
        assertThat(schedule.assign()).isEmpty();
        assertThat(schedule.accept("c/0", "m2")).isTrue();
        assertThat(schedule.assign()).containsExactly(new Assignment("d/0", "m2"));
        assertThat(schedule.accept("a/0", "m1")).isTrue();
        assertThat(schedule.accept("b/0", "m1")).isTrue();
        assertThat(schedule.finished()).isFalse();
        assertThat(schedule.accept("d/0", "m2")).isTrue();
        assertThat(schedule.finished()).isTrue();
    }

    @Test
    void theRunsOfAMemberThatLeavesRunElsewhereAndItsLateRowIsDropped() {
        ClusterSchedule schedule = new ClusterSchedule(List.of("a/0", "b/0", "c/0"));
        schedule.memberJoined("m1", 2);
        schedule.memberJoined("m2", 1);
        schedule.assign();
        assertThat(schedule.memberLeft("m1")).containsExactlyInAnyOrder("a/0", "b/0");
        assertThat(schedule.workers()).isEqualTo(1);
        assertThat(schedule.assign()).isEmpty();
        assertThat(schedule.accept("c/0", "m2")).isTrue();
        List<Assignment> again = schedule.assign();
        assertThat(again).hasSize(1).allMatch(a -> a.member().equals("m2"));
        assertThat(schedule.accept(again.get(0).key(), "m2")).isTrue();
        // the row of the member that left arrives after all: recorded once only
        assertThat(schedule.accept(again.get(0).key(), "m1")).isFalse();
        Assignment last = schedule.assign().get(0);
        assertThat(schedule.accept(last.key(), "m2")).isTrue();
        assertThat(schedule.finished()).isTrue();
        assertThat(schedule.running()).isZero();
    }

    @Test
    void aLostCallPutsTheRunBackAndTheMemberGetsNoMore() {
        ClusterSchedule schedule = new ClusterSchedule(List.of("a/0", "b/0"));
        schedule.memberJoined("m1", 1);
        schedule.memberJoined("m2", 1);
        assertThat(schedule.assign()).containsExactly(new Assignment("a/0", "m1"), new Assignment("b/0", "m2"));
        schedule.lost("a/0", "m1");
        assertThat(schedule.assign()).isEmpty();
        assertThat(schedule.accept("b/0", "m2")).isTrue();
        assertThat(schedule.assign()).containsExactly(new Assignment("a/0", "m2"));
        assertThat(schedule.hasMembers()).isTrue();
        schedule.lost("a/0", "m2");
        assertThat(schedule.hasMembers()).isFalse();
        schedule.memberJoined("m3", 1);
        assertThat(schedule.assign()).containsExactly(new Assignment("a/0", "m3"));
    }

    @Test
    void aRefusedRunGoesToAnotherMemberAndFailsWhenEveryMemberRefusedIt() {
        ClusterSchedule schedule = new ClusterSchedule(List.of("a/0", "b/0"));
        schedule.memberJoined("m1", 1);
        schedule.memberJoined("m2", 1);
        schedule.assign();
        assertThat(schedule.refused("a/0", "m1")).isFalse();
        assertThat(schedule.assign()).isEmpty();
        assertThat(schedule.accept("b/0", "m2")).isTrue();
        // m1 is free but refused a/0: it waits for m2
        assertThat(schedule.assign()).containsExactly(new Assignment("a/0", "m2"));
        assertThat(schedule.refused("a/0", "m2")).isTrue();
        assertThat(schedule.assign()).isEmpty();
        assertThat(schedule.accept("a/0", "m2")).isTrue();
        assertThat(schedule.finished()).isTrue();
    }

    @Test
    void everyRunGetsExactlyOneRowWhateverTheOrderOfDeparturesAndDuplicates() {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            keys.add("p" + i + "/0");
        }
        ClusterSchedule schedule = new ClusterSchedule(keys);
        schedule.memberJoined("m1", 3);
        schedule.memberJoined("m2", 2);
        List<String> recorded = new ArrayList<>();
        int round = 0;
        List<Assignment> inFlight = new ArrayList<>();
        while (!schedule.finished()) {
            inFlight.addAll(schedule.assign());
            round++;
            if (round == 3) {
                schedule.memberLeft("m1");
                schedule.memberJoined("m3", 4);
            }
            Assignment a = inFlight.remove(0);
            if (schedule.accept(a.key(), a.member())) {
                recorded.add(a.key());
            }
        }
        assertThat(recorded).hasSize(50).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(keys);
    }
}
