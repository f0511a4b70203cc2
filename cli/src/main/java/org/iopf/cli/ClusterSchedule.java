package org.iopf.cli;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which member runs which run of a sweep on a cluster, kept by the coordinator alone (one thread,
 * no locks, no Hazelcast): a run is handed to one member at a time, within the member's worker
 * slots; it goes back to the queue if its member leaves or its call is lost before its row is
 * back, and to another member if its member refuses it (it lacks a plugin); it is done with the
 * first row that comes back for it, and every later row for it is dropped, so no run is recorded
 * twice. A member whose call was lost gets nothing more (it is gone or cut off).
 */
final class ClusterSchedule {
    /** A run handed to a member. */
    record Assignment(String key, String member) {
    }

    private final Deque<String> pending = new ArrayDeque<>();
    private final Map<String, String> running = new HashMap<>();
    private final Set<String> done = new HashSet<>();
    private final Map<String, Integer> slots = new LinkedHashMap<>();
    private final Map<String, Integer> busy = new HashMap<>();
    private final Set<String> lostMembers = new HashSet<>();
    private final Map<String, Set<String>> refusedBy = new HashMap<>();
    private final int total;

    /** A schedule of the runs {@code keys} (point id and replication), each once. */
    ClusterSchedule(List<String> keys) {
        if (new HashSet<>(keys).size() != keys.size()) {
            throw new IllegalArgumentException("a run is listed twice: " + keys);
        }
        pending.addAll(keys);
        this.total = keys.size();
    }

    /** A member that runs {@code workerSlots} runs at once joined. */
    void memberJoined(String member, int workerSlots) {
        Objects.requireNonNull(member, "member is null");
        if (workerSlots < 1) {
            throw new IllegalArgumentException("a member needs at least one worker slot: " + workerSlots);
        }
        slots.putIfAbsent(member, workerSlots);
    }

    /** A member left: its unfinished runs go back to the front of the queue; the runs given back. */
    List<String> memberLeft(String member) {
        slots.remove(member);
        busy.remove(member);
        List<String> back = new ArrayList<>();
        running.entrySet().removeIf(e -> {
            if (e.getValue().equals(member)) {
                back.add(e.getKey());
                return true;
            }
            return false;
        });
        back.forEach(pending::addFirst);
        return back;
    }

    /** The call of {@code key} to {@code member} was lost: the run goes back, the member gets no more. */
    void lost(String key, String member) {
        lostMembers.add(member);
        if (member.equals(running.get(key))) {
            running.remove(key);
            release(member);
            pending.addFirst(key);
        }
    }

    /**
     * Hands out queued runs to members with free slots (the member with the most free slots first)
     * that have neither refused the run nor lost a call.
     */
    List<Assignment> assign() {
        List<Assignment> out = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        while (!pending.isEmpty()) {
            String key = pending.poll();
            if (done.contains(key)) {
                continue;
            }
            Optional<String> member = freest(refusedBy.getOrDefault(key, Set.of()));
            if (member.isEmpty()) {
                skipped.add(key);
                if (freest(Set.of()).isEmpty()) {
                    break;
                }
                continue;
            }
            running.put(key, member.get());
            busy.merge(member.get(), 1, Integer::sum);
            out.add(new Assignment(key, member.get()));
        }
        for (int i = skipped.size() - 1; i >= 0; i--) {
            pending.addFirst(skipped.get(i));
        }
        return out;
    }

    private Optional<String> freest(Set<String> excluded) {
        String best = null;
        int bestFree = 0;
        for (Map.Entry<String, Integer> e : slots.entrySet()) {
            int free = e.getValue() - busy.getOrDefault(e.getKey(), 0);
            if (free > bestFree && !excluded.contains(e.getKey()) && !lostMembers.contains(e.getKey())) {
                best = e.getKey();
                bestFree = free;
            }
        }
        return Optional.ofNullable(best);
    }

    /**
     * A row for {@code key} came back from {@code member}.
     *
     * @return whether it is the run's first row, to record; false for a row of a run done already
     */
    boolean accept(String key, String member) {
        if (member.equals(running.get(key))) {
            running.remove(key);
            release(member);
        }
        if (!done.add(key)) {
            return false;
        }
        String elsewhere = running.remove(key);
        if (elsewhere != null) {
            release(elsewhere);
        }
        return true;
    }

    /**
     * {@code member} refused {@code key}: the run goes back for the other members.
     *
     * @return whether every member now in the cluster has refused it (then it has failed: record it
     *     with the refusal as its message, through {@link #accept})
     */
    boolean refused(String key, String member) {
        if (member.equals(running.get(key))) {
            running.remove(key);
            release(member);
        }
        if (done.contains(key)) {
            return false;
        }
        Set<String> refusers = refusedBy.computeIfAbsent(key, k -> new HashSet<>());
        refusers.add(member);
        boolean everyone = slots.keySet().stream().filter(m -> !lostMembers.contains(m)).allMatch(refusers::contains);
        if (!everyone && !running.containsKey(key) && !pending.contains(key)) {
            pending.addFirst(key);
        }
        return everyone;
    }

    private void release(String member) {
        busy.computeIfPresent(member, (m, n) -> n > 1 ? n - 1 : null);
    }

    /** Whether every run has its row. */
    boolean finished() {
        return done.size() == total;
    }

    /** Whether some member can take runs now. */
    boolean hasMembers() {
        return slots.keySet().stream().anyMatch(m -> !lostMembers.contains(m));
    }

    /** The worker slots of the members that can take runs. */
    int workers() {
        return slots.entrySet().stream().filter(e -> !lostMembers.contains(e.getKey())).mapToInt(Map.Entry::getValue)
                .sum();
    }

    /** The runs handed out and not back yet. */
    int running() {
        return running.size();
    }
}
