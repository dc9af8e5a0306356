package io.github.sqlguard.flink;

import org.apache.flink.api.dag.Pipeline;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.table.api.PlanReference;
import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.delegation.Planner;
import org.apache.flink.table.operations.ModifyOperation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The job graph a statement becomes, built as Flink builds it before submitting ({@code
 * TableEnvironmentImpl#executeInternal}: the planner's transformations, the executor's pipeline,
 * {@code StreamGraph#getJobGraph}), without submitting anything: from the statement's operations (what
 * a stock gateway runs) or from the compiled plan the guard judged, translated as the guard runs it
 * ({@link StatementUids}). Its vertices carry the operator ids a savepoint's state is mapped by.
 *
 * <p>Each call translates with {@code tEnv}'s planner and configuration; {@link #ofJudgedPlan} changes
 * {@code tEnv}'s table configuration as {@link GatewaySessions#executePlan} does, so pass an
 * environment of its own (one of {@link GatewaySessions#tableEnvironment} per call).
 */
public final class StatementJobs {

    private StatementJobs() {}

    /** The job graph of {@code operations} (an INSERT, or a statement set's INSERTs) as Flink runs their text. */
    public static JobGraph ofOperations(TableEnvironmentInternal tEnv, List<ModifyOperation> operations) {
        return jobGraph(tEnv, planner(tEnv).translate(operations));
    }

    /** The job graph of the judged compiled plan {@code compiledPlanJson}, as the guard runs it in place of its statement's text. */
    public static JobGraph ofJudgedPlan(TableEnvironmentInternal tEnv, String compiledPlanJson) {
        String plan = StatementUids.inPlaceOfStatementText(compiledPlanJson, tEnv.getConfig());
        Planner planner = planner(tEnv);
        try {
            return jobGraph(tEnv, planner.translatePlan(planner.loadPlan(PlanReference.fromJsonString(plan))));
        } catch (IOException e) {
            throw new UncheckedIOException("Flink could not read the judged compiled plan", e);
        }
    }

    private static JobGraph jobGraph(TableEnvironmentInternal tEnv, List<Transformation<?>> transformations) {
        // The query operation only names the job; the job name is no part of any operator id.
        Pipeline pipeline = environment(tEnv).generatePipelineFromQueryOperation(null, transformations);
        if (!(pipeline instanceof StreamGraph graph)) {
            throw new TableException("Flink built a " + pipeline.getClass().getName() + ", not a stream graph");
        }
        return graph.getJobGraph();
    }

    private static Planner planner(TableEnvironmentInternal tEnv) {
        return environment(tEnv).getPlanner();
    }

    private static TableEnvironmentImpl environment(TableEnvironmentInternal tEnv) {
        if (tEnv instanceof TableEnvironmentImpl impl) {
            return impl;
        }
        throw new TableException("not Flink's TableEnvironmentImpl: " + tEnv.getClass().getName());
    }
}
