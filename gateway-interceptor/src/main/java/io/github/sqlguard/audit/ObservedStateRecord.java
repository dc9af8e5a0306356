package io.github.sqlguard.audit;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

import java.util.List;

/**
 * The audit record of what the state of a job the guard submitted did ({@code call} {@code
 * jobObserved}), written by the observed state's watcher through the same {@link AuditLog} as
 * every record, linked to the statement's records by {@code decisionId}, {@code operationHandle}
 * and {@code jobId}. Written when a job's trends or its findings' statuses change, when the job
 * cannot be observed, when its JobManager stops answering, and once when the job ends (or is no
 * longer watched): never once per sample.
 *
 * @param time ISO-8601 instant the record was written
 * @param decisionId the statement's decision id
 * @param instance the gateway instance
 * @param call {@code jobObserved}
 * @param sessionId the session the statement ran in
 * @param who who the statement was audited for
 * @param kind the statement kind ({@code INSERT}, {@code STATEMENT_SET}, ...)
 * @param statementSha256 hex SHA-256 of the statement's full text
 * @param verdict the statement's verdict
 * @param operationHandle the statement's operation
 * @param outcome {@code state-observed}, {@code unobservable}, {@code unreachable}, {@code
 *     job-ended}, {@code watch-stopped}, {@code watch-resumed} or {@code not-watched}
 * @param execution how the statement ran ({@code judged-plan}, ...)
 * @param jobId the Flink job id
 * @param jobStatus the job's status as its JobManager last said it, or {@code null} when not known
 * @param checkpointId the latest completed checkpoint read, or {@code null}
 * @param reason why the job is unobservable, unreachable, ended or no longer watched; {@code null}
 *     for an observation
 * @param operators each stateful operator's (or chain's) state and trend
 * @param findings each finding on a stateful operator of the plan, with its status
 * @param advisories growing operators no finding names, one sentence each
 */
public record ObservedStateRecord(
        String time,
        String decisionId,
        String instance,
        String call,
        String sessionId,
        @JsonUnwrapped Subject who,
        String kind,
        String statementSha256,
        String verdict,
        String operationHandle,
        String outcome,
        String execution,
        String jobId,
        String jobStatus,
        Long checkpointId,
        String reason,
        List<Operator> operators,
        List<FindingStatus> findings,
        List<Advisory> advisories) {

    /** The call name of these records. */
    public static final String CALL = "jobObserved";

    public ObservedStateRecord {
        operators = List.copyOf(operators);
        findings = List.copyOf(findings);
        advisories = List.copyOf(advisories);
    }

    /**
     * One stateful operator of the plan, or the chain of several in one job vertex, as observed.
     *
     * @param operator its label ({@code GroupAggregate[4]}), or the chain's labels joined by {@code " + "}
     * @param vertex the job vertex's name, its secrets masked ({@link Redactor#maskSecrets}): with
     *     {@code table.exec.simplify-operator-name-enabled: false} Flink names a vertex by its
     *     operators' descriptions, which may quote values of the statement
     * @param mappedBy {@code node-id} or {@code operator-name}
     * @param stateBytes the vertex's full checkpointed state size in the latest sample
     * @param trend {@code growing}, {@code levelled}, {@code shrinking} or {@code unknown}
     * @param bytesPerHour the growth rate over the window (negative when shrinking)
     * @param samples samples in the window
     * @param windowMs time the window spans
     * @param reachesThresholdInMs for a growing one, ms until it reaches {@code thresholdBytes} (0:
     *     already above); else {@code null}
     * @param thresholdBytes {@code sql-guard.observe.size-threshold}
     */
    public record Operator(
            String operator, String vertex, String mappedBy, long stateBytes, String trend, long bytesPerHour,
            int samples, long windowMs, Long reachesThresholdInMs, long thresholdBytes) {

        public Operator {
            vertex = Redactor.maskSecrets(vertex);
        }
    }

    /**
     * A finding of the statement on a stateful operator, with what the state says of it.
     *
     * @param id the rule id
     * @param level the finding's level
     * @param node the operator it names ({@code GroupAggregate[4]})
     * @param status {@code confirmed} (its state grows), {@code not-confirmed} (it levels or
     *     shrinks), {@code pending} (too few samples yet) or {@code unobserved} (no job vertex
     *     maps to it, or no checkpoint was read)
     */
    public record FindingStatus(String id, String level, String node, String status) {}

    /**
     * A growing operator no finding names.
     *
     * @param operator its label
     * @param message one sentence: what grows, how fast (it may name the job vertex: masked as
     *     {@link Operator#vertex()} is)
     */
    public record Advisory(String operator, String message) {

        public Advisory {
            message = Redactor.maskSecrets(message);
        }
    }
}
