package org.iopf.api.platform;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * Where a parameter's default comes from, so that a reader can tell a prediction from a fit: a
 * specification or a driver, a published measurement, a seed document, a calibration to a named
 * figure, or an assumption. {@code iopf components} and the plugin READMEs print it.
 *
 * <p>Stability: experimental.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public sealed interface Source permits Source.Specification, Source.Driver, Source.Measurement, Source.Seed,
        Source.Calibrated, Source.Assumption, Source.Unstated {

    /** The kind of source, as {@code iopf components} prints it: {@code spec}, {@code driver}, .... */
    String kind();

    /** The source in one line: {@code spec: IBA 1.4 §9.7.6.1.3}. */
    String describe();

    /** A clause of a specification ({@code spec("IBA 1.4", "§9.7.5.2.8")}). */
    static Source spec(String document, String section) {
        return new Specification(document, section);
    }

    /** A file of a driver or another public implementation ({@code driver("linux", "drivers/iommu/...")}). */
    static Source driver(String repository, String path) {
        return new Driver(repository, path);
    }

    /** A published measurement ({@code measured("ASPLOS'17 NPF paper", "Table 2")}). */
    static Source measured(String publication, String where) {
        return new Measurement(publication, where);
    }

    /** A section of one of the seed documents ({@code seed("003", "F3")}). */
    static Source seed(String document, String section) {
        return new Seed(document, section);
    }

    /** A value fitted so that {@code scenario} lands on {@code figure}. */
    static Source calibrated(String figure, String scenario) {
        return new Calibrated(figure, scenario);
    }

    /** A value chosen without a source, with the reason it is reasonable. */
    static Source assumption(String reason) {
        return new Assumption(reason);
    }

    /**
     * The source of a parameter declared before sources existed: its free-text citation
     * ({@link ParameterSpec#seedSection()}), or none.
     */
    static Source legacy(String citation) {
        return new Unstated(citation);
    }

    private static String require(String value, String what) {
        Objects.requireNonNull(value, what + " is null");
        if (value.isBlank()) {
            throw new IllegalArgumentException(what + " is blank");
        }
        return value;
    }

    /**
     * A clause of a specification.
     *
     * @param document the specification and its version ({@code IBA 1.4}, {@code PCIe Base 5.0})
     * @param section the section, table or field ({@code §9.7.5.2.8})
     */
    record Specification(String document, String section) implements Source {
        /** Checks arguments. */
        public Specification {
            require(document, "document");
            require(section, "section");
        }

        @Override
        public String kind() {
            return "spec";
        }

        @Override
        public String describe() {
            return "spec: " + document + " " + section;
        }
    }

    /**
     * A file of a driver or another public implementation.
     *
     * @param repository the repository ({@code linux}, {@code rdma-core})
     * @param path the file, optionally with the symbol ({@code drivers/iommu/arm/arm-smmu-v3/arm-smmu-v3.c})
     */
    record Driver(String repository, String path) implements Source {
        /** Checks arguments. */
        public Driver {
            require(repository, "repository");
            require(path, "path");
        }

        @Override
        public String kind() {
            return "driver";
        }

        @Override
        public String describe() {
            return "driver: " + repository + " " + path;
        }
    }

    /**
     * A published measurement.
     *
     * @param publication the paper, thesis or datasheet
     * @param where the table, figure or section
     */
    record Measurement(String publication, String where) implements Source {
        /** Checks arguments. */
        public Measurement {
            require(publication, "publication");
            require(where, "where");
        }

        @Override
        public String kind() {
            return "measured";
        }

        @Override
        public String describe() {
            return "measured: " + publication + ", " + where;
        }
    }

    /**
     * A section of a seed document (the four source documents iopf was built from; see
     * {@code docs/references.md}).
     *
     * @param document the seed's number ({@code 003})
     * @param section its section or figure id ({@code §3.3}, {@code F1})
     */
    record Seed(String document, String section) implements Source {
        /** Checks arguments. */
        public Seed {
            require(document, "document");
            require(section, "section");
        }

        @Override
        public String kind() {
            return "seed";
        }

        @Override
        public String describe() {
            return "seed " + document + " " + section;
        }
    }

    /**
     * A value fitted so that a scenario reproduces a figure: the figure is then a calibration
     * target of that scenario, not a prediction.
     *
     * @param figure the fidelity figure's id ({@code A7})
     * @param scenario the bundled scenario that was fitted ({@code smmu-a7-fault-recovery})
     */
    record Calibrated(String figure, String scenario) implements Source {
        /** Checks arguments. */
        public Calibrated {
            require(figure, "figure");
            require(scenario, "scenario");
        }

        @Override
        public String kind() {
            return "calibrated";
        }

        @Override
        public String describe() {
            return "calibrated to " + figure + " (" + scenario + ")";
        }
    }

    /**
     * A value chosen without a source.
     *
     * @param reason why the value is reasonable
     */
    record Assumption(String reason) implements Source {
        /** Checks arguments. */
        public Assumption {
            require(reason, "reason");
        }

        @Override
        public String kind() {
            return "assumption";
        }

        @Override
        public String describe() {
            return "assumption: " + reason;
        }
    }

    /**
     * No classified source: a parameter declared with a free-text citation only (API 0.1).
     *
     * @param citation the citation as written, possibly empty
     */
    record Unstated(String citation) implements Source {
        /** Checks arguments. */
        public Unstated {
            Objects.requireNonNull(citation, "citation is null");
        }

        @Override
        public String kind() {
            return "unstated";
        }

        @Override
        public String describe() {
            return citation;
        }
    }
}
