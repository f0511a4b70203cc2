package org.iopf.core.cli;

/** Placeholder entry point; replaced by the scenario runner below. */
public final class IopfMain {
    private IopfMain() {
    }

    public static void main(String[] args) {
        System.out.println("iopf");
    }
}
