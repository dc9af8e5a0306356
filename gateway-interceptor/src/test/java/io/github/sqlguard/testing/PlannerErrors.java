package io.github.sqlguard.testing;

import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.results.OperationInfo;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;
import org.apache.flink.table.gateway.service.context.DefaultContext;
import org.apache.flink.table.gateway.service.session.SessionManager;
import org.apache.flink.util.ExceptionUtils;

import java.util.List;

/**
 * Provokes planner errors with Flink's real planner (flink-table-planner-loader on the test
 * classpath), in the forms the guard meets them:
 *
 * <ul>
 *   <li>{@link #plain}: the Throwable of {@code TableEnvironment#explainSql} in streaming mode, as
 *       the planner throws it (already wrapped by the planner for some errors, e.g. {@code Error
 *       while applying rule FlinkLogicalOverAggregateConverter} around ROW_NUMBER ordered by a
 *       constant);
 *   <li>{@link #throughGateway}: the exception Flink's own {@link SqlGatewayServiceImpl} reports for
 *       a failed {@code EXPLAIN} ({@code OperationInfo#getException}: {@code SqlExecutionException:
 *       Failed to execute the operation ...} around the planner's error), as the guard reads it;
 *   <li>{@link #asText}: that exception as a printed stack trace, as a REST client receives it.
 * </ul>
 *
 * <p>Each call runs in a fresh environment or session: the statements before the last are setup
 * (DDL) and must succeed; the last is EXPLAINed and must fail.
 */
public final class PlannerErrors implements AutoCloseable {

    private final SessionManager sessions;
    private final SqlGatewayServiceImpl service;

    private PlannerErrors(SessionManager sessions) {
        this.sessions = sessions;
        this.service = new SqlGatewayServiceImpl(sessions);
    }

    /** Flink's gateway service in this JVM (no endpoint), with local execution in streaming mode. */
    public static PlannerErrors startGateway() {
        Configuration config = new Configuration();
        config.setString("execution.target", "local");
        config.setString("execution.attached", "true");
        config.setString("execution.runtime-mode", "streaming");
        SessionManager sessions = SessionManager.create(new DefaultContext(config, List.of()));
        sessions.start();
        return new PlannerErrors(sessions);
    }

    /**
     * The planner's Throwable for the last of {@code statements}, from {@code explainSql}; a {@code
     * SET} before it is applied to the environment's configuration, as a session applies it.
     */
    public static Throwable plain(String... statements) {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        StatementParser parser = new StatementParser();
        for (int i = 0; i < statements.length - 1; i++) {
            ParsedStatement parsed = parser.parse(statements[i]);
            if (parsed.setKey() != null && parsed.setValue() != null) {
                env.getConfig().getConfiguration().setString(parsed.setKey(), parsed.setValue());
            } else {
                env.executeSql(statements[i]);
            }
        }
        String last = statements[statements.length - 1];
        try {
            env.explainSql(last);
        } catch (Throwable t) {
            return t;
        }
        throw new AssertionError("the planner accepted: " + last);
    }

    /** The exception the gateway reports for {@code EXPLAIN <last statement>}. */
    public Throwable throughGateway(String... statements) throws InterruptedException {
        SessionHandle session =
                service.openSession(
                        SessionEnvironment.newBuilder()
                                .setSessionEndpointVersion(SqlGatewayRestAPIVersion.getDefaultVersion())
                                .build());
        try {
            for (int i = 0; i < statements.length; i++) {
                boolean last = i == statements.length - 1;
                String sql = last ? "EXPLAIN " + statements[i] : statements[i];
                OperationInfo info = await(session, service.executeStatement(session, sql, 0L, new Configuration()));
                if (!last && info.getStatus() != OperationStatus.FINISHED) {
                    throw new AssertionError("setup statement ended " + info.getStatus() + ": " + sql, info.getException().orElse(null));
                }
                if (last) {
                    return info.getException().orElseThrow(() -> new AssertionError("the planner accepted: " + sql));
                }
            }
            throw new IllegalArgumentException("no statement");
        } finally {
            service.closeSession(session);
        }
    }

    /** {@code t} as a printed stack trace, the only form a REST client gets. */
    public static String asText(Throwable t) {
        return ExceptionUtils.stringifyException(t);
    }

    private OperationInfo await(SessionHandle session, OperationHandle handle) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (true) {
            OperationInfo info = service.getOperationInfo(session, handle);
            if (info.getStatus().isTerminalStatus()) {
                return info;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("operation still " + info.getStatus() + " after 60 s");
            }
            Thread.sleep(5);
        }
    }

    @Override
    public void close() {
        sessions.stop();
    }
}
