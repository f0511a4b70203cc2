package org.iopf.cli.fuzz;

/**
 * One try of the front-door fuzz test: which bundled file, what is done with it, and the seed of
 * every random choice of its mutation.
 *
 * @param input index of the bundled file
 * @param command what is called
 * @param seed the mutation's seed
 */
record FuzzTry(int input, Command command, long seed) {
    /** What a try calls. */
    enum Command {
        /** {@code iopf validate MUTATED}. */
        VALIDATE,
        /** {@code iopf run MUTATED} within bounds. */
        RUN,
        /** {@code iopf run SCALED} within bounds: the file with some of its numbers scaled. */
        RUN_SCALED,
        /** {@code iopf run ORIGINAL --set ...} with mutated settings, within bounds. */
        RUN_SET
    }
}
