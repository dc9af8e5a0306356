package io.github.sqlguard.flink;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.gateway.service.context.SessionContext;
import org.apache.flink.table.gateway.service.operation.OperationExecutor;
import org.apache.flink.table.resource.ResourceManager;

/**
 * Flink's executor of one operation ({@link OperationExecutor}, as {@code
 * SessionContext#createOperationExecutor} makes it), that makes the operation's table environment and
 * then waits at {@code gate} before it reads the statement: the held operation of {@link
 * GatewaySessions#holdStatement}.
 *
 * <p>Why there: Flink's {@code OperationExecutor#executeStatement(OperationHandle, Configuration,
 * String)} first makes a table environment for the operation ({@code getTableEnvironment(
 * ResourceManager, Configuration)}: a planner, its executor, the session's catalogs, modules and
 * functions under the session's configuration with the execution config on top), then parses the
 * statement with that environment's parser and runs it (flink-sql-gateway 2.3.0 and 1.20.0, the same
 * byte code). Making the environment reads the session and runs nothing of the statement; it is most
 * of what a cheap statement costs Flink (64 % of the operation threads' CPU samples for {@code SET},
 * {@code RESET}, {@code CREATE TABLE} and {@code SHOW TABLES}: bench/results/2026-12-05-cheap-r51.md).
 * Made before the gate, it is made while the guard decides and writes the audit records, on another
 * core, instead of after them.
 */
final class GatedExecutor extends OperationExecutor {

    /** What the operation waits for once its environment is made: throws when the statement must not run. */
    @FunctionalInterface
    interface Gate {
        void await();
    }

    private final Gate gate;

    GatedExecutor(SessionContext context, Configuration executionConfig, Gate gate) {
        super(context, executionConfig);
        this.gate = gate;
    }

    /** Flink's environment, made before the gate; every later call passes the gate at once. */
    @Override
    public TableEnvironmentInternal getTableEnvironment(ResourceManager resourceManager, Configuration config) {
        TableEnvironmentInternal environment = super.getTableEnvironment(resourceManager, config);
        gate.await();
        return environment;
    }
}
