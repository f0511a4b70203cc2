package org.iopf.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The seeds of {@code --seeds}: a seed ({@code 7}), a range ({@code 1..10}) or a comma list of
 * them ({@code 1..5,9}), in the order written, each seed once.
 */
final class SeedList {
    /** More runs per scenario than anyone means to ask for. */
    static final int MAX_SEEDS = 1000;

    private SeedList() {
    }

    /**
     * Parses {@code text}.
     *
     * @throws BadInputException naming the option and what was expected
     */
    static List<Long> parse(String option, String text) {
        Set<Long> seeds = new LinkedHashSet<>();
        for (String part : text.split(",", -1)) {
            String p = part.strip();
            int dots = p.indexOf("..");
            if (dots < 0) {
                seeds.add(number(option, text, p));
            } else {
                long from = number(option, text, p.substring(0, dots).strip());
                long to = number(option, text, p.substring(dots + 2).strip());
                if (to < from) {
                    throw new BadInputException(option + ": the range '" + p + "' runs backwards; write it as "
                            + to + ".." + from);
                }
                if (to - from >= MAX_SEEDS) {
                    throw new BadInputException(option + ": '" + p + "' is more than " + MAX_SEEDS + " seeds");
                }
                for (long s = from; s <= to; s++) {
                    seeds.add(s);
                }
            }
            if (seeds.size() > MAX_SEEDS) {
                throw new BadInputException(option + ": '" + text + "' is more than " + MAX_SEEDS + " seeds");
            }
        }
        return new ArrayList<>(seeds);
    }

    private static long number(String option, String text, String p) {
        try {
            return Long.parseLong(p);
        } catch (NumberFormatException e) {
            throw new BadInputException(option + ": expected a seed (7), a range (1..10) or a comma list of them "
                    + "(1..5,9), got '" + text + "'");
        }
    }
}
