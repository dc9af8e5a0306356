package io.github.sqlguard.bench.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The guard's analysis alone, as it runs after EXPLAIN: the plan parser on the EXPLAIN text, then
 * every built-in rule at its default level ({@link GuardCalls.PlanAnalysis}). The plans are real
 * ({@link PlanFixtures}, planned in {@link #plan()}); the state TTL is 0, so every Rank and
 * aggregation yields findings (the expensive path, with plan excerpts).
 *
 * <p>When the system property {@value #FIXTURE_LOG} names a file, {@link #plan()} appends one line
 * describing the fixture to it ({@code AnalysisCommand} reads it to print plan sizes beside the scores).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
        value = 1,
        jvmArgsAppend = {
            "-Xmx2g",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED"
        })
public class AnalysisBenchmark {

    /** System property: a file the fixture descriptions are appended to. */
    public static final String FIXTURE_LOG = "sqlguard.bench.fixtureLog";

    /** Target size of the execution plan, in nodes. */
    @Param({"10", "100", "1000"})
    public int nodes;

    private GuardCalls.PlanAnalysis analysis;

    /** Plans the fixture with the real planner (not measured). */
    @Setup(Level.Trial)
    public void plan() {
        long start = System.nanoTime();
        PlanFixtures.Fixture fixture = new PlanFixtures().ofAboutNodes(nodes);
        analysis = new GuardCalls.PlanAnalysis(fixture.sql(), fixture.compiledPlan());
        int findings = GuardCalls.PlanAnalysis.findings(analysis.analyse());
        System.out.printf(
                "%nplan for nodes=%d: %d UNION ALL branches, %d execution-plan nodes, %d nodes in all sections,"
                        + " %d chars of compiled plan, %d findings; planned in %d ms%n",
                nodes, fixture.branches(), fixture.executionNodes(), fixture.allNodes(), fixture.compiledPlan().length(),
                findings, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        String log = System.getProperty(FIXTURE_LOG);
        if (log != null) {
            String line = String.format(Locale.ROOT, "nodes=%d branches=%d executionNodes=%d allNodes=%d chars=%d findings=%d%n",
                    nodes, fixture.branches(), fixture.executionNodes(), fixture.allNodes(),
                    fixture.compiledPlan().length(), findings);
            try {
                Files.writeString(Path.of(log), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** Parse the EXPLAIN text and run every rule. */
    @Benchmark
    public Object analyse() {
        return analysis.analyse();
    }
}
