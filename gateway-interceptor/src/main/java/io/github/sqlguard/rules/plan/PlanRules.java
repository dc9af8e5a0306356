package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.PlanSection;
import io.github.sqlguard.rules.RuleHit;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalLong;

/** Helpers shared by the plan rules: reading {@code Rank} attributes and building hits. */
final class PlanRules {

    private PlanRules() {}

    /** Lines of plan shown around a marked node. */
    static final int EXCERPT_CONTEXT = 2;

    static RuleHit hit(PlanSection section, PlanNode node, String reason, String fix) {
        return RuleHit.of(reason, node.text(), section.excerpt(node, EXCERPT_CONTEXT), fix);
    }

    /** {@code rankEnd} of {@code rankRange=[rankStart=1, rankEnd=3]}; empty when not a constant. */
    static OptionalLong rankEnd(PlanNode rank) {
        return rangeValue(rank, "rankEnd");
    }

    /** {@code rankStart} of {@code rankRange=[rankStart=1, rankEnd=3]}. */
    static OptionalLong rankStart(PlanNode rank) {
        return rangeValue(rank, "rankStart");
    }

    private static OptionalLong rangeValue(PlanNode rank, String key) {
        String range = rank.attribute("rankRange").orElse("");
        for (String part : range.split(",")) {
            String[] kv = part.strip().split("=", 2);
            if (kv.length == 2 && kv[0].strip().equals(key)) {
                try {
                    return OptionalLong.of(Long.parseLong(kv[1].strip()));
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }

    /** The keys of {@code partitionBy=[a, b]}; empty for {@code partitionBy=[]} or no attribute. */
    static List<String> partitionKeys(PlanNode node) {
        String keys = node.attribute("partitionBy").orElse("").strip();
        if (keys.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(keys.split(",")).map(String::strip).toList();
    }

    /** The partition keys as SQL for messages: {@code user_id} or {@code (no key)}. */
    static String partitionText(PlanNode node) {
        List<String> keys = partitionKeys(node);
        return keys.isEmpty() ? "(no key)" : String.join(", ", keys);
    }
}
