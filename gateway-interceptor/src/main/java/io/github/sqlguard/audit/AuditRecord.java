package io.github.sqlguard.audit;

import io.github.sqlguard.decision.Outcome;

import java.util.List;
import java.util.Map;

/**
 * One audit record: one statement (or one session-level configuration call) and what the guard
 * decided. Written as one JSON object per line by {@link AuditLog}.
 *
 * <p>Every call gets its decision record first ({@code outcome} {@code decided}, no operation
 * handle), written before anything is handed on, so no statement runs without a record; then the
 * record of what happened ({@code submitted}, {@code blocked}, ...), with the operation handle,
 * linked to the first by {@code decisionId}. Neither can know the Flink job the statement will
 * start: their {@code jobId} is {@code null}. When the
 * gateway later answers a {@code fetchResults} of that operation with a result that names a job
 * (an INSERT, a statement set, a query), a second record is written once per operation: {@code
 * call} {@code jobSubmitted}, {@code outcome} {@code job-submitted}, the same {@code
 * operationHandle}, {@code sessionId}, statement, hash, verdict and findings as the first, and the
 * {@code jobId}. The two are linked by {@code operationHandle}. A client that never fetches the
 * result of its operation gets no {@code jobSubmitted} record.
 *
 * @param time ISO-8601 instant the record was written
 * @param decisionId links a call's decision record with the records that follow it
 * @param instance the gateway instance ({@code sql-guard.instance-id})
 * @param call the gateway call: {@code executeStatement}, {@code configureSession}, {@code
 *     openSession}, {@code deployScript}, {@code refreshMaterializedTable}, {@code jobSubmitted}
 * @param sessionId the session handle's UUID
 * @param user the user the server verified (client certificate, trusted proxy), else {@code null}
 * @param claimedUser the self-declared {@code sql-guard.user} session property, else the session
 *     name; never taken as {@code user}
 * @param identitySource where {@code user} comes from: {@code CLIENT_CERTIFICATE}, {@code
 *     TRUSTED_PROXY}, {@code NONE}
 * @param identityRejected why an identity header was ignored, or {@code null}
 * @param scope the policy scope that decided, or {@code null} for the global policy
 * @param policyHash SHA-256 of the {@code sql-guard.*} options in force
 * @param kind the statement kind ({@code QUERY}, {@code SET}, ...)
 * @param statement the statement text with secrets redacted, cut to the configured length
 * @param statementTruncated true when {@code statement} was cut
 * @param statementSha256 hex SHA-256 of the full, unredacted statement text (UTF-8)
 * @param verdict {@code OK}, {@code INFO}, {@code WARN}, {@code BLOCK}, or {@code UNANALYSED}
 * @param findings id, level and node of each finding
 * @param suppressed rule ids lowered by {@code -- sql-guard:allow}
 * @param effectiveStateTtlMs the state TTL in milliseconds that applies (0 = never expires), or
 *     {@code null} when not known
 * @param statefulOperators stateful plan operators and how many of each, e.g. {@code {"Rank": 1}}
 * @param operatorStateTtl each stateful operator of the plan with its state TTL in milliseconds
 *     ({@code source} {@code compiled-plan}: Flink's own; {@code inferred}: from the session's
 *     {@code table.exec.state.ttl}, where Flink gave no compiled plan)
 * @param analysisMs time spent by the guard, in milliseconds
 * @param operationHandle the operation's handle, or {@code null} when none was created
 * @param outcome one of {@link io.github.sqlguard.decision.Outcome}'s labels
 * @param execution for a statement handed on, how: {@code judged-plan} (the compiled plan the
 *     guard judged ran, as {@code EXECUTE PLAN}) or {@code statement} (the statement text went to
 *     Flink); {@code null} otherwise
 * @param error the reason for a refusal or a failure, or {@code null}
 * @param jobId the Flink job id (hex) in a {@code jobSubmitted} record; {@code null} in every other
 *     record
 */
public record AuditRecord(
        String time,
        String decisionId,
        String instance,
        String call,
        String sessionId,
        String user,
        String claimedUser,
        String identitySource,
        String identityRejected,
        String scope,
        String policyHash,
        String kind,
        String statement,
        boolean statementTruncated,
        String statementSha256,
        String verdict,
        List<AuditFinding> findings,
        List<String> suppressed,
        Long effectiveStateTtlMs,
        Map<String, Integer> statefulOperators,
        List<OperatorStateTtl> operatorStateTtl,
        long analysisMs,
        String operationHandle,
        String outcome,
        String execution,
        String error,
        String jobId) {

    /**
     * The {@code jobSubmitted} record of this statement's operation: the same statement, verdict
     * and handles, the time of now and the job id.
     */
    public AuditRecord jobSubmitted(String now, String jobId) {
        return new AuditRecord(
                now, decisionId, instance, "jobSubmitted", sessionId, user, claimedUser, identitySource, identityRejected,
                scope, policyHash, kind, statement, statementTruncated,
                statementSha256, verdict, findings, suppressed, effectiveStateTtlMs, statefulOperators, operatorStateTtl,
                0L, operationHandle, Outcome.JOB_SUBMITTED.label(), execution, null, jobId);
    }

    /** This record for the session a call opened ({@code openSession}'s outcome names its new session). */
    public AuditRecord inSession(String newSessionId) {
        return new AuditRecord(
                time, decisionId, instance, call, newSessionId, user, claimedUser, identitySource, identityRejected, scope,
                policyHash, kind, statement, statementTruncated, statementSha256, verdict, findings, suppressed,
                effectiveStateTtlMs, statefulOperators, operatorStateTtl, analysisMs, operationHandle, outcome, execution,
                error, jobId);
    }

    /** The record of what followed this decision record: the same decision with its outcome. */
    public AuditRecord followedBy(String now, String handle, Outcome newOutcome, String newExecution, String newError) {
        return new AuditRecord(
                now, decisionId, instance, call, sessionId, user, claimedUser, identitySource, identityRejected, scope,
                policyHash, kind, statement, statementTruncated, statementSha256,
                verdict, findings, suppressed, effectiveStateTtlMs, statefulOperators, operatorStateTtl, analysisMs,
                handle, newOutcome.label(), newExecution, newError == null ? error : newError, null);
    }

    /**
     * The state TTL of one stateful operator.
     *
     * @param operator the execution-plan operator, e.g. {@code GroupAggregate}
     * @param state the state's name in the compiled plan (e.g. {@code groupAggregateState}), or
     *     {@code null} when inferred
     * @param ttlMs the TTL in milliseconds; 0 means never expires
     * @param source {@code compiled-plan} or {@code inferred}
     */
    public record OperatorStateTtl(String operator, String state, long ttlMs, String source) {}

    /** A finding as recorded: rule id, level, and the node or SQL fragment it concerns. */
    public record AuditFinding(String id, String level, String node) {}
}
