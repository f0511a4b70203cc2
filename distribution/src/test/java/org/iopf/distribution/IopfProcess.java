package org.iopf.distribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs {@code bin/iopf} of the unpacked distribution as a separate process and captures its output. */
final class IopfProcess {
    /** What a finished process left behind. */
    record Outcome(int exitCode, String out, String err) {
    }

    private final Path home;

    IopfProcess(Path home) {
        this.home = home;
    }

    /** The unpacked distribution the build made (system property {@code iopf.distribution}). */
    static IopfProcess fromBuild() {
        String dir = System.getProperty("iopf.distribution", "target/iopf");
        return new IopfProcess(Path.of(dir).toAbsolutePath());
    }

    Path home() {
        return home;
    }

    Outcome run(String... args) throws IOException, InterruptedException {
        return runWithInput("", args);
    }

    Outcome runWithInput(String stdin, String... args) throws IOException, InterruptedException {
        return start(Map.of(), stdin, args).await();
    }

    /**
     * Starts {@code bin/iopf} and returns at once.
     *
     * @param environment variables to add to this process's environment
     */
    Running start(Map<String, String> environment, String stdin, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin/iopf").toString());
        command.addAll(List.of(args));
        Path out = Files.createTempFile("iopf-out", ".txt");
        Path err = Files.createTempFile("iopf-err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(home.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(environment);
        Process process = builder.start();
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        return new Running(process, List.of(args), out, err);
    }

    /** A started {@code bin/iopf}. */
    record Running(Process process, List<String> args, Path out, Path err) {
        /** Waits for it to end (at most 5 minutes) and collects what it printed. */
        Outcome await() throws IOException, InterruptedException {
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("iopf " + args + " did not finish in 5 minutes");
            }
            Outcome outcome = new Outcome(process.exitValue(), Files.readString(out), Files.readString(err));
            Files.delete(out);
            Files.delete(err);
            return outcome;
        }
    }
}
