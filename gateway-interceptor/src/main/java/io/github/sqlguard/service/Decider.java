package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.policy.Mode;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.policy.ScopedPolicy;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.rules.RuleCatalog;
import io.github.sqlguard.rules.RuleEngine;
import io.github.sqlguard.service.StatementTiming.Part;
import io.github.sqlguard.statement.ParsedSql;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.SqlGatewayService;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.Map;

/**
 * The decision stage of every route: the guard's decision on a call under the policy (and scope)
 * that decides it ({@link StatementGuard}, planning in the session with {@link SessionPlanner}),
 * counted in the metrics. When the guard itself fails (a bug, an unexpected gateway error), the
 * decision is an unanalysed one that {@code sql-guard.fail-mode} turns into a refusal or a pass. A
 * decision that refuses the statement carries its proven rewrites ({@link RewriteStage}).
 * Thread-safe.
 */
final class Decider {

    private static final Logger LOG = LoggerFactory.getLogger(Decider.class);

    private final SqlGatewayService delegate;
    private final RuleCatalog catalog;
    private final SessionPlanner planner;
    private final GuardMetrics metrics;
    private final RewriteStage rewrites;

    Decider(
            SqlGatewayService delegate, RuleCatalog catalog, SessionPlanner planner, GuardMetrics metrics,
            RewriteStage rewrites) {
        this.delegate = delegate;
        this.catalog = catalog;
        this.planner = planner;
        this.metrics = metrics;
        this.rewrites = rewrites;
    }

    /** The decision on {@code statement} of the call, counted in the metrics. */
    Decision statement(CallContext call, ParsedStatement statement, Configuration executionConfig) {
        return observed(analysed(call, statement, executionConfig), statement.kind().name(), call.policy());
    }

    /** The decision on {@code statement} as it would be taken, not yet counted ({@code EXPLAIN}'s dry run). */
    Decision analysed(CallContext call, ParsedStatement statement, Configuration executionConfig) {
        return call.timing().time(Part.DECIDE, () -> {
            StatementGuard guard = guardOf(call.scoped());
            try {
                Map<String, String> sessionConfig = delegate.getSessionConfig(call.sessionHandle());
                Decision decision = guard.decide(
                        statement,
                        sessionConfig,
                        executionConfig.toMap(),
                        (body, streaming) -> explained(planner.plan(
                                call.sessionHandle(), body, executionConfig, streaming, call.policy().explainTimeout())));
                // A refusal (and an EXPLAIN) carries its proven rewrites; a statement that runs gets them later.
                return rewrites.atOnce(decision, call.policy(), statement)
                        ? rewrites.proveNow(call, statement, sessionConfig, executionConfig, decision)
                        : decision;
            } catch (RuntimeException | StackOverflowError e) {
                LOG.error("sql-guard could not analyse a statement of session {}.", call.session().orElse(null), e);
                return guard.unanalysable(statement, "internal error in the guard: " + PlannerError.of(e).root());
            }
        });
    }

    /** The decision on the properties a session is opened with, counted as {@code kind}. */
    Decision properties(ScopedPolicy scoped, String kind, Map<String, String> properties) {
        return observed(guardOf(scoped).decideConfiguration(properties, "session property"), kind, scoped.policy());
    }

    /** The decision on a call the guard cannot analyse ({@code reason}), counted as {@code kind}. */
    Decision unanalysable(ScopedPolicy scoped, String kind, String reason) {
        return observed(guardOf(scoped).unanalysable(ParsedSql.NONE, reason), kind, scoped.policy());
    }

    /**
     * Counts a decision of a call of {@code kind} in the metrics: its verdict and findings, the
     * fail mode when unanalysed, a refusal (or, in report mode, what would have been one).
     */
    Decision observed(Decision decision, String kind, Policy policy) {
        metrics.statement(kind, decision.verdictLabel());
        for (Finding finding : decision.verdict().findings()) {
            metrics.finding(finding.ruleId(), finding.level().name());
        }
        metrics.analysisMillis(decision.analysisMs());
        decision.unanalysedReason().ifPresent(reason -> {
            metrics.failMode(policy.failMode().name().toLowerCase(Locale.ROOT));
            if (reason.contains("explain-timeout")) {
                metrics.explainTimeout();
            }
        });
        // Flink's own rejection of a statement (audited rejected-by-flink) is no policy refusal, in
        // either mode; it is counted by its verdict and planner-error finding.
        if (!decision.rejectedByFlink()) {
            if (refuses(decision, policy)) {
                metrics.refused();
            } else if (decision.refuse()) {
                metrics.wouldBlock();
            }
        }
        return decision;
    }

    /**
     * True when the decision stops the call: a refusal under {@code sql-guard.mode: enforce}. In
     * {@code report} mode nothing is refused for policy; what would have been is audited {@code
     * would-block} and counted.
     */
    static boolean refuses(Decision decision, Policy policy) {
        return decision.refuse() && policy.mode() != Mode.REPORT;
    }

    /** Counts the time of one planning in the session (planned, rejected, or given up on). */
    private ExplainOutcome explained(ExplainOutcome outcome) {
        metrics.explainMillis(outcome.explainMs());
        return outcome;
    }

    private StatementGuard guardOf(ScopedPolicy scoped) {
        return new StatementGuard(new RuleEngine(catalog, scoped.policy()), scoped.policy());
    }
}
