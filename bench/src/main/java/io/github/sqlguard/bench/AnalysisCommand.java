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
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link AnalysisBenchmark} (and {@link StatementBenchmark}) through JMH with the GC profiler
 * and prints µs/op and bytes allocated per op for each plan size (statement kind). The same benchmark runs with JMH's own command line too:
 * {@code java -cp bench/target/flink-sql-guard-bench.jar org.openjdk.jmh.Main AnalysisBenchmark -prof gc}.
 */
@Command(
        name = "analysis",
        mixinStandardHelpOptions = true,
        description = "JMH: PlanParser + RuleEngine over all rules on real plans of about 10, 100 and 1000 nodes.")
public final class AnalysisCommand implements Callable<Integer> {

    @Option(names = "--nodes", split = ",", defaultValue = "10,100,1000", description = "Plan sizes (default: ${DEFAULT-VALUE}).")
    List<String> nodes;

    @Option(names = "--warmup", defaultValue = "3", description = "Warm-up iterations of 1 s (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--iterations", defaultValue = "5", description = "Measured iterations of 1 s (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--forks", defaultValue = "1", description = "JMH forks (default: ${DEFAULT-VALUE}).")
    int forks;

    @Option(names = "--no-statements", negatable = false, description = "Skip StatementBenchmark (parse + decide for SET, DDL, SHOW).")
    boolean noStatements;

    @Option(names = "--cpu-time", negatable = false, description = "Instead of JMH: time AnalysisBenchmark.analyse in this JVM"
            + " by thread CPU time (not wall time), which other processes on a busy machine do not inflate.")
    boolean cpuTime;

    @Override
    public Integer call() throws Exception {
        if (cpuTime) {
            return cpuTime();
        }
        List<RunResult> results = new ArrayList<>(run(options(AnalysisBenchmark.class).param("nodes", nodes.toArray(String[]::new))));
        if (!noStatements) {
            results.addAll(run(options(StatementBenchmark.class)));
        }
        System.out.printf(Locale.ROOT, "%nPlan analysis (PlanParser + RuleEngine, all rules, TTL 0) and statement decisions"
                + " (StatementParser + StatementGuard, no plan); load %s%n%n", GatewaysCommand.loadAverage());
        System.out.println("| benchmark | param | µs/op | ± (99.9%) | bytes allocated/op |");
        System.out.println("|---|---|---:|---:|---:|");
        for (RunResult run : results) {
            Result<?> primary = run.getPrimaryResult();
            Result<?> alloc = run.getSecondaryResults().get("gc.alloc.rate.norm");
            String benchmark = run.getParams().getBenchmark();
            String param = run.getParams().getParamsKeys().stream()
                    .map(k -> k + "=" + run.getParams().getParam(k)).reduce((a, b) -> a + "," + b).orElse("");
            System.out.printf(Locale.ROOT, "| %s | %s | %.1f | %.1f | %s |%n",
                    benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1), param,
                    primary.getScore(), primary.getScoreError(),
                    alloc == null ? "n/a" : String.format(Locale.ROOT, "%,.0f", alloc.getScore()));
        }
        return 0;
    }

    /** Warms up for 5 s, then reports thread CPU µs per analysis over at least 5 s of CPU time. */
    private int cpuTime() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        System.out.printf(Locale.ROOT, "%n| plan (nodes param) | CPU µs/op | ops |%n|---|---:|---:|%n");
        for (String n : nodes) {
            AnalysisBenchmark benchmark = new AnalysisBenchmark();
            benchmark.nodes = Integer.parseInt(n);
            benchmark.plan();
            long warmupEnd = threads.getCurrentThreadCpuTime() + TimeUnit.SECONDS.toNanos(5);
            while (threads.getCurrentThreadCpuTime() < warmupEnd) {
                benchmark.analyse();
            }
            long start = threads.getCurrentThreadCpuTime();
            long ops = 0;
            while (threads.getCurrentThreadCpuTime() - start < TimeUnit.SECONDS.toNanos(5)) {
                benchmark.analyse();
                ops++;
            }
            double micros = (threads.getCurrentThreadCpuTime() - start) / 1e3 / ops;
            System.out.printf(Locale.ROOT, "| %s | %.1f | %d |%n", n, micros, ops);
        }
        return 0;
    }

    private ChainedOptionsBuilder options(Class<?> benchmark) {
        return new OptionsBuilder()
                .include(benchmark.getName())
                .warmupIterations(warmup)
                .warmupTime(TimeValue.seconds(1))
                .measurementIterations(iterations)
                .measurementTime(TimeValue.seconds(1))
                .forks(forks)
                .addProfiler(GCProfiler.class);
    }

    private static Collection<RunResult> run(ChainedOptionsBuilder options) throws Exception {
        return new Runner(options.build()).run();
    }
}
