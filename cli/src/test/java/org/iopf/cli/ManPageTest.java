package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The manual page is rendered from the command line's own model, in roff that man can read. */
final class ManPageTest {
    private final String page = ManPage.render(GeneratedDocs.commandLine(), "9.9.9");

    @Test
    void everyCommandHasASectionWithItsSynopsisAndOwnOptions() {
        assertThat(page).startsWith(".TH IOPF 1 \"\" \"iopf 9.9.9\" \"User Commands\"\n.SH NAME\n");
        for (String command : GeneratedDocs.commandLine().getSubcommands().keySet()) {
            String name = ManPage.escape("iopf " + command);
            assertThat(page).contains(".SS \"" + name + "\"\n.nf\n" + name);
        }
        String run = page.substring(page.indexOf(".SS \"iopf run\""), page.indexOf(".SS \"iopf validate\""));
        assertThat(run).contains("\\fB\\-\\-trace\\fR \\fIFILE\\fR", "\\fB\\-\\-no\\-progress\\fR\n")
                .as("the global options only at the top").doesNotContain(".TP\n\\fB\\-\\-debug\\fR");
        assertThat(page.substring(0, page.indexOf(".SH COMMANDS"))).contains("\\fB\\-\\-debug\\fR");
    }

    @Test
    void theExitCodesAreThoseOfTheHelp() {
        String status = page.substring(page.indexOf(".SH EXIT STATUS"), page.indexOf(".SH ENVIRONMENT"));
        for (int code = ExitCode.OK; code <= ExitCode.OUT_OF_MEMORY; code++) {
            assertThat(status).contains(".TP\n" + code + "\n");
        }
        assertThat(status).contains("out of memory");
    }

    @Test
    void textIsEscapedForRoff() {
        assertThat(ManPage.escape("--out C:\\x")).isEqualTo("\\-\\-out C:\\ex");
        assertThat(ManPage.escape(".yaml files")).isEqualTo("\\&.yaml files");
        assertThat(ManPage.escape("'quoted'")).startsWith("\\&'");
        assertThat(page.lines().filter(l -> !l.isEmpty() && (l.charAt(0) == '.' || l.charAt(0) == '\''))
                .map(l -> l.split(" ")[0]).distinct())
                .as("every control line is a request this page means").isSubsetOf(".TH", ".SH", ".SS", ".TP", ".PP", ".nf", ".fi");
    }
}
