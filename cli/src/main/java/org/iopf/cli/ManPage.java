package org.iopf.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * The {@code iopf(1)} manual page in roff, rendered from picocli's model of the command line: the
 * same synopses, descriptions, options and exit codes as {@code --help}, with a section per
 * command. (picocli-codegen's generator writes AsciiDoc, which needs Asciidoctor to become a man
 * page; this writes the page itself.)
 */
final class ManPage {
    private static final String[][] ENVIRONMENT = {
        {"IOPF_OPTS", "Options for the Java virtual machine, such as -Xmx8g for a larger heap."},
        {"JAVA", "The java binary to run (default: java on the PATH)."},
        {"NO_COLOR", "When set to anything but the empty string, the help has no colour."},
        {"TERM", "dumb: no progress bar and no colour."},
    };

    private final StringBuilder page = new StringBuilder();

    private ManPage() {
    }

    /**
     * The page of {@code commandLine}, its subcommands as sections.
     *
     * @param version the version printed in the page's footer
     */
    static String render(CommandLine commandLine, String version) {
        return new ManPage().page(commandLine, version);
    }

    private String page(CommandLine commandLine, String version) {
        CommandSpec spec = commandLine.getCommandSpec();
        String name = spec.name();
        line(".TH " + name.toUpperCase(Locale.ROOT) + " 1 \"\" \"" + escape(name + " " + version) + "\" \"User Commands\"");
        line(".SH NAME");
        line(escape(name) + " \\- " + escape(String.join(" ", spec.usageMessage().description())));
        line(".SH SYNOPSIS");
        synopsis(commandLine);
        line(".SH OPTIONS");
        options(spec, false);
        line(".SH COMMANDS");
        for (CommandLine sub : commandLine.getSubcommands().values()) {
            command(sub);
        }
        line(".SH EXIT STATUS");
        for (Map.Entry<String, String> code : spec.usageMessage().exitCodeList().entrySet()) {
            tagged(code.getKey().strip(), code.getValue());
        }
        line(".SH ENVIRONMENT");
        for (String[] variable : ENVIRONMENT) {
            tagged("\\fB" + escape(variable[0]) + "\\fR", variable[1]);
        }
        line(".SH FILES");
        line("The installation folder (HOME) holds \\fIbin/iopf\\fR, \\fIplugins/\\fR (plugin zips), "
                + "\\fIexamples/\\fR and \\fIscenarios/\\fR (platform files), \\fIconf/logback.xml\\fR and "
                + "\\fIcompletion/iopf_completion\\fR (bash and zsh completion).");
        line(".SH SEE ALSO");
        line("docs/cli.md and docs/platform-files.md of the iopf sources.");
        return page.toString();
    }

    private void command(CommandLine commandLine) {
        CommandSpec spec = commandLine.getCommandSpec();
        if (spec.usageMessage().hidden()) {
            return;
        }
        line(".SS \"" + escape(spec.qualifiedName()) + "\"");
        synopsis(commandLine);
        for (String paragraph : spec.usageMessage().description()) {
            line(".PP");
            line(escape(paragraph));
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            if (!p.hidden()) {
                tagged("\\fI" + escape(p.paramLabel()) + "\\fR", String.join(" ", p.description()));
            }
        }
        options(spec, true);
        for (CommandLine sub : commandLine.getSubcommands().values()) {
            command(sub);
        }
    }

    private void synopsis(CommandLine commandLine) {
        String text = new CommandLine.Help(commandLine.getCommandSpec(),
                CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF)).synopsis(0).strip();
        line(".nf");
        text.lines().forEach(l -> line(escape(l)));
        line(".fi");
    }

    /** The options of {@code spec}; those of a command's parent ({@code --debug}) only at the top. */
    private void options(CommandSpec spec, boolean skipInherited) {
        for (OptionSpec o : spec.options()) {
            if (o.hidden() || (skipInherited && o.inherited()) || isStandardHelp(o)) {
                continue;
            }
            String names = String.join(", ", o.names().length == 0 ? List.of() : List.of(o.names()).stream()
                    .map(n -> "\\fB" + escape(n) + "\\fR").toList());
            String label = o.arity().max() == 0 ? "" : " \\fI" + escape(o.paramLabel()) + "\\fR";
            tagged(names + label, String.join(" ", o.description()));
        }
        if (!skipInherited) {
            tagged("\\fB\\-h\\fR, \\fB\\-\\-help\\fR", "Show the help of iopf or of a command (iopf run --help).");
            tagged("\\fB\\-V\\fR, \\fB\\-\\-version\\fR", "Print the versions of iopf and of its plugin API.");
        }
    }

    private static boolean isStandardHelp(OptionSpec o) {
        return o.usageHelp() || o.versionHelp();
    }

    private void tagged(String tag, String text) {
        line(".TP");
        line(tag);
        line(escape(text));
    }

    private void line(String text) {
        page.append(text).append('\n');
    }

    /** Text safe in roff: backslashes and minus signs escaped, no line starting with a control character. */
    static String escape(String text) {
        String escaped = text.replace("\\", "\\e").replace("-", "\\-");
        return escaped.startsWith(".") || escaped.startsWith("'") ? "\\&" + escaped : escaped;
    }
}
