package io.github.sqlguard.bench;

import io.github.sqlguard.bench.jmh.AnalysisBenchmark;
import io.github.sqlguard.bench.jmh.StatementBenchmark;

import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link AnalysisBenchmark} (and {@link StatementBenchmark}) through JMH with the GC profiler
 * and prints, per plan size, µs/op and bytes allocated per op, also per 100 plan nodes. The same
 * benchmark runs with JMH's own command line too:
 * {@code java -cp bench/target/flink-sql-guard-bench.jar org.openjdk.jmh.Main AnalysisBenchmark -prof gc}.
 */
@Command(
        name = "analysis",
        mixinStandardHelpOptions = true,
        description = "JMH: plan parser + all rules on real plans of about 10, 100 and 1000 nodes; µs/op and bytes/op per size.")
public final class AnalysisCommand implements Callable<Integer> {

    @Option(names = "--nodes", split = ",", defaultValue = "10,100,1000", description = "Plan sizes (default: ${DEFAULT-VALUE}).")
    List<String> nodes;

    @Option(names = "--warmup", defaultValue = "3", description = "Warm-up iterations (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--iterations", defaultValue = "5", description = "Measured iterations (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--time-ms", defaultValue = "1000", description = "Length of one iteration, ms (default: ${DEFAULT-VALUE}).")
    long iterationMillis;

    @Option(names = "--forks", defaultValue = "1", description = "JMH forks (default: ${DEFAULT-VALUE}).")
    int forks;

    @Option(names = "--no-statements", negatable = false, description = "Skip StatementBenchmark (parse + decide for SET, DDL, SHOW).")
    boolean noStatements;

    @Option(names = "--cpu-time", negatable = false, description = "Instead of JMH: time AnalysisBenchmark.analyse in this JVM"
            + " by thread CPU time (not wall time), which other processes on a busy machine do not inflate, and count"
            + " the bytes this thread allocates.")
    boolean cpuTime;

    @Override
    public Integer call() throws Exception {
        Path fixtureLog = Files.createTempFile("sql-guard-fixtures", ".txt");
        try {
            return cpuTime ? cpuTime(fixtureLog) : jmh(fixtureLog);
        } finally {
            Files.deleteIfExists(fixtureLog);
        }
    }

    private int jmh(Path fixtureLog) throws Exception {
        MachineLoad before = MachineLoad.now();
        Collection<RunResult> analysis = run(options(AnalysisBenchmark.class)
                .param("nodes", nodes.toArray(String[]::new))
                .jvmArgsPrepend("-D" + AnalysisBenchmark.FIXTURE_LOG + "=" + fixtureLog));
        Collection<RunResult> statements = noStatements ? List.of() : run(options(StatementBenchmark.class));
        Map<Integer, AnalysisTable.Fixture> fixtures = AnalysisTable.parseFixtures(Files.readAllLines(fixtureLog));
        List<AnalysisTable.Row> rows = new ArrayList<>();
        for (RunResult run : analysis) {
            int n = Integer.parseInt(run.getParams().getParam("nodes"));
            Result<?> primary = run.getPrimaryResult();
            Result<?> alloc = run.getSecondaryResults().get("gc.alloc.rate.norm");
            rows.add(new AnalysisTable.Row(n, fixtures.get(n), primary.getScore(), primary.getScoreError(),
                    alloc == null ? Double.NaN : alloc.getScore()));
        }
        System.out.print(AnalysisTable.render(
                "Plan analysis (plan parser + all rules, TTL 0), JMH average time, -prof gc; load before: "
                        + before.averages(), MachineLoad.now(), rows));
        if (!statements.isEmpty()) {
            System.out.printf(Locale.ROOT, "%nStatements the guard does not plan: parse + decide (%s)%n%n", MachineLoad.now());
            System.out.println("| statement | µs/op | ± µs (99.9 %) | bytes allocated/op |");
            System.out.println("|---|---:|---:|---:|");
            for (RunResult run : statements) {
                Result<?> primary = run.getPrimaryResult();
                Result<?> alloc = run.getSecondaryResults().get("gc.alloc.rate.norm");
                System.out.printf(Locale.ROOT, "| %s | %s | %s | %s |%n", run.getParams().getParam("kind"),
                        Report.ms(primary.getScore()), Report.ms(primary.getScoreError()),
                        alloc == null ? "n/a" : String.format(Locale.ROOT, "%,.0f", alloc.getScore()));
            }
        }
        return 0;
    }

    /** Warms up for 5 s, then reports thread CPU µs and allocated bytes per analysis over at least 5 s of CPU time. */
    private int cpuTime(Path fixtureLog) throws Exception {
        System.setProperty(AnalysisBenchmark.FIXTURE_LOG, fixtureLog.toString());
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        List<Integer> sizes = new ArrayList<>();
        List<double[]> scores = new ArrayList<>();
        for (String n : nodes) {
            AnalysisBenchmark benchmark = new AnalysisBenchmark();
            benchmark.nodes = Integer.parseInt(n);
            benchmark.plan();
            long warmupEnd = threads.getCurrentThreadCpuTime() + TimeUnit.SECONDS.toNanos(5);
            while (threads.getCurrentThreadCpuTime() < warmupEnd) {
                benchmark.analyse();
            }
            long start = threads.getCurrentThreadCpuTime();
            long allocatedStart = threads.getThreadAllocatedBytes(thread);
            long ops = 0;
            while (threads.getCurrentThreadCpuTime() - start < TimeUnit.SECONDS.toNanos(5)) {
                benchmark.analyse();
                ops++;
            }
            double micros = (threads.getCurrentThreadCpuTime() - start) / 1e3 / ops;
            double bytes = (threads.getThreadAllocatedBytes(thread) - allocatedStart) / (double) ops;
            sizes.add(benchmark.nodes);
            scores.add(new double[] {micros, bytes});
        }
        Map<Integer, AnalysisTable.Fixture> fixtures = AnalysisTable.parseFixtures(Files.readAllLines(fixtureLog));
        List<AnalysisTable.Row> rows = new ArrayList<>();
        for (int i = 0; i < sizes.size(); i++) {
            rows.add(new AnalysisTable.Row(sizes.get(i), fixtures.get(sizes.get(i)), scores.get(i)[0], Double.NaN,
                    scores.get(i)[1]));
        }
        System.out.print(AnalysisTable.render(
                "Plan analysis (plan parser + all rules, TTL 0), thread CPU time and thread-allocated bytes over 5 s",
                MachineLoad.now(), rows));
        return 0;
    }

    private ChainedOptionsBuilder options(Class<?> benchmark) {
        return new OptionsBuilder()
                .include(benchmark.getName())
                .warmupIterations(warmup)
                .warmupTime(TimeValue.milliseconds(iterationMillis))
                .measurementIterations(iterations)
                .measurementTime(TimeValue.milliseconds(iterationMillis))
                .forks(forks)
                .addProfiler(GCProfiler.class);
    }

    private static Collection<RunResult> run(ChainedOptionsBuilder options) throws Exception {
        return new Runner(options.build()).run();
    }
}
