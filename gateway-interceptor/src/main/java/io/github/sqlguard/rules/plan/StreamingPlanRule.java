package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;

/**
 * A rule on the plan of a statement that runs in streaming mode. In batch mode, or when the
 * statement was not planned, it reports nothing.
 */
abstract class StreamingPlanRule implements Rule {

    @Override
    public final List<RuleHit> check(AnalysisContext context) {
        if (!context.streaming() || context.plan().isEmpty()) {
            return List.of();
        }
        return check(context, context.plan().get());
    }

    /** The hits in {@code plan}, the statement's streaming plan. */
    protected abstract List<RuleHit> check(AnalysisContext context, ExplainedPlan plan);
}
