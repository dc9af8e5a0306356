package io.github.sqlguard.plan;

import java.util.List;

/**
 * The temporal joins of a plan ({@code TemporalJoin} nodes: {@code StreamExecTemporalJoin}), and
 * their join type as Flink prints it in the node's description ({@code joinType=[InnerJoin]} or
 * {@code joinType=[LeftOuterJoin]}: {@code FlinkJoinType#toString}, the only two a temporal join
 * takes). What a key's expired versions mean for a probe row depends on it: an inner join drops the
 * row, a left join emits it with NULLs.
 */
public final class TemporalJoins {

    private TemporalJoins() {}

    /** The plan's temporal joins, in plan order. */
    public static List<PlanNode> of(ExplainedPlan plan) {
        return plan.nodes().stream().filter(n -> n.is("TemporalJoin")).toList();
    }

    /** True for a {@code LEFT JOIN ... FOR SYSTEM_TIME AS OF}, false for an inner one. */
    public static boolean leftOuter(PlanNode temporalJoin) {
        return temporalJoin.description().contains("joinType=[LeftOuterJoin]");
    }
}
