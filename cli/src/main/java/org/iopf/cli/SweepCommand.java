package org.iopf.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.iopf.core.platform.file.SweepFileReader;
import org.iopf.core.plugin.PluginHost;
import org.iopf.core.sweep.ClusterSpec;
import org.iopf.core.sweep.Sweep;
import org.iopf.core.sweep.SweepPoint;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code iopf sweep FILE}: expands a sweep file into points, checks every point before running
 * any, runs them on a pool of worker threads, and writes one row per run into
 * {@code results.duckdb} (and {@code results.csv}, {@code results.parquet}) in the output folder;
 * a rerun into the same folder skips the runs done.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Runs a sweep: a base platform file with some of its values varied along axes (a grid, zipped "
            + "lists, or both), each point with N replications; checks every point before running any, runs them on "
            + "worker threads and writes one row per run into DIR/results.duckdb, DIR/results.csv and "
            + "DIR/results.parquet, then a plot of each figure against the first axis in DIR/plots and "
            + "DIR/report.html (iopf plot redraws one). A rerun into the same folder skips the runs done (resumes "
            + "after Ctrl-C). Exit 1 if a run failed or missed an expectation. With --cluster FILE the points run on "
            + "the members of a cluster (started with iopf worker --cluster FILE) instead of this machine's threads, "
            + "with the same rows.",
            "FILE is a path, or the name of a file in HOME/sweeps. The format is in docs/sweeps.md."})
final class SweepCommand implements Callable<Integer> {
    @ParentCommand
    IopfCommand parent;

    @Parameters(index = "0", paramLabel = "FILE", description = "The sweep file (YAML).")
    String file;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Output folder (default: a folder named after the sweep in the working directory).")
    Path out;

    @Option(names = "--workers", paramLabel = "N",
            description = "Runs at once, each on its own thread (default: the number of cores, here ${DEFAULT-VALUE}).")
    int workers = Runtime.getRuntime().availableProcessors();

    @Option(names = "--force", description = "Run again the runs that the output folder already holds.")
    boolean force;

    @Option(names = "--no-progress", description = "Never show the progress bar.")
    boolean noProgress;

    @Option(names = "--cluster", paramLabel = "FILE",
            description = "Run the points on the members of the cluster that FILE describes (iopf worker --cluster FILE) "
                + "instead of on --workers threads here.")
    Path cluster;

    private ClusterSpec spec;

    @Override
    public Integer call() {
        if (workers < 1) {
            throw new BadInputException("--workers " + workers + ": expected a whole number of workers >= 1");
        }
        CliEnvironment env = parent.env();
        StatusOutput status = parent.status(noProgress);
        PluginHost host = parent.session().host();
        spec = cluster != null ? WorkerCommand.read(cluster) : null;
        Sweep sweep = new SweepFileReader(host.registry()).read(sweepFile(env), new BundledPlatforms(env));
        Path folder = out != null ? out : Path.of(sweep.name());
        OutputTargets.checkFolder("--out", folder);
        ScenarioExecutor executor = new ScenarioExecutor(host, new StatusOutput(env.err(), TerminalInfo.NONE, true,
                true));
        try (SweepRunner runner = new SweepRunner(executor, workers)) {
            status.note("checking the " + sweep.points().size() + " points of " + sweep.source());
            runner.check(sweep);
            if (spec == null) {
                try (ResultsDatabase db = ResultsDatabase.open(folder, sweep)) {
                    return run(sweep, runner, db, env, status);
                }
            }
            try (ClusterCoordinator members = ClusterCoordinator.connect(spec, cluster.toString(), host, status);
                    ResultsDatabase db = ResultsDatabase.open(folder, sweep)) {
                return run(sweep, members, db, env, status);
            }
        }
    }

    private int run(Sweep sweep, SweepPool runner, ResultsDatabase db, CliEnvironment env, StatusOutput status) {
        Map<String, String> done = force ? Map.of() : db.done();
        List<SweepRun> toRun = new ArrayList<>();
        List<SweepRun> skipped = new ArrayList<>();
        Map<String, String> skippedStatus = new LinkedHashMap<>();
        for (SweepPoint point : sweep.points()) {
            for (int r = 0; r < sweep.replications(); r++) {
                SweepRun run = SweepRun.of(point, r);
                String earlier = done.get(run.key());
                if (earlier != null) {
                    skipped.add(run);
                    skippedStatus.put(run.key(), earlier);
                } else {
                    toRun.add(run);
                }
            }
        }
        db.adopt(skipped);
        String where = spec != null ? "the members of cluster " + spec.name()
                : workers + " worker" + (workers == 1 ? "" : "s");
        status.note("running " + toRun.size() + " of " + sweep.runs() + " runs on " + where
                + (skipped.isEmpty() ? "" : " (" + skipped.size() + " done before)"));
        SweepSummary summary = new SweepSummary(sweep, skippedStatus);
        long start = System.nanoTime();
        SweepRecords records = new SweepRecords(sweep, parent.session().host(), parent.commandLine());
        try (SweepProgress bar = SweepProgress.start(status, sweep.name(), toRun.size())) {
            runner.run(toRun, sweep.metrics(), row -> {
                db.write(row, records.of(row.run()));
                summary.add(row);
                bar.finished(!row.status().equals(SweepRow.FAILED));
                if (row.status().equals(SweepRow.FAILED)) {
                    env.err().println(SweepSummary.failure(row, sweep));
                    env.err().flush();
                }
            });
        }
        double wallSeconds = (System.nanoTime() - start) / 1e9;
        List<Path> written = db.export();
        summary.print(env.out(), wallSeconds, runner.workers());
        status.note("wrote " + db.file() + ", " + written.get(0).getFileName() + ", " + written.get(1).getFileName());
        SweepPlots.write(db.file().toAbsolutePath().getParent(), sweep, db.results(), status);
        return summary.allMet() ? ExitCode.OK : ExitCode.EXPECTATION_MISSED;
    }

    /** The sweep file: as given, else in {@code HOME/sweeps}, with or without {@code .yaml}. */
    private Path sweepFile(CliEnvironment env) {
        Path given = Path.of(file);
        if (Files.isRegularFile(given)) {
            return given;
        }
        for (String candidate : new String[] {file, file + ".yaml"}) {
            Path p = env.home().resolve("sweeps").resolve(candidate);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new BadInputException("no such sweep file: " + file + " (nor " + env.home().resolve("sweeps")
                .resolve(file.endsWith(".yaml") ? file : file + ".yaml") + ")");
    }
}
