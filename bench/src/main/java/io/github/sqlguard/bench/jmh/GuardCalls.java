package io.github.sqlguard.bench.jmh;

import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.CompiledPlanReader;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.rules.Verdict;
import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.service.StatementGuard;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The only class of the JMH benchmarks that calls the guard's analysis API ({@code plan},
 * {@code rules}, {@code policy}, {@code service}, {@code statement} packages). {@link
 * AnalysisBenchmark}, {@link StatementBenchmark} and {@link PlanFixtures} see only this class and
 * {@code Object} results, so when that API changes this class is the one to adapt.
 */
public final class GuardCalls {

    private GuardCalls() {}

    /**
     * How big a plan is, as the guard's plan parser reads it.
     *
     * @param executionNodes nodes of the plan (ExecNodes, the analysis sink left out)
     * @param allNodes the same: the plan model has one graph (the EXPLAIN text had several sections)
     */
    public record PlanSize(int executionNodes, int allNodes) {}

    /** Reads a compiled plan as the guard does and counts its nodes. */
    public static PlanSize planSize(String compiledPlan) {
        ExplainedPlan plan = new CompiledPlanReader().read(compiledPlan);
        return new PlanSize(plan.size(), plan.size());
    }

    /**
     * Plan analysis as the guard runs it after compiling: the compiled plan read ({@code
     * CompiledPlanReader}: nodes, edges, state TTLs), then
     * every built-in rule at its default level, streaming mode, state TTL 0 (so every Rank and
     * aggregation yields a finding with its plan excerpt: the expensive path). Everything but the
     * parse of the text and the rules is prepared once, in the constructor.
     */
    public static final class PlanAnalysis {
        private final CompiledPlanReader reader = new CompiledPlanReader();
        private final RuleCatalog catalog = RuleCatalog.builtIn();
        private final Policy policy = Policy.defaults(catalog);
        private final RuleEngine engine = new RuleEngine(catalog, policy);
        private final ParsedStatement statement;
        private final String compiledPlan;

        public PlanAnalysis(String sql, String compiledPlan) {
            this.statement = new StatementParser().parse(sql);
            this.compiledPlan = compiledPlan;
        }

        /** Parses the plan text and runs all rules; returns the verdict. */
        public Object analyse() {
            ExplainedPlan plan = reader.read(compiledPlan);
            AnalysisContext context =
                    new AnalysisContext(
                            statement, Optional.of(plan), Optional.empty(), true, Duration.ZERO, List.of(), Map.of(),
                            policy.ruleOptions());
            return engine.evaluate(context);
        }

        /** How many findings a verdict of {@link #analyse()} holds. */
        public static int findings(Object verdict) {
            return ((Verdict) verdict).findings().size();
        }
    }

    /**
     * What the guard does in the gateway JVM for a statement it does not plan: Flink's SQL parser
     * ({@code StatementParser}) and the decision with every rule ({@code StatementGuard#decide}) over a
     * given session configuration. The audit write and the {@code getSessionConfig} call are not
     * included.
     */
    public static final class StatementDecision {
        private final StatementParser parser = new StatementParser();
        private final RuleCatalog catalog = RuleCatalog.builtIn();
        private final Policy policy = Policy.defaults(catalog);
        private final StatementGuard guard = new StatementGuard(new RuleEngine(catalog, policy), policy);
        private final StatementGuard.Planner neverPlans =
                (body, streaming) -> new ExplainOutcome.Failed("not planned in this benchmark", 0);
        private final Map<String, String> sessionConfig;

        public StatementDecision(Map<String, String> sessionConfig) {
            this.sessionConfig = Map.copyOf(sessionConfig);
        }

        /** Parses {@code sql} and decides; returns the decision. */
        public Object decide(String sql) {
            Decision decision = guard.decide(parser.parse(sql), sessionConfig, Map.of(), neverPlans);
            return decision;
        }
    }
}
