package io.github.sqlguard.restore;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A job as the guard runs it from a judged compiled plan: the plan and, for each of its nodes, the
 * operator ids of the operators that node becomes in the job's {@code JobGraph}. A savepoint's state
 * is mapped to a job's operators by these ids ({@code Checkpoints#loadAndValidateCheckpoint}), so two
 * jobs' nodes that share an id are the same state's old and new owner.
 *
 * <p>Built by {@code StatementJobs#plannedJob} (Flink's planner, Flink's {@code
 * StreamGraphHasherV2}), stored by the gateway for the jobs it submits ({@code PlanStore}), and
 * compared by {@link StateChanges#compare}.
 *
 * @param plan the compiled plan JSON as the job runs it (nodes numbered 1..n, {@code StatementUids})
 * @param operatorIds by the plan's node id, the operator ids (hex, Flink's {@code
 *     OperatorID#toHexString}) of the node's operators in the job; a node that becomes several
 *     operators (a sink with its materializer) has several
 */
public record PlannedJob(String plan, Map<Integer, List<String>> operatorIds) {

    public PlannedJob {
        Map<Integer, List<String>> copy = new LinkedHashMap<>();
        operatorIds.forEach((node, ids) -> copy.put(node, List.copyOf(ids)));
        operatorIds = java.util.Collections.unmodifiableMap(copy);
    }

    /** Every operator id of the job's plan nodes. */
    public java.util.Set<String> allOperatorIds() {
        java.util.Set<String> all = new java.util.LinkedHashSet<>();
        operatorIds.values().forEach(all::addAll);
        return all;
    }
}
