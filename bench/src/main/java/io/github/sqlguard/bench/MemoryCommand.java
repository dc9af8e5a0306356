package io.github.sqlguard.bench;

import io.github.sqlguard.bench.Report.HeapCheckpoint;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.RestSession;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * Bounded per-session state: one gateway JVM ({@code guard} by default) receives {@code
 * --statements} cheap statements ({@link MemoryWorkload}) in one session, then {@code --sessions}
 * sessions are opened, used for two statements and closed. The gateway's heap after a full GC is
 * read before, at evenly spaced checkpoints of both phases and after closing the long session; the
 * table shows the growth per statement and per session between readings (near 0 when the state is
 * bounded).
 */
@Command(
        name = "memory",
        mixinStandardHelpOptions = true,
        description = "Gateway heap after full GC over many statements in one session and many sessions opened and"
                + " closed; markdown in <log-dir>/memory.md.")
public final class MemoryCommand implements Callable<Integer> {

    @Option(names = "--statements", defaultValue = "100000", description = "Statements in the long session (default: ${DEFAULT-VALUE}).")
    long statements;

    @Option(names = "--sessions", defaultValue = "1000", description = "Sessions opened and closed (default: ${DEFAULT-VALUE}).")
    long sessions;

    @Option(names = "--checkpoints", defaultValue = "5", description = "Heap readings per phase (default: ${DEFAULT-VALUE}).")
    int checkpoints;

    @Option(names = "--warmup", defaultValue = "600", description = "Statements (and a tenth as many sessions) before the first reading (default: ${DEFAULT-VALUE}).")
    long warmup;

    @Option(names = "--endpoint", defaultValue = "guard", description = "guard, or rest for the plain gateway's own baseline (default: ${DEFAULT-VALUE}).")
    String endpoint;

    @Option(names = "--heap", defaultValue = "2g", description = "-Xms/-Xmx of the gateway JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--poll-us", defaultValue = "1000", description = "Pause between two result polls, µs (default: ${DEFAULT-VALUE}).")
    long pollMicros;

    @Option(names = "--log-dir", defaultValue = "bench/target/bench-logs", description = "Gateway log, audit, stderr and memory.md (default: ${DEFAULT-VALUE}).")
    Path logDir;

    private long problems;

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(logDir);
        boolean guarded = endpoint.equals("guard");
        List<HeapCheckpoint> readings = new ArrayList<>();
        long started = System.nanoTime();
        try (GatewayProcess gateway = GatewayProcess.start("memory-" + endpoint, endpoint, heap, logDir)) {
            GatewayRestClient client = gateway.client();
            StatementRunner runner = new StatementRunner(client, pollMicros, Duration.ofSeconds(60));

            try (RestSession session = client.openSession(Map.of())) {
                for (long i = 0; i < warmup; i++) {
                    send(runner, session, MemoryWorkload.statement(i), guarded);
                }
            }
            shortSessions(client, runner, Math.max(1, warmup / 10), guarded, null, null);
            readings.add(reading(gateway, "before", 0));

            String phase = "statements in one session";
            List<Long> at = MemoryWorkload.checkpoints(statements, checkpoints);
            long phaseStart = System.nanoTime();
            try (RestSession session = client.openSession(Map.of())) {
                int next = 0;
                for (long i = 0; i < statements; i++) {
                    send(runner, session, MemoryWorkload.statement(i), guarded);
                    if (i + 1 == at.get(next)) {
                        readings.add(reading(gateway, phase, i + 1));
                        next++;
                    }
                }
            }
            double statementsPerSecond = statements / ((System.nanoTime() - phaseStart) / 1e9);
            readings.add(reading(gateway, "long session closed", statements));

            phaseStart = System.nanoTime();
            shortSessions(client, runner, sessions, guarded, gateway, readings);
            double sessionsPerSecond = sessions / ((System.nanoTime() - phaseStart) / 1e9);

            String table = Report.memory(endpoint, heap, readings)
                    + String.format(Locale.ROOT,
                            "%n%,.0f statements/s in the long session, %,.1f sessions/s opened and closed;"
                                    + " %d unexpected outcomes; %.0f s in all.%n",
                            statementsPerSecond, sessionsPerSecond, problems, (System.nanoTime() - started) / 1e9);
            System.out.print(table);
            Path file = logDir.resolve("memory.md");
            Files.writeString(file, table);
            System.out.println("Report written to " + file);
        }
        return problems == 0 ? 0 : 1;
    }

    /** Opens, uses and closes {@code count} sessions; reads the heap at the checkpoints when {@code readings} is given. */
    private void shortSessions(GatewayRestClient client, StatementRunner runner, long count, boolean guarded,
            GatewayProcess gateway, List<HeapCheckpoint> readings) throws Exception {
        List<Long> at = MemoryWorkload.checkpoints(count, checkpoints);
        int next = 0;
        for (long j = 0; j < count; j++) {
            try (RestSession session = client.openSession(Map.of())) {
                for (MemoryWorkload.Statement statement : MemoryWorkload.shortSession()) {
                    send(runner, session, statement, guarded);
                }
            }
            if (readings != null && j + 1 == at.get(next)) {
                readings.add(reading(gateway, "sessions opened and closed", j + 1));
                next++;
            }
        }
    }

    private void send(StatementRunner runner, RestSession session, MemoryWorkload.Statement statement, boolean guarded)
            throws Exception {
        StatementRunner.Outcome outcome = runner.run(session, statement.sql(), Map.of());
        String problem = GatewaysCommand.problem(guarded && statement.refusedByGuard(), outcome);
        if (problem != null) {
            problems++;
            if (problems <= 10) {
                System.err.printf(Locale.ROOT, "  unexpected: %s: %s%n", statement.sql(),
                        problem.length() > 300 ? problem.substring(0, 300) + "..." : problem);
            }
        }
    }

    private static HeapCheckpoint reading(GatewayProcess gateway, String phase, long done) throws Exception {
        HeapCheckpoint reading = new HeapCheckpoint(phase, done, gateway.heapAfterGc().usedBytes(), MachineLoad.now());
        System.err.printf(Locale.ROOT, "  %s: %,d, heap %.1f MB%n", phase, done, reading.usedBytes() / 1048576.0);
        return reading;
    }
}
