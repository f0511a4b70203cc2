package org.iopf.testplugin.hostile;

import org.pf4j.Plugin;

/** A plugin whose start does what the test asks (@START@): throw, recurse, never return, exit. */
public final class HostilePlugin extends Plugin {
    @Override
    public void start() {
        @START@
    }

    static int recurse(int depth) {
        return recurse(depth + 1) + 1;
    }

    static void sleepForever() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException ignored) {
                // a hostile plugin ignores interrupts
            }
        }
    }
}
