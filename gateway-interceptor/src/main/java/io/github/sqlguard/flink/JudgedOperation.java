package io.github.sqlguard.flink;

import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.api.internal.TableResultInternal;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.service.result.ResultFetcher;
import org.apache.flink.table.operations.CreateTableASOperation;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.operations.ReplaceTableAsOperation;

import java.util.List;
import java.util.Optional;

/**
 * A query or a {@code CREATE/REPLACE TABLE ... AS} as the guard planned and judged it: Flink's
 * {@link Operation}, with the table environment of the session that planned it. The operation was
 * read against the catalog as it was when the guard planned (views expanded, tables resolved) and
 * the environment carries the configuration of that moment (the runtime mode included), so running
 * it ({@link GatewaySessions#executeOperation}) runs what was judged, whatever the session's
 * catalog or configuration became since, where handing Flink the statement's text would read
 * both again.
 *
 * <p>Runs once. Internal to the guard: outside this package it is only carried from the decision to
 * the hand-off.
 */
public final class JudgedOperation {

    private final TableEnvironmentInternal tEnv;
    private final Operation operation;
    private final PlannerCluster cluster;

    private JudgedOperation(TableEnvironmentInternal tEnv, Operation operation, PlannerCluster cluster) {
        this.tEnv = tEnv;
        this.operation = operation;
        this.cluster = cluster;
    }

    /**
     * The judged form of {@code operation}, planned with {@code tEnv}: for a query, a {@code CREATE
     * TABLE ... AS} or a {@code REPLACE TABLE ... AS}, when the planner's cluster can be reached to
     * run it on another thread ({@link PlannerCluster}); empty for anything else.
     */
    static Optional<JudgedOperation> of(TableEnvironmentInternal tEnv, Operation operation) {
        boolean runnable =
                operation instanceof QueryOperation
                        || operation instanceof CreateTableASOperation
                        || operation instanceof ReplaceTableAsOperation;
        return runnable ? PlannerCluster.of(tEnv).map(c -> new JudgedOperation(tEnv, operation, c)) : Optional.empty();
    }

    /** True for a query (its result is the query's rows), false for a {@code CREATE/REPLACE TABLE AS} (a job id). */
    public boolean isQuery() {
        return operation instanceof QueryOperation;
    }

    /**
     * Runs the operation on the calling thread, as Flink's {@code OperationExecutor#executeOperation}
     * runs one: a query through {@code executeInternal} with its rows fetched as a query result, a
     * {@code CREATE/REPLACE TABLE AS} as a modify operation whose result names its job ({@code
     * callModifyOperations}, {@code fetchJobId}).
     */
    ResultFetcher run(OperationHandle handle) {
        cluster.attachToCurrentThread();
        if (operation instanceof QueryOperation) {
            return ResultFetcher.fromTableResult(handle, tEnv.executeInternal(operation), true);
        }
        TableResultInternal result = tEnv.executeInternal(List.of((ModifyOperation) operation));
        return GatewaySessions.jobIdResult(handle, result);
    }
}
