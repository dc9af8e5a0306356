package io.github.sqlguard.service;

import io.github.sqlguard.plan.PlanParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.results.OperationInfo;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code EXPLAIN CHANGELOG_MODE <statement>} in the user's own session through Flink's {@link
 * SqlGatewayService}, so the plan sees the session's catalogs, views, temporary tables and
 * configuration, plus the per-statement execution config. {@code CHANGELOG_MODE} adds each
 * operator's changelog mode to the physical plan section; the execution plan is unchanged.
 *
 * <p>The EXPLAIN operation is closed after its result is read. Thread-safe.
 */
public final class SessionExplainer {

    private static final Logger LOG = LoggerFactory.getLogger(SessionExplainer.class);

    /**
     * Longest pause between two status checks of the EXPLAIN operation. A check is a map lookup in
     * the gateway, while every millisecond slept after EXPLAIN finished is added to the statement's
     * latency (a 20 ms cap cost about 10 ms per planned statement on average; see bench/).
     */
    private static final long MAX_POLL_PAUSE_MS = 2;

    private final SqlGatewayService delegate;
    private final PlanParser parser = new PlanParser();
    private final Duration timeout;

    public SessionExplainer(SqlGatewayService delegate, Duration timeout) {
        this.delegate = delegate;
        this.timeout = timeout;
    }

    /**
     * EXPLAINs {@code statementBody} (a query, INSERT or {@code STATEMENT SET BEGIN ... END}).
     *
     * @param streaming whether to ask for changelog modes (streaming only)
     */
    public ExplainOutcome explain(
            SessionHandle session, String statementBody, Configuration executionConfig, boolean streaming) {
        long start = System.nanoTime();
        String explain = (streaming ? "EXPLAIN CHANGELOG_MODE " : "EXPLAIN ") + statementBody;
        OperationHandle handle;
        try {
            handle = delegate.executeStatement(session, explain, 0L, executionConfig);
        } catch (RuntimeException e) {
            return new ExplainOutcome.Failed("EXPLAIN could not be submitted: " + Errors.rootMessage(e), elapsedMs(start));
        }
        try {
            long deadline = start + timeout.toNanos();
            long sleepMs = 1;
            while (true) {
                OperationInfo info = delegate.getOperationInfo(session, handle);
                OperationStatus status = info.getStatus();
                if (status == OperationStatus.FINISHED) {
                    return new ExplainOutcome.Planned(parser.parse(readText(session, handle)), elapsedMs(start));
                }
                if (status == OperationStatus.ERROR) {
                    String message = info.getException().map(Errors::plannerMessage).orElse("unknown planner error");
                    return new ExplainOutcome.Rejected(
                            Errors.shiftFirstLineColumns(message, explain.length() - statementBody.length()),
                            elapsedMs(start));
                }
                if (status.isTerminalStatus()) {
                    return new ExplainOutcome.Failed("EXPLAIN ended as " + status, elapsedMs(start));
                }
                if (System.nanoTime() > deadline) {
                    cancelQuietly(session, handle);
                    return new ExplainOutcome.Failed(
                            "EXPLAIN took longer than sql-guard.explain-timeout (" + timeout.toMillis() + " ms)",
                            elapsedMs(start));
                }
                TimeUnit.MILLISECONDS.sleep(sleepMs);
                sleepMs = Math.min(MAX_POLL_PAUSE_MS, sleepMs * 2);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ExplainOutcome.Failed("interrupted while waiting for EXPLAIN", elapsedMs(start));
        } catch (RuntimeException e) {
            return new ExplainOutcome.Failed("EXPLAIN failed in the gateway: " + Errors.rootMessage(e), elapsedMs(start));
        } finally {
            closeQuietly(session, handle);
        }
    }

    private String readText(SessionHandle session, OperationHandle handle) {
        StringBuilder text = new StringBuilder();
        Long token = 0L;
        while (token != null) {
            ResultSet result = delegate.fetchResults(session, handle, token, Integer.MAX_VALUE);
            if (result.getResultType() == ResultSet.ResultType.EOS) {
                break;
            }
            for (RowData row : result.getData()) {
                if (!row.isNullAt(0)) {
                    text.append(row.getString(0).toString());
                }
            }
            token = result.getNextToken();
        }
        return text.toString();
    }

    private void cancelQuietly(SessionHandle session, OperationHandle handle) {
        try {
            delegate.cancelOperation(session, handle);
        } catch (RuntimeException e) {
            LOG.warn("Could not cancel the timed-out EXPLAIN operation {} of session {}.", handle, session, e);
        }
    }

    private void closeQuietly(SessionHandle session, OperationHandle handle) {
        try {
            delegate.closeOperation(session, handle);
        } catch (RuntimeException e) {
            LOG.warn("Could not close the EXPLAIN operation {} of session {}.", handle, session, e);
        }
    }

    private static long elapsedMs(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }
}
