package io.github.sqlguard.audit;

import io.github.sqlguard.decision.Outcome;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;
import java.util.Map;

/**
 * One audit record: one call of the gateway (a statement, or a call that carries none) and what
 * the guard decided. Written as one JSON object per line by {@link AuditLog}: the fields of the
 * nested records ({@link Subject who}, {@link Statement}, {@link Decided}, {@link Happened}) are
 * written flat, in this order, under their component names.
 *
 * <p>Every call gets its decision record first ({@code outcome} {@code decided}, no operation
 * handle), written before anything is handed on, so no statement runs without a record; then the
 * record of what happened ({@code submitted}, {@code blocked}, ...), with the operation handle,
 * linked to the first by {@code decisionId}. Neither can know the Flink job the statement will
 * start: their {@code jobId} is {@code null}, but for a {@code STOP JOB}, whose text names the job it
 * stops ({@link What#jobId}). When the gateway later answers a {@code
 * fetchResults} of that operation with a result that names a job (an INSERT, a statement set, a
 * query), a second record is written once per operation: {@code call} {@code jobSubmitted},
 * {@code outcome} {@code job-submitted}, the same {@code operationHandle}, {@code sessionId},
 * statement, hash, verdict and findings as the first, and the {@code jobId}. The two are linked by
 * {@code operationHandle}. A client that never fetches the result of its operation gets no {@code
 * jobSubmitted} record.
 *
 * @param time ISO-8601 instant the record was written
 * @param decisionId links a call's decision record with the records that follow it
 * @param instance the gateway instance ({@code sql-guard.instance-id})
 * @param call the gateway call: {@code executeStatement}, {@code configureSession}, {@code
 *     openSession}, {@code deployScript}, {@code refreshMaterializedTable}, {@code policyReload},
 *     {@code jobSubmitted}, {@code jobStopped}
 * @param sessionId the session handle's UUID, or {@code null} for a call of no session
 * @param who who the call is audited for, and under which policy
 * @param statement what the call carries
 * @param decision what the guard decided
 * @param outcome what happened
 */
public record AuditRecord(
        String time,
        String decisionId,
        String instance,
        String call,
        String sessionId,
        @JsonUnwrapped Subject who,
        @JsonUnwrapped Statement statement,
        @JsonUnwrapped Decided decision,
        @JsonUnwrapped Happened outcome) {

    /**
     * The record of what followed this decision record: the same call, statement and decision, the
     * time of {@code now}, in {@code newSessionId} (the session the call opened, or its own).
     */
    public AuditRecord followedBy(String now, String newSessionId, Happened happened) {
        return new AuditRecord(now, decisionId, instance, call, newSessionId, who, statement, decision, happened);
    }

    /**
     * The {@code jobSubmitted} record of this statement's operation: the same statement, verdict
     * and handles, the time of {@code now} and the job id; it took no analysis ({@code analysisMs}
     * 0).
     */
    public AuditRecord jobSubmitted(String now, String jobId) {
        return new AuditRecord(
                now, decisionId, instance, "jobSubmitted", sessionId, who, statement, decision.withAnalysisMs(0),
                new Happened(outcome.operationHandle(), Outcome.JOB_SUBMITTED.label(), outcome.execution(), null, jobId));
    }

    /**
     * The {@code jobStopped} record of this {@code STOP JOB} statement's operation: the same statement, verdict and
     * handles, the time of {@code now}, the job it stopped and the savepoint Flink took of it ({@code null} for
     * none); it took no analysis ({@code analysisMs} 0).
     */
    public AuditRecord jobStopped(String now, String jobId, String savepointPath) {
        return new AuditRecord(
                now, decisionId, instance, "jobStopped", sessionId, who, statement, decision.withAnalysisMs(0),
                new Happened(outcome.operationHandle(), Outcome.JOB_STOPPED.label(), outcome.execution(), null, jobId,
                        savepointPath));
    }

    /**
     * What a call carries, as audited.
     *
     * @param kind the statement kind ({@code QUERY}, {@code SET}, ...), or the kind of a call that
     *     carries no statement ({@code SESSION_PROPERTIES}, {@code SCRIPT}, {@code POLICY}, {@code
     *     MATERIALIZED_TABLE_REFRESH}; see {@link What})
     * @param statement the statement text (or the call's description) with secrets redacted, cut
     *     to the configured length
     * @param statementTruncated true when {@code statement} was cut
     * @param statementSha256 hex SHA-256 of the full, unredacted text (UTF-8)
     */
    public record Statement(String kind, String statement, boolean statementTruncated, String statementSha256) {}

    /**
     * What the guard decided.
     *
     * @param verdict {@code OK}, {@code INFO}, {@code WARN}, {@code BLOCK}, or {@code UNANALYSED}
     * @param findings id, level, node and plan node id of each finding
     * @param suppressed rule ids lowered by {@code -- sql-guard:allow}
     * @param effectiveStateTtlMs the state TTL in milliseconds that applies (0 = never expires), or
     *     {@code null} when not known
     * @param statefulOperators stateful plan operators and how many of each, e.g. {@code {"Rank": 1}}
     * @param operatorStateTtl each stateful operator of the plan with its state TTL in milliseconds
     *     ({@code source} {@code compiled-plan}: Flink's own; {@code inferred}: from the session's
     *     {@code table.exec.state.ttl}, where Flink gave no compiled plan)
     * @param analysisMs time spent by the guard, in milliseconds
     * @param rewrites the proven rewrites of the findings: rule, family, SHA-256 of the rewrite's SQL
     *     and the stateful operators of its proven plan
     * @param rewriteCounts per rule, the rewrites offered (written), verified (proven), rejected and
     *     skipped for the proofs' budget, and the plannings they made
     * @param restore the savepoint a statement would restore from and what of it the new job claims;
     *     {@code null} for a statement that restores no state
     */
    public record Decided(
            String verdict,
            List<AuditFinding> findings,
            List<String> suppressed,
            Long effectiveStateTtlMs,
            Map<String, Integer> statefulOperators,
            List<OperatorStateTtl> operatorStateTtl,
            long analysisMs,
            List<AuditRewrite> rewrites,
            List<RewriteCount> rewriteCounts,
            AuditRestore restore) {

        /** A record of a call no rule judged (a policy reload): {@code OK}, nothing found, no state. */
        public static Decided nothingJudged() {
            return new Decided("OK", List.of(), List.of(), 0L, Map.of(), List.of(), 0, List.of(), List.of(), null);
        }

        /** The same decision in a record that took {@code ms} of analysis. */
        Decided withAnalysisMs(long ms) {
            return new Decided(verdict, findings, suppressed, effectiveStateTtlMs, statefulOperators, operatorStateTtl, ms,
                    rewrites, rewriteCounts, restore);
        }
    }

    /**
     * A proven rewrite, as recorded.
     *
     * @param rule the rule of the finding it answers
     * @param family the rewrite's family, e.g. {@code window-top-n}
     * @param sha256 hex SHA-256 of the rewrite's SQL (its text is shown to the user, not recorded)
     * @param operators the stateful operators of its proven plan, e.g. {@code ["WindowRank"]}
     */
    public record AuditRewrite(String rule, String family, String sha256, List<String> operators) {}

    /**
     * What a statement would restore, as recorded.
     *
     * @param savepoint the savepoint path its configuration names
     * @param unreadable why the guard could not read it (or build the job), or {@code null}
     * @param ignoreUnclaimed {@code execution.state-recovery.ignore-unclaimed-state} as Flink reads it
     * @param matched the savepoint's operators with state that the new job claims
     * @param unclaimed the savepoint's operators with state that no operator of the new job claims
     * @param comparedWith the job the savepoint was taken of, whose plan the guard stored when it
     *     submitted it and compared the new job's with, or {@code null}
     * @param notCompared why the state's types and meaning were not checked (only operator ids were), or {@code null}
     * @param stateChanges per stateful operator of that job whose state the savepoint holds: what the
     *     new job does with it; empty when not compared
     * @param maxParallelism state the new job claims that Flink would not assign for its maximum parallelism
     */
    public record AuditRestore(
            String savepoint, String unreadable, boolean ignoreUnclaimed, List<AuditSavedOperator> matched,
            List<AuditSavedOperator> unclaimed, String comparedWith, String notCompared,
            List<AuditStateChange> stateChanges, List<AuditMaxParallelism> maxParallelism) {}

    /**
     * State the new job claims that Flink would not assign to it for its maximum parallelism ({@code
     * Restore.MaxParallelismConflict}).
     *
     * @param operator the savepoint's operator
     * @param vertex the new job's vertex that claims it
     * @param savedMaxParallelism the maximum parallelism the savepoint records for it
     * @param parallelism the new vertex's parallelism
     * @param maxParallelism the new vertex's maximum parallelism
     * @param cause {@code BELOW_PARALLELISM} or {@code CONFIGURED_OTHERWISE}
     */
    public record AuditMaxParallelism(
            String operator, String vertex, int savedMaxParallelism, int parallelism, int maxParallelism, String cause) {}

    /**
     * What the new job does with one old operator's state ({@code StateChange}).
     *
     * @param kind {@code RESTORES}, {@code CHANGED_MEANING}, {@code INCOMPATIBLE}
     * @param operator the old job's operator ({@code Rank[4]})
     * @param newOperator the new job's operator that claims its state
     * @param reasons what changed and what the user will see
     * @param inferred true when the class is inferred from Flink's code, not verified by a real restore
     */
    public record AuditStateChange(String kind, String operator, String newOperator, List<String> reasons, boolean inferred) {}

    /**
     * An operator of a savepoint with state.
     *
     * @param operatorId Flink's operator id (hex)
     * @param name its name where the savepoint records one (Flink 2.x), or {@code null}
     * @param stateBytes its state size in bytes, from the savepoint's metadata
     * @param claimedBy the new job's operator that claims it ({@code GroupAggregate[4]}), or {@code null}
     */
    public record AuditSavedOperator(String operatorId, String name, long stateBytes, String claimedBy) {}

    /**
     * Per rule, for one statement: rewrites offered (written), verified (proven), rejected (not
     * proven), skipped (not planned: the statement's proofs had spent their budget, {@code
     * sql-guard.rewrite.max-plannings} or one {@code sql-guard.explain-timeout}), and the plannings
     * its candidates made ({@code planned}; a candidate judged already for another rule makes none).
     */
    public record RewriteCount(String rule, int offered, int verified, int rejected, int skipped, int planned) {}

    /**
     * What happened.
     *
     * @param operationHandle the operation's handle, or {@code null} when none was created
     * @param outcome one of {@link Outcome}'s labels
     * @param execution for a statement handed on, how: {@code judged-plan} (the compiled plan the
     *     guard judged ran, as {@code EXECUTE PLAN}), {@code judged-operation} (the query or {@code
     *     CREATE/REPLACE TABLE AS} ran as the operation the guard planned) or {@code statement} (the
     *     statement text went to Flink); {@code null} otherwise
     * @param error the reason for a refusal or a failure, or {@code null}
     * @param jobId the Flink job id (hex) in a {@code jobSubmitted} record, and the stopped job's in every record of
     *     a {@code STOP JOB} (its decision, what happened, {@code jobStopped}); {@code null} in every other record
     * @param savepointPath in a {@code jobStopped} record, the savepoint Flink took as it stopped the job, as its
     *     result names it (masked as a location with a secret is); {@code null} in every other record, and where
     *     it took none
     */
    public record Happened(
            String operationHandle, String outcome, String execution, String error, String jobId, String savepointPath) {

        /** What happened, in a record that names no stopped job's savepoint. */
        public Happened(String operationHandle, String outcome, String execution, String error, String jobId) {
            this(operationHandle, outcome, execution, error, jobId, null);
        }
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

    /**
     * A finding as recorded: rule id, level, the node or SQL fragment it concerns, and the id of its plan
     * node ({@code Finding#planNode()}, the {@code 5} of {@code Rank[5]}), which rewrites and lint's JSON
     * name too; {@code null} when it is about no plan node (a {@code SET}, a planner error).
     */
    public record AuditFinding(String id, String level, String node, Integer planNode) {

        /** A finding about no plan node. */
        public AuditFinding(String id, String level, String node) {
            this(id, level, node, null);
        }
    }
}
