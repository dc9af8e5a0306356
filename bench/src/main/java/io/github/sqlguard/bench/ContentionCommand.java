package io.github.sqlguard.bench;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * A second session's small query while another session plans something huge (issue 29 item 3):
 * per gateway (the plain one, then the guarded one with its default {@code sql-guard.planner.threads},
 * each JVM alone on the machine), session B's {@code SELECT a + 1 FROM t} is timed idle, then again
 * and again while session A's {@code SELECT a FROM t WHERE a IN (<--values> literals)} is planned
 * and run; the table gives B's latency idle and under A, A's own time and outcome, and the guarded
 * gateway's latency under A over the plain gateway's. With {@code --huge top-n-union} session A's
 * statement is instead an {@code INSERT} of {@code --branches} {@code UNION ALL} Top-Ns without a
 * state TTL (the guard refuses it and proves a rewrite per branch: the hostile read's second form of
 * item 3), and with {@code explain-top-n-union} its {@code EXPLAIN} (every candidate proven on the
 * guarded gateway, Flink's plan alone on the plain one).
 */
@Command(
        name = "contention",
        mixinStandardHelpOptions = true,
        description = "A small query's latency in one session while another session plans a huge statement, plain vs"
                + " guarded gateway; markdown in <log-dir>/contention.md.")
public final class ContentionCommand implements java.util.concurrent.Callable<Integer> {

    static final String TABLE =
            "CREATE TEMPORARY TABLE t (a INT) WITH ('connector' = 'datagen', 'number-of-rows' = '1')";
    static final String SMALL = "SELECT a + 1 FROM t";

    @Option(names = "--values", defaultValue = "40000", description = "Literals in session A's IN list (default: ${DEFAULT-VALUE}).")
    int values;

    @Option(names = "--huge", defaultValue = "in-list",
            description = "Session A's statement: in-list, top-n-union or explain-top-n-union (default: ${DEFAULT-VALUE}).")
    String hugeKind;

    @Option(names = "--branches", defaultValue = "40", description = "UNION ALL branches of top-n-union (default: ${DEFAULT-VALUE}).")
    int branches;

    /** Session A's tables of {@code top-n-union}: a bounded source (a job on the plain gateway ends) and a sink. */
    static final List<String> TOP_N_TABLES = List.of(
            "CREATE TEMPORARY TABLE clicks (user_id INT, url STRING, ts BIGINT) WITH ('connector' = 'datagen',"
                    + " 'number-of-rows' = '1000', 'fields.user_id.min' = '1', 'fields.user_id.max' = '50')",
            "CREATE TEMPORARY TABLE top_urls (user_id INT, url STRING, ts BIGINT, rn BIGINT) WITH ('connector' = 'blackhole')");

    @Option(names = "--idle-samples", defaultValue = "10", description = "Session B's queries timed with A idle (default: ${DEFAULT-VALUE}).")
    int idleSamples;

    @Option(names = "--max-samples", defaultValue = "30", description = "Most of B's queries timed while A runs (default: ${DEFAULT-VALUE}).")
    int maxSamples;

    @Option(names = "--heap", defaultValue = "2g", description = "-Xms/-Xmx of the gateway JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--poll-us", defaultValue = "1000", description = "Pause between two result polls, µs (default: ${DEFAULT-VALUE}).")
    long pollMicros;

    @Option(names = "--timeout-s", defaultValue = "300", description = "Longest wait for one statement, s (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--log-dir", defaultValue = "bench/target/bench-logs", description = "Gateway logs and contention.md (default: ${DEFAULT-VALUE}).")
    Path logDir;

    /** What one gateway did. */
    record Run(String gateway, LatencyStats idle, LatencyStats underLoad, int errorsUnderLoad, String firstError,
            StatementRunner.Outcome huge, MachineLoad before, MachineLoad after) {}

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(logDir);
        String huge = hugeStatement(hugeKind, values, branches);
        List<Run> runs = new ArrayList<>();
        for (String endpoint : List.of("rest", "guard")) {
            runs.add(measure(endpoint, huge));
        }
        String report = report(runs, huge.length(), huge.substring(0, Math.min(60, huge.length())));
        Files.writeString(logDir.resolve("contention.md"), report);
        System.out.println(report);
        return 0;
    }

    /** Session A's statement of {@code kind}. */
    static String hugeStatement(String kind, int values, int branches) {
        if (kind.equals("in-list")) {
            return "SELECT a FROM t WHERE a IN ("
                    + IntStream.rangeClosed(1, values).mapToObj(Integer::toString).collect(Collectors.joining(", ")) + ")";
        }
        String union = IntStream.range(0, branches)
                .mapToObj(i -> "SELECT * FROM (SELECT user_id, url, ts, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY ts"
                        + " DESC) AS rn FROM clicks WHERE user_id % " + branches + " = " + i + ") WHERE rn <= 3")
                .collect(Collectors.joining("\nUNION ALL\n"));
        String insert = "INSERT INTO top_urls " + union;
        return switch (kind) {
            case "top-n-union" -> insert;
            case "explain-top-n-union" -> "EXPLAIN " + insert;
            default -> throw new IllegalArgumentException("--huge: in-list, top-n-union or explain-top-n-union, not " + kind);
        };
    }

    private Run measure(String endpoint, String huge) throws Exception {
        MachineLoad before = MachineLoad.now();
        ExecutorService sessionA = Executors.newSingleThreadExecutor();
        try (GatewayProcess gateway = GatewayProcess.start("contention-" + endpoint, endpoint, heap, logDir)) {
            GatewayRestClient client = gateway.client();
            StatementRunner runner = new StatementRunner(client, pollMicros, Duration.ofSeconds(timeoutSeconds));
            try (RestSession a = client.openSession(Map.of()); RestSession b = client.openSession(Map.of())) {
                check(runner.run(a, TABLE, Map.of()));
                if (!hugeKind.equals("in-list")) {
                    for (String table : TOP_N_TABLES) {
                        check(runner.run(a, table, Map.of()));
                    }
                }
                check(runner.run(b, TABLE, Map.of()));
                for (int i = 0; i < 5; i++) {
                    check(runner.run(b, SMALL, Map.of()));
                }
                gateway.awaitIdle(30_000);
                List<Long> idle = new ArrayList<>();
                for (int i = 0; i < idleSamples; i++) {
                    idle.add(check(runner.run(b, SMALL, Map.of())).elapsedNanos());
                }
                gateway.awaitIdle(30_000);
                CompletableFuture<StatementRunner.Outcome> hugeRun = CompletableFuture.supplyAsync(() -> {
                    try {
                        return runner.run(a, huge, Map.of());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                }, sessionA);
                // Let session A's statement reach its planning first.
                Thread.sleep(500);
                List<Long> underLoad = new ArrayList<>();
                int errors = 0;
                String firstError = null;
                while (!hugeRun.isDone() && underLoad.size() + errors < maxSamples) {
                    StatementRunner.Outcome small = runner.run(b, SMALL, Map.of());
                    if (small.failed() || small.timedOut()) {
                        errors++;
                        firstError = firstError == null ? String.valueOf(small.error()) : firstError;
                    } else {
                        underLoad.add(small.elapsedNanos());
                    }
                }
                StatementRunner.Outcome hugeOutcome = hugeRun.get();
                return new Run(endpoint, new LatencyStats(idle), new LatencyStats(underLoad), errors, firstError,
                        hugeOutcome, before, MachineLoad.now());
            }
        } finally {
            sessionA.shutdownNow();
        }
    }

    private static StatementRunner.Outcome check(StatementRunner.Outcome outcome) {
        if (outcome.failed() || outcome.timedOut()) {
            throw new IllegalStateException("a set-up statement failed: " + outcome.error());
        }
        return outcome;
    }

    static String report(List<Run> runs, int hugeChars, String hugeStart) {
        StringBuilder out = new StringBuilder();
        out.append("# A second session's query while one session plans a huge statement\n\n");
        out.append(String.format(Locale.ROOT,
                "Session B: `%s` (datagen, one row). Session A: `%s…` of %,d characters."
                        + " Latency on the client's clock, submit to first rows.%n%n", SMALL,
                hugeStart.replace('\n', ' '), hugeChars));
        out.append("| gateway | load (before-after) | B idle: n, median ms | B while A runs: n, median, max ms | B failed | A: ms, outcome |\n");
        out.append("|---|---|---|---|---|---|\n");
        for (Run run : runs) {
            out.append(String.format(Locale.ROOT, "| %s | %s | %d, %.1f | %d, %.1f, %.1f | %d%s | %.0f, %s |%n",
                    run.gateway(), MachineLoad.span(run.before(), run.after()), run.idle().count(),
                    run.idle().medianMs(), run.underLoad().count(), run.underLoad().medianMs(),
                    run.underLoad().percentileMs(100), run.errorsUnderLoad(),
                    run.firstError() == null ? "" : " (" + firstLine(run.firstError()) + ")",
                    run.huge().elapsedNanos() / 1e6,
                    run.huge().failed() ? "failed: " + firstLine(run.huge().error())
                            : run.huge().timedOut() ? "timed out" : "ran"));
        }
        if (runs.size() == 2 && runs.get(0).underLoad().count() > 0 && runs.get(1).underLoad().count() > 0) {
            out.append(String.format(Locale.ROOT, "%nGuarded over plain, B's median while A runs: %.2f%n",
                    runs.get(1).underLoad().medianMs() / runs.get(0).underLoad().medianMs()));
        }
        return out.toString();
    }

    private static String firstLine(String text) {
        String line = text.strip().lines().findFirst().orElse("");
        line = line.replace('|', '/');
        return line.length() > 160 ? line.substring(0, 160) + "…" : line;
    }
}
