package org.iopf.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.plugin.PluginInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code iopf plugins list|info|enable|disable|load|unload}: the plugins folder as this process's
 * plugin host sees it. {@code load} checks a zip or jar (descriptor, API version, start) and
 * installs it into the folder; {@code unload} stops and unloads it and moves its file to
 * {@code plugins/.unloaded/} (nothing is deleted). In {@code iopf shell} the same verbs act on the
 * live host without touching files.
 */
@Command(name = "plugins", mixinStandardHelpOptions = true,
        description = "Lists, inspects, enables, disables, installs (load) and removes (unload) plugins.",
        subcommands = {PluginsCommand.ListPlugins.class, PluginsCommand.Info.class, PluginsCommand.Enable.class,
            PluginsCommand.Disable.class, PluginsCommand.Load.class, PluginsCommand.Unload.class})
final class PluginsCommand implements Runnable {
    @ParentCommand
    IopfCommand parent;

    @Override
    public void run() {
        print(parent.session().host().plugins(), parent.env().out());
    }

    /** Prints one line per plugin. */
    static void print(List<PluginInfo> plugins, PrintWriter out) {
        if (plugins.isEmpty()) {
            out.println("no plugins");
        }
        out.printf("%-24s %-16s %-9s %-18s %s%n", "plugin", "version", "state", "requires", "provides");
        for (PluginInfo p : plugins) {
            List<String> types = new java.util.ArrayList<>(p.componentTypes());
            types.addAll(p.workloadTypes());
            out.printf("%-24s %-16s %-9s %-18s %s%s%n", p.id(), p.version(), p.status(), p.requires(),
                    types.isEmpty() ? "-" : String.join(", ", types),
                    p.failure().map(f -> "  (" + f + ")").orElse(""));
        }
        out.flush();
    }

    /** Prints everything known of one plugin. */
    static void printInfo(PluginInfo p, PrintWriter out) {
        out.println("id:          " + p.id());
        out.println("version:     " + p.version());
        out.println("requires:    iopf API " + p.requires());
        out.println("state:       " + p.status());
        out.println("description: " + p.description());
        out.println("path:        " + p.path());
        out.println("components:  " + (p.componentTypes().isEmpty() ? "-" : String.join(", ", p.componentTypes())));
        out.println("workloads:   " + (p.workloadTypes().isEmpty() ? "-" : String.join(", ", p.workloadTypes())));
        p.failure().ifPresent(f -> out.println("failure:     " + f));
        if (!p.inUseBy().isEmpty()) {
            out.println("in use by:   " + String.join(", ", p.inUseBy()));
        }
        out.flush();
    }

    /** Enables or disables plugin {@code id} and says so. */
    void switchPlugin(String id, boolean on) {
        PluginHost host = parent.session().host();
        if (on) {
            host.enable(id);
        } else {
            host.disable(id);
        }
        parent.env().out().println((on ? "enabled " : "disabled ") + id);
    }

    private static PluginInfo require(PluginHost host, String id) {
        return host.plugin(id).orElseThrow(() -> new BadInputException("no plugin '" + id + "'; plugins are "
                + host.plugins().stream().map(PluginInfo::id).toList()
                + org.iopf.core.platform.NearestName.hint(id, host.plugins().stream().map(PluginInfo::id).toList())));
    }

    /** {@code plugins list}. */
    @Command(name = "list", mixinStandardHelpOptions = true, description = "One line per plugin.")
    static final class ListPlugins implements Runnable {
        @ParentCommand
        PluginsCommand plugins;

        @Override
        public void run() {
            print(plugins.parent.session().host().plugins(), plugins.parent.env().out());
        }
    }

    /** {@code plugins info ID}. */
    @Command(name = "info", mixinStandardHelpOptions = true, description = "Everything known of one plugin.")
    static final class Info implements Runnable {
        @ParentCommand
        PluginsCommand plugins;

        @Parameters(paramLabel = "ID")
        String id;

        @Override
        public void run() {
            printInfo(require(plugins.parent.session().host(), id), plugins.parent.env().out());
        }
    }

    /** {@code plugins enable ID}. */
    @Command(name = "enable", mixinStandardHelpOptions = true,
            description = "Enables a plugin (PF4J's enabled.txt/disabled.txt in the plugins folder).")
    static final class Enable implements Runnable {
        @ParentCommand
        PluginsCommand plugins;

        @Parameters(paramLabel = "ID")
        String id;

        @Override
        public void run() {
            plugins.switchPlugin(id, true);
        }
    }

    /** {@code plugins disable ID}. */
    @Command(name = "disable", mixinStandardHelpOptions = true,
            description = "Disables a plugin: it stays in the folder but is not loaded.")
    static final class Disable implements Runnable {
        @ParentCommand
        PluginsCommand plugins;

        @Parameters(paramLabel = "ID")
        String id;

        @Override
        public void run() {
            plugins.switchPlugin(id, false);
        }
    }

    /** {@code plugins load FILE}. */
    @Command(name = "load", mixinStandardHelpOptions = true,
            description = "Checks a plugin zip or jar (descriptor, Plugin-Requires, start) and installs it into "
                + "the plugins folder.")
    static final class Load implements java.util.concurrent.Callable<Integer> {
        @ParentCommand
        PluginsCommand plugins;

        @Parameters(paramLabel = "FILE")
        Path file;

        @Override
        public Integer call() throws IOException {
            if (!Files.isRegularFile(file)) {
                throw new BadInputException("no such plugin file: " + file);
            }
            HostSession session = plugins.parent.session();
            session.host(); // loads the folder as it is now, before the new file arrives
            Path dir = session.pluginsDir();
            Files.createDirectories(dir);
            Path target = dir.resolve(file.getFileName());
            boolean inFolder = Files.exists(target) && Files.isSameFile(target, file);
            if (!inFolder && Files.exists(target)) {
                throw new BadInputException("the plugins folder already has a file " + target.getFileName()
                        + "; unload that plugin first");
            }
            if (!inFolder) {
                Files.copy(file, target);
            }
            PluginInfo info;
            try {
                info = session.host().load(target);
            } catch (RuntimeException e) {
                if (!inFolder) {
                    Files.deleteIfExists(target);
                }
                throw e;
            }
            plugins.parent.env().out().println("loaded " + info.id() + " " + info.version() + " ("
                    + info.status() + ") into " + dir);
            printInfo(info, plugins.parent.env().out());
            return ExitCode.OK;
        }
    }

    /** {@code plugins unload ID}. */
    @Command(name = "unload", mixinStandardHelpOptions = true,
            description = "Stops and unloads a plugin and moves its file to plugins/.unloaded/.")
    static final class Unload implements java.util.concurrent.Callable<Integer> {
        @ParentCommand
        PluginsCommand plugins;

        @Parameters(paramLabel = "ID")
        String id;

        @Override
        public Integer call() throws IOException {
            HostSession session = plugins.parent.session();
            PluginInfo info = require(session.host(), id);
            session.host().unload(id);
            Path file = info.path();
            if (file != null && Files.exists(file) && file.toAbsolutePath().startsWith(
                    session.pluginsDir().toAbsolutePath())) {
                Path trash = session.pluginsDir().resolve(".unloaded");
                Files.createDirectories(trash);
                Path moved = UnloadedFolder.freeName(trash, file.getFileName().toString());
                Files.move(file, moved);
                plugins.parent.env().out().println("unloaded " + id + "; moved " + file.getFileName() + " to "
                        + moved);
            } else {
                plugins.parent.env().out().println("unloaded " + id);
            }
            return ExitCode.OK;
        }
    }
}
