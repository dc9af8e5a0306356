package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.rules.AdvisedValues;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Facts;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.statement.SqlIdentifiers;

import java.util.List;
import java.util.Optional;

/** Helpers shared by the plan rules: building hits, key columns in messages. */
final class PlanRules {

    private PlanRules() {}

    /** Lines of plan shown around a marked node. */
    static final int EXCERPT_CONTEXT = 2;

    /**
     * A hit on {@code operator}: named by its id and keys ({@link Operator#describe()}), the plan around it
     * marked, with the operator's name as a fact ({@link Facts#operator()}).
     */
    static RuleHit hit(ExplainedPlan plan, Operator operator, String reason, String fix) {
        return RuleHit.of(reason, operator.describe(), plan.excerpt(operator.node(), EXCERPT_CONTEXT), fix)
                .onNode(operator.node().id())
                .with(Facts.NONE.withOperator(operator.node().name()));
    }

    /**
     * {@code hit} with what its fix proposes as facts: the state TTL ({@link AdvisedValues#stateTtl()}) as its
     * intended TTL, the operator's key columns, and the event-time attribute a window over its input would use.
     */
    static RuleHit advising(RuleHit hit, AdvisedValues advised, List<String> keys, Optional<Column> rowtime) {
        Facts facts = hit.facts().withIntendedTtl(advised.stateTtl()).withKeys(keys);
        return hit.with(rowtime.map(c -> facts.withTimeAttribute(c.name())).orElse(facts));
    }

    /** Key columns as SQL for messages: {@code user_id, item}, or {@code no PARTITION BY: one partition} without any. */
    static String keysText(List<String> keys) {
        return keys.isEmpty() ? "no PARTITION BY: one partition"
                : SqlIdentifiers.planNames(keys);
    }

    /**
     * A filter on the statement's row number: {@code WHERE rn <= 10} by the alias the statement gives
     * its ROW_NUMBER; {@code WHERE <alias> <= 10} phrased without one when it has none.
     */
    static String rowNumberFilter(AnalysisContext context, long n) {
        List<String> aliases = context.statement().rankFunctionAliases();
        return aliases.isEmpty()
                ? "a filter on the row number's alias (<= " + n + ")"
                : "WHERE " + aliases.get(0) + " <= " + n;
    }
}
