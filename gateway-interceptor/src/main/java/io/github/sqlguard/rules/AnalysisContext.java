package io.github.sqlguard.rules;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlannerError;
import io.github.sqlguard.statement.ParsedSql;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything a rule may look at for one statement or one configuration call.
 *
 * @param statement the statement as Flink's parser read it; {@link ParsedSql#NONE} for a call that
 *     carries no statement (session properties, a script, a materialized table refresh)
 * @param plan the EXPLAIN result in the user's session, when the statement was planned and the
 *     planner accepted it
 * @param plannerError Flink's rejection of the statement (its parser's or its planner's), read once
 *     for every rule that explains it
 * @param streaming true when the statement runs in streaming mode ({@code execution.runtime-mode})
 * @param effectiveStateTtl the state TTL that applies to the statement's operators, from session
 *     configuration and per-statement execution config; {@link Duration#ZERO} means never expires
 *     (Flink's {@code ExecutionConfigOptions#IDLE_STATE_RETENTION})
 * @param changes configuration values this call applies (SET, session properties, per-statement
 *     execution config)
 * @param config the session configuration merged with the per-statement execution config
 * @param options the values of the rule options in force (the policy's, or its scope's); the {@link
 *     RuleEngine} gives each rule only the options it declares
 * @param advised the window size and state TTL a fix proposes, the ones the proven rewrites use
 * @param restore what the statement would restore, when its configuration names a savepoint and
 *     the gateway judged it ({@link Restore})
 * @param tablesRead the tables and views a statement reads, with their columns and declared PRIMARY KEY as the
 *     session's catalog has them ({@link TableRead}): what a diagnosis, which has no plan, knows of their time
 *     attributes, for a statement Flink's planner refused; for a statement that planned with a join, what its fix
 *     knows of the keys the tables declare; empty otherwise
 */
public record AnalysisContext(
        ParsedSql statement,
        Optional<ExplainedPlan> plan,
        Optional<PlannerError> plannerError,
        boolean streaming,
        Duration effectiveStateTtl,
        List<ConfigChange> changes,
        Map<String, String> config,
        RuleOptions options,
        AdvisedValues advised,
        Optional<Restore> restore,
        List<TableRead> tablesRead) {

    public AnalysisContext {
        tablesRead = List.copyOf(tablesRead);
    }

    /** A context of a statement Flink did not refuse, or whose tables were not read. */
    public AnalysisContext(
            ParsedSql statement,
            Optional<ExplainedPlan> plan,
            Optional<PlannerError> plannerError,
            boolean streaming,
            Duration effectiveStateTtl,
            List<ConfigChange> changes,
            Map<String, String> config,
            RuleOptions options,
            AdvisedValues advised,
            Optional<Restore> restore) {
        this(statement, plan, plannerError, streaming, effectiveStateTtl, changes, config, options, advised, restore, List.of());
    }

    /** A context of a statement that restores no state. */
    public AnalysisContext(
            ParsedSql statement,
            Optional<ExplainedPlan> plan,
            Optional<PlannerError> plannerError,
            boolean streaming,
            Duration effectiveStateTtl,
            List<ConfigChange> changes,
            Map<String, String> config,
            RuleOptions options,
            AdvisedValues advised) {
        this(statement, plan, plannerError, streaming, effectiveStateTtl, changes, config, options, advised, Optional.empty());
    }

    /** A context whose fixes propose the default window size and state TTL ({@link AdvisedValues#DEFAULTS}). */
    public AnalysisContext(
            ParsedSql statement,
            Optional<ExplainedPlan> plan,
            Optional<PlannerError> plannerError,
            boolean streaming,
            Duration effectiveStateTtl,
            List<ConfigChange> changes,
            Map<String, String> config,
            RuleOptions options) {
        this(statement, plan, plannerError, streaming, effectiveStateTtl, changes, config, options, AdvisedValues.DEFAULTS);
    }

    /**
     * The value of a rule option, e.g. {@code context.option(LargeTopNRule.MAX_TOP_N)}.
     *
     * @throws IllegalArgumentException when the rule's declaration does not list {@code option}
     */
    public <T> T option(RuleOption<T> option) {
        return options.get(option);
    }

    /**
     * Every component equal, as a record's equality is, written out: the record's own ({@code ObjectMethods}) goes
     * through a chain of method handles, one per component, that a context's eleven did not get compiled into
     * straight code; it was a tenth of the decision's CPU samples on a {@code SET} ({@link LimitsVerdict#reusableIn}
     * asks it of every statement; bench/results/2026-12-07-cheap-r68.md). The components that differ most often and
     * cost least are compared first; {@link #hashCode} stays the record's, which agrees with it.
     */
    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        return o instanceof AnalysisContext other
                && streaming == other.streaming
                && Objects.equals(statement, other.statement)
                && Objects.equals(plan, other.plan)
                && Objects.equals(plannerError, other.plannerError)
                && Objects.equals(effectiveStateTtl, other.effectiveStateTtl)
                && Objects.equals(restore, other.restore)
                && Objects.equals(advised, other.advised)
                && Objects.equals(options, other.options)
                && Objects.equals(changes, other.changes)
                && Objects.equals(tablesRead, other.tablesRead)
                && Objects.equals(config, other.config);
    }

    /** This context as {@code rule} sees it: with only the options its declaration lists. */
    AnalysisContext forRule(RuleDeclaration rule) {
        return new AnalysisContext(
                statement, plan, plannerError, streaming, effectiveStateTtl, changes, config, options.only(rule.options()),
                advised, restore, tablesRead);
    }
}
