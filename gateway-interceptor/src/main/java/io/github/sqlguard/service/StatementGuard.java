package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.policy.FailMode;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.ConfigChange;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.Verdict;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The decision stage of the {@link StatementPipeline}: configuration checks → plan (through the
 * given {@link Planner}) → rules → verdict, for one classified statement. It never calls the
 * gateway itself and keeps no state. Thread-safe.
 */
public final class StatementGuard {

    /** Plans a statement body in the right session ({@link SessionPlanner}). */
    @FunctionalInterface
    public interface Planner {
        ExplainOutcome plan(String statementBody, boolean streaming);
    }

    private final RuleEngine engine;
    private final Policy policy;

    public StatementGuard(RuleEngine engine, Policy policy) {
        this.engine = engine;
        this.policy = policy;
    }

    /**
     * Decides on {@code statement}.
     *
     * @param sessionConfig the session's configuration ({@code SqlGatewayService#getSessionConfig})
     * @param executionConfig the per-statement execution config, applied over the session's
     * @param planner how to EXPLAIN the statement in the user's session
     */
    public Decision decide(
            ParsedStatement statement,
            Map<String, String> sessionConfig,
            Map<String, String> executionConfig,
            Planner planner) {
        long start = System.nanoTime();
        Map<String, String> config = new HashMap<>(sessionConfig);
        config.putAll(executionConfig);
        List<ConfigChange> changes = new ArrayList<>();
        executionConfig.forEach((k, v) -> changes.add(new ConfigChange(k, v, "execution config")));
        if (statement.kind() == StatementKind.SET && statement.setKey() != null) {
            changes.add(new ConfigChange(statement.setKey(), statement.setValue(), "SET"));
        }
        boolean streaming = isStreaming(config);

        Optional<ExplainedPlan> plan = Optional.empty();
        Optional<PlannerError> plannerError = statement.parseErrorMessage().map(PlannerError::of);
        String unanalysed = null;
        Throwable flinkError = statement.flinkError();
        if (statement.explainBody() != null) {
            ExplainOutcome outcome = planner.plan(statement.explainBody(), streaming);
            if (outcome instanceof ExplainOutcome.Planned planned) {
                plan = Optional.of(planned.plan());
            } else if (outcome instanceof ExplainOutcome.Rejected rejected) {
                plannerError = Optional.of(PlannerError.of(rejected.error()));
                flinkError = rejected.error();
            } else if (outcome instanceof ExplainOutcome.Failed failed) {
                unanalysed = failed.reason();
            }
        } else if (statement.kind() == StatementKind.PLAN) {
            unanalysed = "EXECUTE PLAN runs a compiled plan from a file the guard cannot read";
        } else if (statement.kind() == StatementKind.MATERIALIZED_TABLE) {
            unanalysed = "the guard could not find the defining query of this materialized table";
        } else if (statement.kind() == StatementKind.EXPLAIN) {
            unanalysed = "the guard could not find the explained statement in this EXPLAIN";
        }
        Duration ttl = StateTtl.effective(config);
        AnalysisContext context =
                new AnalysisContext(statement, plan, plannerError, streaming, ttl, changes, config, policy.ruleOptions());
        Verdict verdict = engine.evaluate(context);
        boolean refuse = verdict.blocked() || (unanalysed != null && policy.failMode() == FailMode.CLOSED);
        long analysisMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        return Decision.of(statement, verdict, plan, ttl, unanalysed, refuse, flinkError, analysisMs);
    }

    /** Decides on configuration applied outside a statement (session properties at open). */
    public Decision decideConfiguration(ParsedStatement description, Map<String, String> properties, String source) {
        long start = System.nanoTime();
        List<ConfigChange> changes = new ArrayList<>();
        properties.forEach((k, v) -> changes.add(new ConfigChange(k, v, source)));
        Duration ttl = StateTtl.effective(properties);
        AnalysisContext context =
                new AnalysisContext(
                        description, Optional.empty(), Optional.empty(), isStreaming(properties), ttl, changes, properties,
                        policy.ruleOptions());
        Verdict verdict = engine.evaluate(context);
        return Decision.of(
                description, verdict, Optional.empty(), ttl, null, verdict.blocked(), null,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /**
     * The decision on a call the guard cannot analyse ({@code deployScript}, a materialized table
     * refresh, a guard failure): its configuration is still checked; {@code sql-guard.fail-mode}
     * decides whether it runs.
     */
    public Decision unanalysable(ParsedStatement statement, String reason) {
        Decision base = decideConfiguration(statement, Map.of(), "none");
        return Decision.of(
                statement, base.verdict(), Optional.empty(), base.effectiveStateTtl(), reason,
                policy.failMode() == FailMode.CLOSED || base.verdict().blocked(), null, base.analysisMs());
    }

    /** Streaming unless {@code execution.runtime-mode} is {@code batch} ({@code ExecutionOptions.RUNTIME_MODE}). */
    static boolean isStreaming(Map<String, String> config) {
        return !"batch".equalsIgnoreCase(config.getOrDefault("execution.runtime-mode", "streaming").strip());
    }
}
