package io.github.sqlguard.service;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.AuditWriteException;
import io.github.sqlguard.audit.Auditor;

import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Optional;

/**
 * Writes the {@code jobSubmitted} record of a statement handed on to Flink the first time a
 * fetched result of its operation names a job (an INSERT, a statement set, a query). The records
 * waiting for their job id are the session's ({@link GuardedSession#awaitJob}): dropped when the
 * operation or the session closes. Thread-safe.
 */
final class JobIdRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(JobIdRecorder.class);

    private final Auditor auditor;
    private final SessionRegistry sessions;

    JobIdRecorder(Auditor auditor, SessionRegistry sessions) {
        this.auditor = auditor;
        this.sessions = sessions;
    }

    /** Audits the job {@code result} names, once per awaited operation; returns {@code result}. */
    ResultSet fetched(SessionHandle session, OperationHandle operation, ResultSet result) {
        // A NOT_READY result has no job id yet (getJobID throws on it).
        if (result == null || result.getResultType() == ResultSet.ResultType.NOT_READY) {
            return result;
        }
        Optional<GuardedSession> guarded = sessions.find(session);
        if (guarded.isEmpty() || !guarded.get().awaitsJob(operation) || result.getJobID() == null) {
            return result;
        }
        Optional<AuditRecord> submitted = guarded.get().takeAwaitedJob(operation);
        if (submitted.isPresent()) {
            try {
                auditor.write(auditor.job(submitted.get(), result.getJobID().toHexString()));
            } catch (AuditWriteException e) {
                // The job already runs: nothing to refuse.
                LOG.error("sql-guard could not write the jobSubmitted record of operation {}.", operation, e);
            }
        }
        return result;
    }
}
