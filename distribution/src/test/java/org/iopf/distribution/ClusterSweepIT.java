package org.iopf.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.iopf.distribution.IopfProcess.Outcome;
import org.iopf.distribution.IopfProcess.Running;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/iopf sweep --cluster} on three {@code bin/iopf worker} members on 127.0.0.1, one of
 * which has no plugins (it is sent the zips) and one of which is killed mid-sweep: the rows are
 * those of a local run of the same sweep, row for row, but their wall time.
 */
final class ClusterSweepIT {
    private static final IopfProcess IOPF = IopfProcess.fromBuild();
    private static final long WAIT_SECONDS = 90;

    @TempDir
    Path temp;

    private final List<Running> members = new ArrayList<>();

    @AfterEach
    void stopMembers() throws InterruptedException {
        for (Running member : members) {
            member.process().destroy();
        }
        for (Running member : members) {
            if (!member.process().waitFor(30, TimeUnit.SECONDS)) {
                member.process().destroyForcibly();
            }
        }
    }

    @Test
    void aMemberKilledMidSweepLosesNothingAndTheRowsAreThoseOfALocalRun() throws Exception {
        int[] ports = freePorts(3);
        Path cluster = temp.resolve("cluster.yaml");
        Files.writeString(cluster, "name: it-" + UUID.randomUUID().toString().substring(0, 8) + "\n"
                + "members: [127.0.0.1:" + ports[0] + ", 127.0.0.1:" + ports[1] + ", 127.0.0.1:" + ports[2] + "]\n");
        Path noPlugins = Files.createDirectory(temp.resolve("no-plugins"));
        Map<String, String> cache = Map.of("IOPF_CACHE_DIR", temp.resolve("cache").toString());
        Running doomed = member(cache, "worker", "--cluster", cluster.toString(), "--port", "" + ports[0],
                "--workers", "1");
        Running bare = member(cache, "--plugins", noPlugins.toString(), "worker", "--cluster", cluster.toString(),
                "--port", "" + ports[1], "--workers", "1");
        Running third = member(cache, "worker", "--cluster", cluster.toString(), "--port", "" + ports[2],
                "--workers", "1");
        for (Running m : members) {
            awaitLine(m, "iopf worker: member 127.0.0.1:");
        }

        Path onCluster = temp.resolve("cluster-out");
        Running sweep = IOPF.start(cache, "", "sweep", "ib-npf-cost-vs-size", "--cluster", cluster.toString(),
                "--out", onCluster.toString(), "--no-progress");
        awaitLine(doomed, ": ok in ");
        doomed.process().destroyForcibly().waitFor();
        Outcome clustered = sweep.await();
        assertThat(clustered.exitCode()).as(clustered.out() + clustered.err()).isZero();
        assertThat(clustered.out()).contains("sweep ib-npf-cost-vs-size: 11 points x 1 replication: 11 ok, 0 missed, "
                + "0 failed, 0 done before; 11 runs");
        assertThat(Files.readString(bare.err())).contains("loaded plugin infiniband-npf", "received from the "
                + "coordinator", ": ok in ");
        assertThat(Files.readString(third.err())).contains(": ok in ");
        assertThat(clustered.err()).doesNotContain("Exception", "WARN");

        Path local = temp.resolve("local-out");
        Outcome alone = IOPF.run("sweep", "ib-npf-cost-vs-size", "--out", local.toString(), "--workers", "2",
                "--no-progress");
        assertThat(alone.exitCode()).as(alone.err()).isZero();
        List<String> localRows = rows(local.resolve("results.duckdb"));
        assertThat(localRows).hasSize(11);
        assertThat(rows(onCluster.resolve("results.duckdb"))).containsExactlyElementsOf(localRows);
    }

    private Running member(Map<String, String> environment, String... args) throws IOException {
        Running running = IOPF.start(environment, "", args);
        members.add(running);
        return running;
    }

    /** Waits, on what {@code process} printed on standard error, for a line holding {@code text}. */
    private static void awaitLine(Running process, String text) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (System.nanoTime() < deadline) {
            String err = Files.readString(process.err());
            if (err.contains(text)) {
                return;
            }
            if (!process.process().isAlive()) {
                throw new AssertionError("iopf " + process.args() + " ended before printing '" + text + "': " + err);
            }
            process.process().waitFor(100, TimeUnit.MILLISECONDS);
        }
        throw new AssertionError("iopf " + process.args() + " printed no '" + text + "' in " + WAIT_SECONDS + " s: "
                + Files.readString(process.err()));
    }

    /** Every column of every row of the results but the wall time, ordered by point and replication. */
    private static List<String> rows(Path database) throws SQLException {
        Properties readOnly = new Properties();
        readOnly.setProperty("duckdb.read_only", "true");
        List<String> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + database, readOnly);
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT * EXCLUDE (wall_seconds) FROM results ORDER BY point, "
                        + "replication")) {
            int columns = r.getMetaData().getColumnCount();
            while (r.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= columns; i++) {
                    row.append(r.getMetaData().getColumnName(i)).append('=').append(r.getString(i)).append("; ");
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    private static int[] freePorts(int count) throws IOException {
        int[] ports = new int[count];
        List<ServerSocket> open = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0);
                open.add(socket);
                ports[i] = socket.getLocalPort();
            }
        } finally {
            for (ServerSocket socket : open) {
                socket.close();
            }
        }
        return ports;
    }
}
