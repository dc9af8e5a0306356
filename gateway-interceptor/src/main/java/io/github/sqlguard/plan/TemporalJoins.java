package io.github.sqlguard.plan;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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

    /**
     * What a job state TTL of {@code ttl} does to the event-time temporal joins {@code joins}, the one sentence every
     * message says it with: {@code a key with no row on either side for 1 d (up to 1.5 times that) of processing
     * time loses every version ...}. {@code StreamExecTemporalJoin} takes no {@code STATE_TTL} hint and reads the
     * job's TTL as its retention time; {@code TemporalRowTimeJoinOperator} expires no entry but uses it as an idle
     * timeout per key ({@code BaseTwoInputStreamOperatorWithStateRetention}: a processing-time timer the TTL after
     * the key's last row on either side, moved on at each row, at most 1.5 times the TTL), whose {@code
     * cleanupState} clears every row of the key, the versions of the versioned side included. A row of the probe
     * side arriving later finds no version until the versioned side's key changes again: an inner join drops it, a
     * left join emits it with NULLs (Flink 2.3.0 and 1.20).
     */
    public static String idleTimeout(String ttl, List<PlanNode> joins) {
        Set<String> outcomes = new LinkedHashSet<>();
        for (PlanNode join : joins) {
            outcomes.add(leftOuter(join) ? "emitted with NULLs for the versioned side's columns" : "dropped");
        }
        if (outcomes.isEmpty()) {
            outcomes.add("dropped by an inner join");
            outcomes.add("emitted with NULLs by a left join");
        }
        return "a key with no row on either side for " + ttl + " (up to 1.5 times that) of processing time loses every"
                + " version of the versioned side, so a row of the probe side for that key arriving later finds no version"
                + " until the versioned side's key changes again, and is " + String.join(" or ", outcomes);
    }

    /** True for a {@code LEFT JOIN ... FOR SYSTEM_TIME AS OF}, false for an inner one. */
    public static boolean leftOuter(PlanNode temporalJoin) {
        return temporalJoin.description().contains("joinType=[LeftOuterJoin]");
    }
}
