package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iopf.core.platform.ExtensionRegistry;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/calibration.md} says what the declarations say: its table of calibrated parameters is
 * exactly what {@code iopf components --calibrations} prints, and its status table calls a figure
 * calibrated exactly when some parameter was fitted to it, for every outcome and failure target of
 * {@code docs/fidelity.md} ("calibrated through B1" when it follows from the figure fitted to B1).
 */
final class CalibrationDocTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern TARGET = Pattern.compile("^\\| ([A-G][0-9]{1,2}) \\| (outcome|failure)");
    private static final Pattern STATUS = Pattern.compile("^\\| ([A-G][0-9]{1,2}) \\| ([a-z ]+?)(?: ([A-G][0-9]{1,2}))? \\|");
    private static final Pattern FIGURE_ID = Pattern.compile("^\\| ([A-G][0-9]{1,2})\\b");

    private final ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());

    @Test
    void theCalibrationTableIsTheDeclarations() throws IOException {
        List<String> doc = Files.readAllLines(ROOT.resolve("docs/calibration.md"));
        List<String> generated = DeclarationTables.calibrations(registry);
        int start = doc.indexOf(generated.get(0));
        assertThat(start).as("the table's header in docs/calibration.md").isNotNegative();
        int end = start;
        while (end < doc.size() && doc.get(end).startsWith("|")) {
            end++;
        }
        assertThat(doc.subList(start, end)).as("docs/calibration.md against iopf components --calibrations")
                .containsExactlyElementsOf(generated);
        assertThat(generated).as("calibrated parameters of the stock types").hasSizeGreaterThan(10);
    }

    @Test
    void aFigureIsCalledCalibratedExactlyWhenAParameterWasFittedToIt() throws IOException {
        Set<String> fitted = new TreeSet<>();
        for (String row : DeclarationTables.calibrations(registry)) {
            Matcher id = FIGURE_ID.matcher(row);
            if (id.find()) {
                fitted.add(id.group(1));
            }
        }
        List<String> targets = new ArrayList<>();
        for (String line : Files.readAllLines(ROOT.resolve("docs/fidelity.md"))) {
            Matcher t = TARGET.matcher(line);
            if (t.find()) {
                targets.add(t.group(1));
            }
        }
        List<String> wrong = new ArrayList<>();
        List<String> listed = new ArrayList<>();
        for (String line : Files.readAllLines(ROOT.resolve("docs/calibration.md"))) {
            Matcher s = STATUS.matcher(line);
            if (!s.find()) {
                continue;
            }
            String id = s.group(1);
            String status = s.group(2).trim();
            listed.add(id);
            boolean calledCalibrated = status.equals("calibrated");
            if (status.equals("calibrated through")) {
                if (s.group(3) == null || !fitted.contains(s.group(3))) {
                    wrong.add(id + " is called calibrated through " + s.group(3) + ", to which nothing was calibrated");
                }
            } else if (calledCalibrated != fitted.contains(id)) {
                wrong.add(id + " is called '" + status + "' but " + (fitted.contains(id)
                        ? "parameters were calibrated to it" : "no parameter was calibrated to it"));
            }
        }
        Set<String> expected = new TreeSet<>(targets);
        expected.addAll(fitted);
        assertThat(listed).as("the status table covers every outcome and failure target of fidelity.md, and every "
                + "target a parameter was calibrated to").containsExactlyInAnyOrderElementsOf(expected);
        assertThat(wrong).isEmpty();
    }
}
