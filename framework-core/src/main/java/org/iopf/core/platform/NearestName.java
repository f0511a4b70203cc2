package org.iopf.core.platform;

import java.util.Collection;
import java.util.Optional;

/**
 * Suggests the closest valid name for a typo, by edit distance.
 */
public final class NearestName {
    private NearestName() {
    }

    /**
     * The candidate closest to {@code name}, if any is close enough to be a plausible typo (an
     * edit distance of at most a third of the name's length, and at least 2 allowed). A candidate
     * whose length differs from the name's by more than that is not compared at all (its distance
     * is at least the difference), so a name of megabytes costs time linear in its length, not in
     * its length times every candidate's.
     */
    public static Optional<String> suggest(String name, Collection<String> candidates) {
        int allowed = Math.max(2, name.length() / 3);
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            if (Math.abs(candidate.length() - name.length()) > allowed) {
                continue;
            }
            int d = distance(lower, candidate.toLowerCase(java.util.Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        return bestDistance <= allowed ? Optional.ofNullable(best) : Optional.empty();
    }

    /** " (did you mean 'x'?)" or the empty string. */
    public static String hint(String name, Collection<String> candidates) {
        return suggest(name, candidates).map(s -> " (did you mean '" + s + "'?)").orElse("");
    }

    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
