package io.github.sqlguard.bench;

import io.github.sqlguard.bench.Workload.Kind;
import io.github.sqlguard.bench.Workload.Step;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.RestSession;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The side-by-side benchmark: a plain SQL Gateway ({@code rest}) and a guarded one ({@code guard})
 * in two JVMs with the same options and the same local execution, driven over REST by this JVM
 * with the same statements ({@link Workload}).
 *
 * <p>Why two processes: each gateway gets its own heap, GC and JIT, so a GC pause or a MiniCluster
 * shutting down in one cannot be charged to the other, and the heap each one holds after the run
 * can be read separately. Both processes stay up for the whole run; only one is driven at a time.
 *
 * <p>For each number of parallel sessions, rounds alternate between the gateways (plain first in
 * even rounds, guarded first in odd ones, so drift and leftovers of the previous round hit both
 * alike). In a round every session runs one pass of the workload; the latency of a statement is
 * from submit to its first result page with rows, its end of stream, or its error; throughput is
 * all statements of the round over the round's wall time. Warm-up rounds are not recorded.
 */
@Command(
        name = "gateways",
        mixinStandardHelpOptions = true,
        description = "Plain vs guarded SQL Gateway over REST: latency per statement kind, throughput, heap.")
public final class GatewaysCommand implements Callable<Integer> {

    @Option(names = "--sessions", split = ",", defaultValue = "1,4,16", description = "Parallel sessions per level (default: ${DEFAULT-VALUE}).")
    List<Integer> sessions;

    @Option(names = "--rounds", split = ",", defaultValue = "8,4,2", description = "Measured rounds per gateway and level, one value per level (default: ${DEFAULT-VALUE}).")
    List<Integer> rounds;

    @Option(names = "--warmup", split = ",", defaultValue = "3,1,1", description = "Warm-up rounds per gateway and level (default: ${DEFAULT-VALUE}).")
    List<Integer> warmup;

    @Option(names = "--cheap-repeats", defaultValue = "5", description = "SET, CREATE TABLE and SHOW TABLES per pass (default: ${DEFAULT-VALUE}).")
    int cheapRepeats;

    @Option(names = "--heap", defaultValue = "2g", description = "-Xms/-Xmx of each gateway JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--settle-ms", defaultValue = "500", description = "Pause before each round, for cancelled jobs to wind down (default: ${DEFAULT-VALUE}).")
    long settleMs;

    @Option(names = "--timeout-s", defaultValue = "120", description = "Per-statement timeout (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--log-dir", defaultValue = "bench/target/bench-logs", description = "Gateway logs, audit and stderr (default: ${DEFAULT-VALUE}).")
    Path logDir;

    private static final Duration MAX_POLL = Duration.ofMillis(10);

    /** One gateway under test and its sessions of the current level. */
    private record Target(String name, GatewayProcess process, GatewayRestClient client, List<RestSession> sessions) {}

    /** Samples of one gateway at one level. */
    private static final class Samples {
        final Map<Kind, List<Long>> nanos = new ConcurrentHashMap<>();
        final Map<Kind, List<String>> unexpected = new ConcurrentHashMap<>();
        long statements;
        long wallNanos;

        void add(Kind kind, long elapsed, String problem) {
            nanos.computeIfAbsent(kind, k -> new CopyOnWriteArrayList<>()).add(elapsed);
            if (problem != null) {
                unexpected.computeIfAbsent(kind, k -> new CopyOnWriteArrayList<>()).add(problem);
            }
        }
    }

    @Override
    public Integer call() throws Exception {
        if (rounds.size() != sessions.size() || warmup.size() != sessions.size()) {
            throw new IllegalArgumentException("--rounds and --warmup need one value per --sessions level");
        }
        Files.createDirectories(logDir);
        Workload workload = new Workload(cheapRepeats);
        StringBuilder report = new StringBuilder();
        report.append(String.format(Locale.ROOT,
                "Flink SQL Guard benchmark: plain (rest) vs guarded (guard) gateway, two JVMs -Xmx%s, local execution,"
                        + " %d CPUs, load %s at start%n", heap, Runtime.getRuntime().availableProcessors(), loadAverage()));
        System.out.print(report);
        try (GatewayProcess plain = GatewayProcess.start("plain", "rest", heap, logDir);
                GatewayProcess guarded = GatewayProcess.start("guarded", "guard", heap, logDir)) {
            for (int level = 0; level < sessions.size(); level++) {
                String section = runLevel(workload, plain, guarded, sessions.get(level), warmup.get(level), rounds.get(level));
                System.out.print(section);
                report.append(section);
            }
        }
        Path file = logDir.resolve("report.md");
        Files.writeString(file, report);
        System.out.println("Report written to " + file);
        return 0;
    }

    private String runLevel(Workload workload, GatewayProcess plainProcess, GatewayProcess guardedProcess, int n,
            int warmupRounds, int measuredRounds) throws Exception {
        String loadBefore = loadAverage();
        Target plain = open("plain", plainProcess, workload, n);
        Target guarded = open("guarded", guardedProcess, workload, n);
        Map<String, Samples> samples = Map.of("plain", new Samples(), "guarded", new Samples());
        ExecutorService pool = Executors.newFixedThreadPool(n);
        try {
            for (int round = 0; round < warmupRounds + measuredRounds; round++) {
                boolean measured = round >= warmupRounds;
                Target[] order = round % 2 == 0 ? new Target[] {plain, guarded} : new Target[] {guarded, plain};
                for (Target target : order) {
                    Thread.sleep(settleMs);
                    runRound(pool, workload, target, round, measured ? samples.get(target.name()) : new Samples());
                }
                System.err.printf(Locale.ROOT, "  %d session(s): round %d/%d done%n", n, round + 1,
                        warmupRounds + measuredRounds);
            }
            long[] plainHeap = plainProcess.heapAfterGc();
            long[] guardedHeap = guardedProcess.heapAfterGc();
            return Report.level(n, measuredRounds, warmupRounds, loadBefore, loadAverage(),
                    samples.get("plain"), samples.get("guarded"), plainHeap, guardedHeap);
        } finally {
            pool.shutdownNow();
            closeAll(plain);
            closeAll(guarded);
        }
    }

    private Target open(String name, GatewayProcess process, Workload workload, int n) throws Exception {
        GatewayRestClient client = process.client();
        List<RestSession> list = new ArrayList<>();
        for (int s = 0; s < n; s++) {
            RestSession session = client.openSession(Map.of());
            list.add(session);
            for (String statement : workload.setup(s)) {
                RestSession.StatementResult result = session.execute(statement, 1, Duration.ofSeconds(timeoutSeconds));
                if (result.failed()) {
                    throw new IllegalStateException("Setup failed on " + name + ": " + statement + "\n" + result.error());
                }
            }
        }
        return new Target(name, process, client, list);
    }

    private void runRound(ExecutorService pool, Workload workload, Target target, int round, Samples into)
            throws Exception {
        List<Future<Integer>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int s = 0; s < target.sessions().size(); s++) {
            int session = s;
            futures.add(pool.submit(() -> runPass(workload.pass(session, round), target.sessions().get(session), target.name(), into)));
        }
        int statements = 0;
        for (Future<Integer> future : futures) {
            statements += future.get();
        }
        into.wallNanos += System.nanoTime() - start;
        into.statements += statements;
    }

    private int runPass(List<Step> steps, RestSession session, String gateway, Samples into) throws Exception {
        Duration timeout = Duration.ofSeconds(timeoutSeconds);
        for (Step step : steps) {
            long start = System.nanoTime();
            String operation = session.submit(step.sql(), step.executionConfig());
            RestSession.StatementResult result = session.fetch(operation, 1, timeout, MAX_POLL);
            long elapsed = System.nanoTime() - start;
            session.closeOperation(operation);
            boolean expectFailure = step.blockedByGuard() && gateway.equals("guarded");
            String problem = null;
            if (elapsed >= timeout.toNanos()) {
                problem = "timed out";
            } else if (result.failed() != expectFailure) {
                problem = result.failed() ? result.error() : "ran although the guard should block it";
            }
            if (problem != null) {
                System.err.printf(Locale.ROOT, "  unexpected on %s, %s: %s%n", gateway, step.kind().label(),
                        problem.length() > 300 ? problem.substring(0, 300) + "..." : problem);
            }
            into.add(step.kind(), elapsed, problem);
        }
        return steps.size();
    }

    private static void closeAll(Target target) {
        for (RestSession session : target.sessions()) {
            try {
                session.close();
            } catch (Exception e) {
                System.err.println("Could not close a session of " + target.name() + ": " + e);
            }
        }
    }

    /** The 1/5/15-minute load averages of this machine, from /proc/loadavg. */
    static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    /** Per-level results as a markdown section. */
    static final class Report {
        private Report() {}

        static String level(int n, int rounds, int warmup, String loadBefore, String loadAfter, Samples plain,
                Samples guarded, long[] plainHeap, long[] guardedHeap) {
            StringBuilder out = new StringBuilder();
            out.append(String.format(Locale.ROOT, "%n### %d session%s (%d measured + %d warm-up rounds per gateway; load %s -> %s)%n%n",
                    n, n == 1 ? "" : "s", rounds, warmup, loadBefore, loadAfter));
            out.append("| statement | n | plain median ms | plain p99 ms | guarded median ms | guarded p99 ms | guarded/plain median | unexpected |\n");
            out.append("|---|---:|---:|---:|---:|---:|---:|---|\n");
            for (Kind kind : Kind.values()) {
                LatencyStats a = new LatencyStats(plain.nanos.getOrDefault(kind, List.of()));
                LatencyStats b = new LatencyStats(guarded.nanos.getOrDefault(kind, List.of()));
                int bad = plain.unexpected.getOrDefault(kind, List.of()).size()
                        + guarded.unexpected.getOrDefault(kind, List.of()).size();
                out.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %.1f | %.1f | %.1f | %.2f | %s |%n",
                        kind.label(), a.count(), a.medianMs(), a.percentileMs(99), b.medianMs(), b.percentileMs(99),
                        b.medianMs() / a.medianMs(), bad == 0 ? "" : String.valueOf(bad)));
            }
            double plainTput = plain.statements / (plain.wallNanos / 1e9);
            double guardedTput = guarded.statements / (guarded.wallNanos / 1e9);
            out.append(String.format(Locale.ROOT, "%nThroughput: plain %.1f statements/s, guarded %.1f statements/s,"
                    + " guarded/plain %.2f.%n", plainTput, guardedTput, guardedTput / plainTput));
            out.append(String.format(Locale.ROOT, "Gateway heap after the run (used after a full GC / committed): plain %d / %d MB,"
                    + " guarded %d / %d MB.%n", plainHeap[0] >> 20, plainHeap[1] >> 20, guardedHeap[0] >> 20, guardedHeap[1] >> 20));
            return out.toString();
        }
    }
}
