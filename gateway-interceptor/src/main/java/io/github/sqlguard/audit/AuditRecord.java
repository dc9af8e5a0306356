package io.github.sqlguard.audit;

import java.util.List;
import java.util.Map;

/**
 * One audit record: one statement (or one session-level configuration call) and what the guard
 * decided. Written as one JSON object per line by {@link AuditLog}.
 *
 * @param time ISO-8601 instant the decision was made
 * @param instance the gateway instance ({@code sql-guard.instance-id})
 * @param call the gateway call: {@code executeStatement}, {@code configureSession}, {@code
 *     openSession}, {@code deployScript}, {@code refreshMaterializedTable}
 * @param sessionId the session handle's UUID
 * @param user the user from the session property {@code sql-guard.user}, else the session name
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
 * @param analysisMs time spent by the guard, in milliseconds
 * @param operationHandle the operation's handle, or {@code null} when none was created
 * @param outcome {@code submitted}, {@code blocked}, {@code unanalysed-submitted}, {@code
 *     failed-to-submit}, {@code applied}, {@code refused}
 * @param error the reason for a refusal or a failure, or {@code null}
 */
public record AuditRecord(
        String time,
        String instance,
        String call,
        String sessionId,
        String user,
        String kind,
        String statement,
        boolean statementTruncated,
        String statementSha256,
        String verdict,
        List<AuditFinding> findings,
        List<String> suppressed,
        Long effectiveStateTtlMs,
        Map<String, Integer> statefulOperators,
        long analysisMs,
        String operationHandle,
        String outcome,
        String error) {

    /** A finding as recorded: rule id, level, and the node or SQL fragment it concerns. */
    public record AuditFinding(String id, String level, String node) {}
}
