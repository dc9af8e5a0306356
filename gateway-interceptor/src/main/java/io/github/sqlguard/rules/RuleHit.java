package io.github.sqlguard.rules;

import java.util.Objects;
import java.util.Optional;

/**
 * A rule's raw result, before the policy gives it a level.
 *
 * @param reason one sentence: what is wrong and why it matters
 * @param node the plan node line or SQL fragment concerned
 * @param excerpt plan excerpt with the node marked, or empty
 * @param fix a concrete rewrite or setting
 * @param cap the highest level this hit may take whatever the configured level (for example a
 *     bare TTL that already means what was intended is only advised: {@link Level#INFO})
 * @param diagnosis true when the hit explains the planner's rejection of the statement: it is
 *     then reported at {@link Level#BLOCK} (the statement fails in Flink anyway) in place of {@code
 *     planner-error}
 * @param planNode the id of the plan node the hit is about ({@link io.github.sqlguard.plan.PlanNode#id()}),
 *     when it is about one
 * @param facts what the rule established, as values, for the rewrites that answer it
 */
public record RuleHit(
        String reason, String node, String excerpt, String fix, Level cap, boolean diagnosis, Optional<Integer> planNode,
        Facts facts) {

    public RuleHit {
        Objects.requireNonNull(planNode);
        Objects.requireNonNull(facts);
    }

    /** A hit with no facts beyond its text. */
    public RuleHit(
            String reason, String node, String excerpt, String fix, Level cap, boolean diagnosis, Optional<Integer> planNode) {
        this(reason, node, excerpt, fix, cap, diagnosis, planNode, Facts.NONE);
    }

    /** A hit about no plan node. */
    public RuleHit(String reason, String node, String excerpt, String fix, Level cap, boolean diagnosis) {
        this(reason, node, excerpt, fix, cap, diagnosis, Optional.empty());
    }

    /** A hit that is not a diagnosis. */
    public RuleHit(String reason, String node, String excerpt, String fix, Level cap) {
        this(reason, node, excerpt, fix, cap, false);
    }

    /** This hit, about the plan node {@code id}. */
    public RuleHit onNode(int id) {
        return new RuleHit(reason, node, excerpt, fix, cap, diagnosis, Optional.of(id), facts);
    }

    /** This hit, with {@code facts}. */
    public RuleHit with(Facts facts) {
        return new RuleHit(reason, node, excerpt, fix, cap, diagnosis, planNode, facts);
    }

    /** This hit, at most at {@code level}. */
    public RuleHit capped(Level level) {
        return new RuleHit(reason, node, excerpt, fix, level, diagnosis, planNode, facts);
    }

    /** A hit that takes the rule's configured level. */
    public static RuleHit of(String reason, String node, String excerpt, String fix) {
        return new RuleHit(reason, node, excerpt, fix, Level.BLOCK, false);
    }

    /** A hit that explains the planner's rejection of the statement. */
    public static RuleHit diagnosis(String reason, String node, String fix) {
        return new RuleHit(reason, node, "", fix, Level.BLOCK, true);
    }
}
