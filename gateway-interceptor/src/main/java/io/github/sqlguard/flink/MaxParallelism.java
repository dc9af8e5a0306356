package io.github.sqlguard.flink;

import io.github.sqlguard.rules.Restore.MaxParallelismConflict;
import io.github.sqlguard.rules.Restore.MaxParallelismConflict.Cause;

import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.runtime.OperatorIDPair;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.scheduler.SchedulerBase;
import org.apache.flink.runtime.scheduler.VertexParallelismInformation;
import org.apache.flink.runtime.scheduler.VertexParallelismStore;

import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.connector.sink2.SupportsPostCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreWriteTopology;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.streaming.api.transformations.SinkTransformation;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

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
     * A job's vertices as the scheduler computes them ({@link #byOperatorId(JobGraph)}), from the
     * job graph, which is built (and then kept) only where a savepoint could conflict with them
     * ({@link #canConflict}): building it is most of what a restoring statement's planning pays
     * beyond its stream graph.
     *
     * <p>Whether a conflict is possible is read off the stream graph, exactly: a vertex's maximum
     * parallelism is configured only where one of its stream nodes' is ({@code
     * StreamingJobGraphGenerator#createJobVertex} takes the chain head's, a forward group only one
     * its members configure); where none is, the scheduler derives it and may replace it by a
     * savepoint's ({@code VertexParallelismInformation#canRescaleMaxParallelism}), so the first check
     * of {@link #check} cannot fail; and a vertex's parallelism is one of its stream nodes' (the head's,
     * or its forward group's), normalised to 1 where unset ({@code SchedulerBase#normalizeParallelism}),
     * so the second cannot fail for a saved maximum parallelism of at least the highest of them.
     * Flink 1.20 does not expose a stream node's maximum parallelism ({@link FlinkLine#maxParallelism}):
     * there it is read off the transformations the stream graph was made of ({@link
     * #configuredMaxParallelism}).
     */
    public static final class Vertices {

        /** Flink's {@code KeyGroupRangeAssignment#DEFAULT_LOWER_BOUND_MAX_PARALLELISM}. */
        static final int DERIVED_LOWER_BOUND = 128;

        /** No vertices: a job whose restore is not judged. */
        public static final Vertices NONE = new Vertices(Map::of, false, 1);

        private final Supplier<Map<String, Vertex>> build;
        private final boolean maxParallelismConfigured;
        private final int highestParallelism;
        private Map<String, Vertex> byOperatorId;

        private Vertices(Supplier<Map<String, Vertex>> build, boolean maxParallelismConfigured, int highestParallelism) {
            this.build = build;
            this.maxParallelismConfigured = maxParallelismConfigured;
            this.highestParallelism = highestParallelism;
        }

        /**
         * The vertices of {@code graph}'s job, each named by {@code rename} of its vertex name;
         * {@code transformations} are those {@code graph} was generated from, for a line that does not
         * expose a stream node's maximum parallelism ({@link #configuredMaxParallelism}).
         */
        public static Vertices of(
                StreamGraph graph, List<Transformation<?>> transformations, UnaryOperator<String> rename) {
            boolean configured = configuredMaxParallelism(graph, transformations);
            int highest = 1;
            for (StreamNode node : graph.getStreamNodes()) {
                highest = Math.max(highest, node.getParallelism());
            }
            return new Vertices(() -> {
                Map<String, Vertex> renamed = new HashMap<>();
                MaxParallelism.byOperatorId(graph.getJobGraph()).forEach(
                        (id, vertex) -> renamed.put(id, new Vertex(rename.apply(vertex.vertex()), vertex.info())));
                return Map.copyOf(renamed);
            }, configured, highest);
        }

        /** The vertices of {@code graph}, already built. */
        public static Vertices of(JobGraph graph) {
            Map<String, Vertex> built = MaxParallelism.byOperatorId(graph);
            return new Vertices(() -> built, true, Integer.MAX_VALUE);
        }

        /**
         * Whether an operator's state saved with maximum parallelism {@code savedMaxParallelism} could
         * fail either check of {@link #check} against some vertex of this job (if not, it cannot).
         */
        public boolean canConflict(int savedMaxParallelism) {
            return maxParallelismConfigured || savedMaxParallelism < highestParallelism;
        }

        /**
         * The lowest maximum parallelism a vertex of this job can have: where no stream node has one
         * configured, the scheduler derives each vertex's from its parallelism, at least {@value
         * #DERIVED_LOWER_BOUND} ({@code KeyGroupRangeAssignment#computeDefaultMaxParallelism}, {@code
         * DEFAULT_LOWER_BOUND_MAX_PARALLELISM}, 1.20 and 2.3); 1 where one is or may be configured.
         */
        public int lowestMaxParallelism() {
            return maxParallelismConfigured ? 1 : DERIVED_LOWER_BOUND;
        }

        /** Whether the vertices were built ({@link #byOperatorId} asked for). */
        synchronized boolean built() {
            return byOperatorId != null;
        }

        /** Each operator id (hex; generated and user-defined) with its vertex; built on first use. */
        public synchronized Map<String, Vertex> byOperatorId() {
            if (byOperatorId == null) {
                byOperatorId = build.get();
            }
            return byOperatorId;
        }
    }

    /**
     * Whether a stream node of {@code graph} has a maximum parallelism configured (the job's {@code
     * pipeline.max-parallelism}, or an operator's own, such as the planner's 1 for a global operator),
     * or may have: only where no node has one can a savepoint's maximum parallelism replace the
     * vertices' ({@link Vertices}). Flink 2.x gives each node's ({@code StreamNode#getMaxParallelism},
     * {@link FlinkLine#maxParallelism}). Flink 1.20 keeps it package-private, so there it is read where
     * {@code StreamGraphGenerator} took it from (1.20.0 sources): a node is made from the transformation
     * of its id, whose maximum parallelism the generator first sets to the job's where it has none
     * ({@code StreamGraphGenerator#transform}), and which its translator gives the node ({@code
     * StreamGraph#setMaxParallelism(transformation.getId(), transformation.getMaxParallelism())}, every
     * translator of a table job's transformations). A Sink V2 ({@code SinkTransformation}) is expanded
     * into transformations of its own ({@code SinkTransformationTranslator}), not reachable from {@code
     * transformations}: a sink without a pre-write, committing or post-commit topology becomes one
     * writer ({@code SinkWriterOperatorFactory}) without a maximum parallelism of its own, which takes
     * the sink transformation's ({@code SinkExpander#adjustTransformations}). Any other node the
     * transformations do not account for counts as configured, so the job graph is built, as Flink's
     * checks then need.
     */
    static boolean configuredMaxParallelism(StreamGraph graph, List<Transformation<?>> transformations) {
        Map<Integer, Transformation<?>> byId = null;
        int unknown = 0;
        for (StreamNode node : graph.getStreamNodes()) {
            OptionalInt line = FlinkLine.current().maxParallelism(node);
            if (line.isPresent()) {
                if (line.getAsInt() > 0) {
                    return true;
                }
                continue;
            }
            if (byId == null) {
                byId = byId(transformations);
            }
            Transformation<?> made = byId.get(node.getId());
            if (made == null) {
                unknown++;
            } else if (made.getMaxParallelism() > 0) {
                return true;
            }
        }
        if (unknown == 0) {
            return false;
        }
        // The nodes the transformations do not name: each plain Sink V2's one writer, with the sink's maximum parallelism.
        int writers = 0;
        for (Transformation<?> transformation : byId.values()) {
            if (transformation instanceof SinkTransformation<?, ?> sink) {
                if (!writesOnly(sink.getSink()) || sink.getMaxParallelism() > 0) {
                    return true;
                }
                writers++;
            }
        }
        return unknown != writers;
    }

    /** A Sink V2 that {@code SinkTransformationTranslator} expands into its writer alone. */
    private static boolean writesOnly(Object sink) {
        return !(sink instanceof SupportsPreWriteTopology<?>)
                && !(sink instanceof SupportsCommitter<?>)
                && !(sink instanceof SupportsPreCommitTopology<?, ?>)
                && !(sink instanceof SupportsPostCommitTopology<?>);
    }

    /** {@code transformations} and every transformation they read from, by id. */
    private static Map<Integer, Transformation<?>> byId(List<Transformation<?>> transformations) {
        Map<Integer, Transformation<?>> byId = new HashMap<>();
        Deque<Transformation<?>> open = new ArrayDeque<>(transformations);
        while (!open.isEmpty()) {
            Transformation<?> transformation = open.pop();
            if (byId.putIfAbsent(transformation.getId(), transformation) == null) {
                open.addAll(transformation.getInputs());
            }
        }
        return byId;
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
     * The operator is described only for a conflict (its name and uid read and joined for the message).
     *
     * @param hasState whether the savepoint holds state of it ({@code OperatorSubtaskState#hasState}):
     *     only then is it assigned, and checked against the vertex's parallelism
     */
    public static Optional<MaxParallelismConflict> check(
            Supplier<String> operator, int savedMaxParallelism, Vertex vertex, boolean hasState) {
        VertexParallelismInformation info = vertex.info();
        if (savedMaxParallelism != info.getMaxParallelism() && !info.canRescaleMaxParallelism(savedMaxParallelism)) {
            return Optional.of(new MaxParallelismConflict(operator.get(), vertex.vertex(), savedMaxParallelism,
                    info.getParallelism(), info.getMaxParallelism(), Cause.CONFIGURED_OTHERWISE));
        }
        if (hasState && savedMaxParallelism < info.getParallelism()) {
            return Optional.of(new MaxParallelismConflict(operator.get(), vertex.vertex(), savedMaxParallelism,
                    info.getParallelism(), info.getMaxParallelism(), Cause.BELOW_PARALLELISM));
        }
        return Optional.empty();
    }
}
