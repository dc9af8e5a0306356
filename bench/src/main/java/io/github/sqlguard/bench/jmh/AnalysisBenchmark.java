package io.github.sqlguard.bench.jmh;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanParser;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.rules.Verdict;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

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

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The guard's analysis alone, as {@code StatementGuard} runs it after EXPLAIN: {@link PlanParser}
 * on the EXPLAIN text, then {@link RuleEngine} with every built-in rule at its default level. The
 * plans are real ({@link PlanFixtures}, planned in {@link #plan()}); the state TTL is 0, so every
 * Rank and aggregation yields findings (the expensive path, with plan excerpts).
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

    /** Target size of the execution plan, in nodes. */
    @Param({"10", "100", "1000"})
    public int nodes;

    private final PlanParser parser = new PlanParser();
    private final RuleCatalog catalog = RuleCatalog.builtIn();
    private final Policy policy = Policy.defaults(catalog);
    private final RuleEngine engine = new RuleEngine(catalog, policy);
    private String explainText;
    private ParsedStatement statement;

    /** Plans the fixture with the real planner (not measured). */
    @Setup(Level.Trial)
    public void plan() {
        long start = System.nanoTime();
        PlanFixtures.Fixture fixture = new PlanFixtures().ofAboutNodes(nodes);
        explainText = fixture.explainText();
        statement = new StatementParser().parse(fixture.sql());
        Verdict verdict = analyse();
        System.out.printf(
                "%nplan for nodes=%d: %d UNION ALL branches, %d execution-plan nodes, %d nodes in all sections,"
                        + " %d chars of EXPLAIN text, %d findings; planned in %d ms%n",
                nodes, fixture.branches(), fixture.executionNodes(), fixture.allNodes(), explainText.length(),
                verdict.findings().size(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /** Parse the EXPLAIN text and run every rule. */
    @Benchmark
    public Verdict analyse() {
        ExplainedPlan plan = parser.parse(explainText);
        AnalysisContext context =
                new AnalysisContext(
                        statement, Optional.of(plan), Optional.empty(), true, Duration.ZERO, List.of(), Map.of(),
                        policy.thresholds());
        return engine.evaluate(context);
    }
}
