package io.github.sqlguard.flink;

import io.github.sqlguard.rules.Restore.MaxParallelismConflict;
import io.github.sqlguard.rules.Restore.MaxParallelismConflict.Cause;

import org.apache.flink.runtime.OperatorIDPair;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.scheduler.SchedulerBase;
import org.apache.flink.runtime.scheduler.VertexParallelismInformation;
import org.apache.flink.runtime.scheduler.VertexParallelismStore;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The parallelism and maximum parallelism of a job's vertices as Flink's scheduler gives them before
 * it restores a savepoint, and the two checks the JobManager then makes of the savepoint's state
 * against them. Asked of Flink: {@code SchedulerBase#computeVertexParallelismStore} (the parallelism
 * normalized, a maximum parallelism the job does not configure derived from it by {@code
 * KeyGroupRangeAssignment#computeDefaultMaxParallelism}, and whether it may be replaced by the
 * savepoint's, {@code VertexParallelismInformation#canRescaleMaxParallelism}); the checks themselves
 * are Flink's, written here as they read (the same in 1.20.0 and 2.3.0):
 * <ol>
 *   <li>{@code Checkpoints#loadAndValidateCheckpoint}, as the savepoint is loaded: an operator's state
 *       whose maximum parallelism is not the new vertex's, where the job configures the vertex's (so
 *       Flink cannot take the savepoint's): "Max parallelism mismatch between checkpoint/savepoint
 *       state and new program. Cannot map operator … with max parallelism 256 to new program with max
 *       parallelism 128". Every operator the savepoint lists that the new job has, with state or not;</li>
 *   <li>{@code StateAssignmentOperation#checkParallelismPreconditions}, as state is assigned to a
 *       vertex with state: its maximum parallelism below the vertex's parallelism: "The maximum
 *       parallelism (1) of the restored state is lower than the configured parallelism (2)".</li>
 * </ol>
 * Either fails the job's submission (measured on 2.3.0 and 1.20.0: the statement fails, no job runs;
 * {@code StateChangesIT}, pairs 28-31).
 */
public final class MaxParallelism {

    private MaxParallelism() {}

    /**
     * One vertex of a job, as the scheduler sees it.
     *
     * @param vertex the vertex's name
     * @param info Flink's parallelism information of it ({@code SchedulerBase#computeVertexParallelismStore})
     */
    public record Vertex(String vertex, VertexParallelismInformation info) {

        /** The maximum parallelism a savepoint of this vertex's operators records ({@code ExecutionJobVertex#getMaxParallelism}). */
        public int maxParallelism() {
            return info.getMaxParallelism();
        }
    }

    /**
     * Each operator id (hex; generated and user-defined) of {@code graph}'s vertices, with its vertex
     * as the scheduler would compute it.
     */
    public static Map<String, Vertex> byOperatorId(JobGraph graph) {
        VertexParallelismStore store = SchedulerBase.computeVertexParallelismStore(graph);
        Map<String, Vertex> byId = new HashMap<>();
        for (JobVertex vertex : graph.getVertices()) {
            Vertex info = new Vertex(vertex.getName(), store.getParallelismInfo(vertex.getID()));
            for (OperatorIDPair pair : vertex.getOperatorIDs()) {
                byId.put(pair.getGeneratedOperatorID().toHexString(), info);
                pair.getUserDefinedOperatorID().ifPresent(id -> byId.put(id.toHexString(), info));
            }
        }
        return Map.copyOf(byId);
    }

    /**
     * Flink's checks of the savepoint's operator {@code operator}, whose state was taken with maximum
     * parallelism {@code savedMaxParallelism}, restored into {@code vertex}: empty where Flink assigns it.
     *
     * @param hasState whether the savepoint holds state of it ({@code OperatorSubtaskState#hasState}):
     *     only then is it assigned, and checked against the vertex's parallelism
     */
    public static Optional<MaxParallelismConflict> check(
            String operator, int savedMaxParallelism, Vertex vertex, boolean hasState) {
        VertexParallelismInformation info = vertex.info();
        if (savedMaxParallelism != info.getMaxParallelism() && !info.canRescaleMaxParallelism(savedMaxParallelism)) {
            return Optional.of(new MaxParallelismConflict(operator, vertex.vertex(), savedMaxParallelism,
                    info.getParallelism(), info.getMaxParallelism(), Cause.CONFIGURED_OTHERWISE));
        }
        if (hasState && savedMaxParallelism < info.getParallelism()) {
            return Optional.of(new MaxParallelismConflict(operator, vertex.vertex(), savedMaxParallelism,
                    info.getParallelism(), info.getMaxParallelism(), Cause.BELOW_PARALLELISM));
        }
        return Optional.empty();
    }
}
