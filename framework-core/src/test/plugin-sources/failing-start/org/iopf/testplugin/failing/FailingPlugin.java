package org.iopf.testplugin.failing;

import org.pf4j.Plugin;

/** A plugin whose start throws. */
public final class FailingPlugin extends Plugin {
    @Override
    public void start() {
        throw new IllegalStateException("no licence server");
    }
}
