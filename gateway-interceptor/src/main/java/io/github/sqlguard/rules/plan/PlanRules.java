package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.PlanSection;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;

/** Helpers shared by the plan rules: building hits, partition keys in messages. */
final class PlanRules {

    private PlanRules() {}

    /** Lines of plan shown around a marked node. */
    static final int EXCERPT_CONTEXT = 2;

    static RuleHit hit(PlanSection section, PlanNode node, String reason, String fix) {
        return RuleHit.of(reason, node.text(), section.excerpt(node, EXCERPT_CONTEXT), fix);
    }

    /** Partition keys as SQL for messages: {@code user_id} or {@code (no key)}. */
    static String partitionText(List<String> keys) {
        return keys.isEmpty() ? "(no key)" : String.join(", ", keys);
    }
}
