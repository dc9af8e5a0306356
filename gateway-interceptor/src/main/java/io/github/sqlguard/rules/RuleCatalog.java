package io.github.sqlguard.rules;

import io.github.sqlguard.rules.config.TtlBareNumberRule;
import io.github.sqlguard.rules.config.TtlHintIgnoredRule;
import io.github.sqlguard.rules.config.TtlInvalidValueRule;
import io.github.sqlguard.rules.config.TtlNotATableOptionRule;
import io.github.sqlguard.rules.config.TtlTooShortRule;
import io.github.sqlguard.rules.config.TtlUnknownKeyRule;
import io.github.sqlguard.rules.diagnosis.FrameWithRowNumberRule;
import io.github.sqlguard.rules.diagnosis.OverOrderDescRule;
import io.github.sqlguard.rules.diagnosis.OverOrderNonTimeRule;
import io.github.sqlguard.rules.diagnosis.PlannerErrorRule;
import io.github.sqlguard.rules.diagnosis.RankFunctionUnsupportedRule;
import io.github.sqlguard.rules.diagnosis.RnFilterInSameSelectRule;
import io.github.sqlguard.rules.diagnosis.RowNumberWithoutOrderByRule;
import io.github.sqlguard.rules.diagnosis.SortNonTimeRule;
import io.github.sqlguard.rules.plan.DedupNotRecognizedRule;
import io.github.sqlguard.rules.plan.GlobalRankRule;
import io.github.sqlguard.rules.plan.LargeTopNRule;
import io.github.sqlguard.rules.plan.RankRetractRule;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.rules.plan.UnboundedOverAggregateRule;
import io.github.sqlguard.rules.plan.UnboundedRankRule;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Every rule of the guard, by id, in a stable order (plan, configuration, diagnosis). Immutable. */
public final class RuleCatalog {

    private final Map<String, Rule> rules = new LinkedHashMap<>();

    private RuleCatalog(List<Rule> rules) {
        for (Rule rule : rules) {
            if (this.rules.put(rule.id(), rule) != null) {
                throw new IllegalArgumentException("Duplicate rule id '" + rule.id() + "'.");
            }
        }
    }

    /** The catalog of all built-in rules. */
    public static RuleCatalog builtIn() {
        return new RuleCatalog(
                List.of(
                        new UnboundedRankRule(),
                        new DedupNotRecognizedRule(),
                        new RankRetractRule(),
                        new GlobalRankRule(),
                        new LargeTopNRule(),
                        new UnboundedOverAggregateRule(),
                        new StatefulWithoutTtlRule(),
                        new TtlBareNumberRule(),
                        new TtlTooShortRule(),
                        new TtlInvalidValueRule(),
                        new TtlNotATableOptionRule(),
                        new TtlUnknownKeyRule(),
                        new TtlHintIgnoredRule(),
                        new RnFilterInSameSelectRule(),
                        new FrameWithRowNumberRule(),
                        new OverOrderDescRule(),
                        new SortNonTimeRule(),
                        new RankFunctionUnsupportedRule(),
                        new RowNumberWithoutOrderByRule(),
                        new OverOrderNonTimeRule(),
                        new PlannerErrorRule()));
    }

    /**
     * A catalog of exactly {@code rules}, in that order (tests, and embedding with rules of one's
     * own).
     *
     * @throws IllegalArgumentException when two rules share an id
     */
    public static RuleCatalog of(List<Rule> rules) {
        return new RuleCatalog(rules);
    }

    /** All rules in catalog order. */
    public List<Rule> rules() {
        return List.copyOf(rules.values());
    }

    /** The rule with this id. */
    public Optional<Rule> rule(String id) {
        return Optional.ofNullable(rules.get(id));
    }
}
