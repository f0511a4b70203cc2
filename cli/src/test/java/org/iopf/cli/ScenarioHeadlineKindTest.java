package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Source;
import org.iopf.core.platform.ExtensionRegistry;
import org.junit.jupiter.api.Test;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/**
 * Every bundled scenario says in its description whether its headline figure is a prediction or a
 * calibration target, and says it truthfully: a scenario some stock parameter was calibrated in
 * ({@code Source.calibrated(figure, scenario)}) calls itself a calibration target, every other
 * one a prediction.
 */
final class ScenarioHeadlineKindTest {
    private static final Path SCENARIOS = Path.of("../scenarios");
    static final String CALIBRATION = "Headline figure: a calibration target";
    static final String PREDICTION = "Headline figure: a prediction";

    @Test
    void everyScenarioSaysWhetherItsHeadlineIsAFit() throws IOException {
        Set<String> calibratedIn = new TreeSet<>();
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        List<ParameterSpec> all = new ArrayList<>();
        registry.all().forEach(r -> all.addAll(r.type().parameters()));
        registry.workloads().forEach(r -> all.addAll(r.type().parameters()));
        for (ParameterSpec p : all) {
            if (p.source() instanceof Source.Calibrated c) {
                calibratedIn.add(c.scenario());
            }
        }
        Load yaml = new Load(LoadSettings.builder().build());
        List<String> wrong = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> listing = Files.list(SCENARIOS)) {
            files = listing.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        for (Path file : files) {
            Map<?, ?> root = (Map<?, ?>) yaml.loadFromString(Files.readString(file));
            String name = String.valueOf(root.get("name"));
            String description = String.valueOf(root.get("description")).replaceAll("\\s+", " ");
            boolean saysCalibration = description.contains(CALIBRATION);
            boolean saysPrediction = description.contains(PREDICTION);
            boolean fitted = calibratedIn.contains(name);
            if (saysCalibration == saysPrediction) {
                wrong.add(name + ": its description says neither '" + CALIBRATION + "' nor '" + PREDICTION
                        + "' (or both)");
            } else if (saysCalibration != fitted) {
                wrong.add(name + ": its description says " + (saysCalibration ? "calibration" : "prediction")
                        + " but " + (fitted ? "parameters were calibrated in it" : "no parameter was calibrated in it"));
            }
        }
        assertThat(files).hasSizeGreaterThan(50);
        assertThat(wrong).isEmpty();
    }
}
