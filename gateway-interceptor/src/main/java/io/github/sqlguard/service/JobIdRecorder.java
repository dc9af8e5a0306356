package io.github.sqlguard.service;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.AuditWriteException;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.observe.StateWatcher;
import io.github.sqlguard.observe.WatchedJob;

import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Writes the {@code jobSubmitted} record of a statement handed on to Flink the first time a
 * fetched result of its operation names a job (an INSERT, a statement set, a query), and the {@code
 * jobStopped} record of a {@code STOP JOB} the first time its operation answers (the savepoint's path). The records
 * waiting for their job id are the session's ({@link GuardedSession#awaitJob}): dropped when the
 * operation or the session closes. Each job recorded is handed to the {@link StateWatcher}, which
 * only adds it to its watch. Thread-safe.
 */
final class JobIdRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(JobIdRecorder.class);

    private final Auditor auditor;
    private final SessionRegistry sessions;
    private final StateWatcher watcher;
    private final Function<SessionHandle, Map<String, String>> sessionConfig;

    /**
     * @param watcher watches the state of each job recorded (when enabled)
     * @param sessionConfig a session's configuration, where its jobs run
     */
    JobIdRecorder(
            Auditor auditor, SessionRegistry sessions, StateWatcher watcher,
            Function<SessionHandle, Map<String, String>> sessionConfig) {
        this.auditor = auditor;
        this.sessions = sessions;
        this.watcher = watcher;
        this.sessionConfig = sessionConfig;
    }

    /** Audits the job {@code result} names, once per awaited operation; returns {@code result}. */
    ResultSet fetched(SessionHandle session, OperationHandle operation, ResultSet result) {
        // A NOT_READY result has no job id yet (getJobID throws on it).
        if (result == null || result.getResultType() == ResultSet.ResultType.NOT_READY) {
            return result;
        }
        Optional<GuardedSession> guarded = sessions.find(session);
        if (guarded.isEmpty()) {
            return result;
        }
        guarded.get().takeAwaitedStop(operation).ifPresent(stop -> write(
                auditor.stopped(stop.handedOn(), stop.jobId(), StoppedJobResult.savepointPath(result)), operation));
        if (!guarded.get().awaitsJob(operation) || result.getJobID() == null) {
            return result;
        }
        Optional<GuardedSession.AwaitedJob> submitted = guarded.get().takeAwaitedJob(operation);
        if (submitted.isPresent()) {
            AuditRecord job = auditor.job(submitted.get().submitted(), result.getJobID().toHexString());
            write(job, operation);
            if (watcher.enabled()) {
                try {
                    watcher.watch(new WatchedJob(job, submitted.get().statefulOperators(), sessionConfig.apply(session)));
                } catch (RuntimeException e) {
                    // The client's fetch must not fail for the watch: the job is not watched, and the log says why.
                    LOG.error("sql-guard could not start watching the state of job {} of operation {}.",
                            job.outcome().jobId(), operation, e);
                }
            }
        }
        return result;
    }

    /** Writes {@code record}, which follows what already ran: nothing to refuse if it cannot be written. */
    private void write(AuditRecord record, OperationHandle operation) {
        try {
            auditor.write(record);
        } catch (AuditWriteException e) {
            LOG.error("sql-guard could not write the {} record of operation {}.", record.call(), operation, e);
        }
    }
}
