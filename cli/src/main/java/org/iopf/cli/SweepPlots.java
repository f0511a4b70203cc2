package org.iopf.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.cli.chart.SweepReport;
import org.iopf.cli.chart.SweepResults;
import org.iopf.core.sweep.Sweep;

/**
 * The end of {@code iopf sweep}: its plots ({@code plots/}) and {@code report.html}, drawn from the
 * rows the results database holds now, as {@code iopf plot} draws them.
 */
final class SweepPlots {
    private SweepPlots() {
    }

    /** Writes the plots and the report of {@code sweep} into {@code folder}, and a note of what it wrote. */
    static SweepReport.Written write(Path folder, Sweep sweep, SweepResults results, StatusOutput status) {
        String text;
        try {
            text = Files.readString(Path.of(sweep.source()));
        } catch (IOException | RuntimeException e) {
            text = "(cannot read " + sweep.source() + ": " + e.getMessage() + ")";
        }
        SweepReport.Written written = SweepReport.write(folder, results, sweep.description(), sweep.source(), text);
        status.note("wrote " + written.plots().size() + " plot" + (written.plots().size() == 1 ? "" : "s") + " in "
                + folder.resolve(SweepReport.PLOTS) + " and " + written.html()
                + (written.empty().isEmpty() ? "" : "; no plot for " + String.join(", ", written.empty())
                        + " (no completed run produced " + (written.empty().size() == 1 ? "it)" : "them)")));
        return written;
    }
}
