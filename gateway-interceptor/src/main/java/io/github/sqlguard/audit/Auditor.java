package io.github.sqlguard.audit;

import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.service.Decision;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Turns a {@link Decision} and what happened next into an {@link AuditRecord} and writes it:
 * statement text redacted ({@link Redactor}) and cut to {@code maxStatementLength} characters,
 * SHA-256 of the full text, findings, effective state TTL, stateful operators of the plan.
 * Thread-safe.
 */
public final class Auditor {

    /** Plan operators counted in {@code statefulOperators}. */
    static final Set<String> STATEFUL =
            Set.of(
                    "Rank", "Deduplicate", "WindowRank", "WindowDeduplicate", "OverAggregate", "GroupAggregate",
                    "GlobalGroupAggregate", "IncrementalGroupAggregate", "GroupTableAggregate", "Join",
                    "IntervalJoin", "TemporalJoin", "WindowJoin", "ChangelogNormalize", "WindowAggregate",
                    "GlobalWindowAggregate", "LocalWindowAggregate", "GroupWindowAggregate", "Match", "Sort",
                    "SortLimit", "Limit");

    private final AuditLog log;
    private final Redactor redactor = new Redactor();
    private final String instance;
    private final int maxStatementLength;

    /**
     * @param instance this gateway instance's name
     * @param maxStatementLength statement characters kept in a record
     */
    public Auditor(AuditLog log, String instance, int maxStatementLength) {
        this.log = log;
        this.instance = instance;
        this.maxStatementLength = maxStatementLength;
    }

    /**
     * Writes the record of one decision.
     *
     * @param call the gateway call, e.g. {@code executeStatement}
     * @param operationHandle the handle of the operation created, or {@code null}
     * @param outcome what happened: {@code submitted}, {@code blocked}, ...
     * @param error a failure or refusal reason, or {@code null}
     */
    public AuditRecord record(
            String call,
            String sessionId,
            String user,
            Decision decision,
            String operationHandle,
            String outcome,
            String error) {
        String text;
        try {
            text = redactor.redact(decision.statement());
        } catch (RuntimeException | StackOverflowError e) {
            // Never leak a secret, never lose the record: keep the hash, drop the text.
            text = "[statement not recorded: redaction failed: " + e.getClass().getSimpleName() + "]";
        }
        boolean truncated = text.length() > maxStatementLength;
        if (truncated) {
            text = text.substring(0, maxStatementLength);
        }
        List<AuditRecord.AuditFinding> findings =
                decision.verdict().findings().stream()
                        .map(f -> new AuditRecord.AuditFinding(f.ruleId(), f.level().name(), nodeOf(f)))
                        .toList();
        Map<String, Integer> stateful = new TreeMap<>();
        decision.plan()
                .ifPresent(
                        p -> p.executionPlan().nodes().stream()
                                .map(PlanNode::name)
                                .filter(STATEFUL::contains)
                                .forEach(n -> stateful.merge(n, 1, Integer::sum)));
        AuditRecord record =
                new AuditRecord(
                        Instant.now().toString(),
                        instance,
                        call,
                        sessionId,
                        user,
                        decision.statement().kind().name(),
                        text,
                        truncated,
                        sha256(decision.statement().text()),
                        decision.verdictLabel(),
                        findings,
                        decision.verdict().suppressed(),
                        decision.effectiveStateTtl().toMillis(),
                        stateful,
                        decision.analysisMs(),
                        operationHandle,
                        outcome,
                        error == null ? decision.unanalysedReason() : error,
                        null);
        log.write(record);
        return record;
    }

    /**
     * Writes the {@code jobSubmitted} record of a statement whose operation started a Flink job:
     * {@code submitted} (the statement's own record) with the time of now and {@code jobId}.
     *
     * @param submitted the record written when the statement was handed on
     * @param jobId the job id the gateway reported for the operation
     */
    public AuditRecord recordJob(AuditRecord submitted, String jobId) {
        AuditRecord record = submitted.jobSubmitted(Instant.now().toString(), jobId);
        log.write(record);
        return record;
    }

    private String nodeOf(Finding finding) {
        String node = finding.node();
        return node.length() > 500 ? node.substring(0, 500) + "..." : node;
    }

    /** Hex SHA-256 of the UTF-8 bytes of {@code text}. */
    public static String sha256(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }
}
