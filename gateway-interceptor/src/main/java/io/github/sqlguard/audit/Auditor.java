package io.github.sqlguard.audit;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rewrite.Rewrites;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Restore;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * Turns a {@link Decision} and what happened next into {@link AuditRecord}s, and writes them:
 * statement text redacted ({@link Redactor}) and cut to {@code maxStatementLength} characters,
 * SHA-256 of the full text, findings, effective state TTL, stateful operators of the plan and the
 * state TTL of each. Making a record and writing it are apart, so the caller can time and decide
 * each.
 *
 * <p>A write that fails throws (see {@link AuditLog#write}); the caller decides with {@code
 * sql-guard.audit.fail-mode}. Thread-safe.
 */
public final class Auditor {

    private final AuditLog log;
    private final Redactor redactor = new Redactor();
    private final String instance;
    private final int maxStatementLength;
    private final OutcomeRecords outcomeRecords;

    /** When the record of what followed a decision is written ({@code sql-guard.audit.outcome-records}). */
    public enum OutcomeRecords {
        /** Before the call answers: the call waits for its outcome record too. */
        BEFORE_RESPONSE,
        /**
         * Queued for the audit's writer thread ({@link AuditLog#writeLater}); the call answers without
         * waiting. Its decision record is still written before the call is handed on.
         */
        AFTER_RESPONSE
    }

    /**
     * An auditor that writes outcome records before the call answers.
     *
     * @param instance this gateway instance's name
     * @param maxStatementLength statement characters kept in a record
     */
    public Auditor(AuditLog log, String instance, int maxStatementLength) {
        this(log, instance, maxStatementLength, OutcomeRecords.BEFORE_RESPONSE);
    }

    /**
     * @param instance this gateway instance's name
     * @param maxStatementLength statement characters kept in a record
     * @param outcomeRecords when {@link #writeOutcome} writes
     */
    public Auditor(AuditLog log, String instance, int maxStatementLength, OutcomeRecords outcomeRecords) {
        this.log = log;
        this.instance = instance;
        this.maxStatementLength = maxStatementLength;
        this.outcomeRecords = outcomeRecords;
    }

    /**
     * The decision record of one call ({@code outcome} {@code decided}, no operation handle), not
     * yet written.
     *
     * @param call the gateway call, e.g. {@code executeStatement}
     * @param sessionId the session's handle, or {@code null} for a call of no session
     * @param what what the call carries
     */
    public AuditRecord decided(String call, String sessionId, Subject who, What what, Decision decision) {
        return decided(call, sessionId, who, what, decision, decision.rewrites());
    }

    /**
     * The record of the rewrites of a statement that ran, proven after it was handed on ({@code
     * outcome} {@code rewrites-proven}), not yet written: the decision's fields with {@code proven},
     * linked to the statement's records by {@code decisionId} and {@code operationHandle}; it took no
     * analysis of its own ({@code analysisMs} 0).
     */
    public AuditRecord rewrites(
            String call, String sessionId, Subject who, What what, Decision decision, Rewrites proven,
            String operationHandle) {
        AuditRecord decided = decided(call, sessionId, who, what, decision, proven);
        return new AuditRecord(
                decided.time(), decided.decisionId(), instance, call, sessionId, who, decided.statement(),
                decided.decision().withAnalysisMs(0),
                new AuditRecord.Happened(operationHandle, Outcome.REWRITES_PROVEN.label(), null, null, null));
    }

    private AuditRecord decided(String call, String sessionId, Subject who, What what, Decision decision, Rewrites rewrites) {
        List<AuditRecord.AuditFinding> findings = new ArrayList<>();
        for (Finding f : decision.verdict().findings()) {
            findings.add(new AuditRecord.AuditFinding(f.ruleId(), f.level().name(), nodeOf(f), f.planNode().orElse(null)));
        }
        PlanState state = planState(decision);
        List<AuditRecord.AuditRewrite> proven = new ArrayList<>();
        for (Rewrite rewrite : rewrites.verified()) {
            proven.add(new AuditRecord.AuditRewrite(rewrite.ruleId(), rewrite.family(), rewrite.sha256(), rewrite.operators()));
        }
        List<AuditRecord.RewriteCount> counts = new ArrayList<>();
        for (Rewrites.Tally tally : rewrites.tallies()) {
            counts.add(new AuditRecord.RewriteCount(
                    tally.ruleId(), tally.offered(), tally.verified(), tally.rejected(), tally.skipped(), tally.planned()));
        }
        AuditRecord.Decided decided =
                new AuditRecord.Decided(
                        decision.verdictLabel(), findings, decision.verdict().suppressed(),
                        decision.effectiveStateTtl().toMillis(), state.statefulOperators(), state.operatorStateTtl(),
                        decision.analysisMs(), proven, counts, decision.restore().map(Auditor::restoreOf).orElse(null));
        return new AuditRecord(
                RecordTime.of(Instant.now()), decision.id(), instance, call, sessionId, who, statementOf(what), decided,
                new AuditRecord.Happened(null, Outcome.DECIDED.label(), null, decision.unanalysedReason().orElse(null),
                        what.jobId().orElse(null)));
    }

    /**
     * What a decision record says of a restore: the savepoint (masked where its path carries a secret,
     * {@link Restore#shownSavepoint}), and its operators matched and unmatched with their sizes.
     */
    private static AuditRecord.AuditRestore restoreOf(Restore restore) {
        return new AuditRecord.AuditRestore(
                restore.shownSavepoint(), restore.shownUnreadable().orElse(null), restore.ignoreUnclaimed(),
                restore.matched().stream().map(Auditor::savedOf).toList(),
                restore.unclaimed().stream().map(Auditor::savedOf).toList(), restore.comparedWith().orElse(null),
                restore.notCompared().orElse(null),
                restore.changes().stream()
                        .map(c -> new AuditRecord.AuditStateChange(
                                c.kind().name(), c.operator(), c.newOperator().orElse(null), c.reasons(), c.inferred()))
                        .toList(),
                restore.maxParallelism().stream()
                        .map(c -> new AuditRecord.AuditMaxParallelism(c.operator(), c.vertex(), c.savedMaxParallelism(),
                                c.parallelism(), c.maxParallelism(), c.cause().name()))
                        .toList());
    }

    private static AuditRecord.AuditSavedOperator savedOf(Restore.SavedOperator saved) {
        return new AuditRecord.AuditSavedOperator(
                saved.operatorId(), saved.name().orElse(null), saved.stateBytes(), saved.claimedBy().orElse(null));
    }

    /**
     * What a decision record says of the plan's state: its stateful operators and how many of each,
     * and each one's state TTL ({@code compiled-plan}, or {@code inferred} for an explained plan).
     */
    public record PlanState(
            Map<String, Integer> statefulOperators, List<AuditRecord.OperatorStateTtl> operatorStateTtl) {}

    /** The state of {@code decision}'s plan as its decision record lists it; empty without a plan. */
    public static PlanState planState(Decision decision) {
        Map<String, Integer> stateful = new TreeMap<>();
        List<AuditRecord.OperatorStateTtl> ttls = new ArrayList<>();
        decision.plan().ifPresent(p -> collectState(p, decision, stateful, ttls));
        return new PlanState(stateful, ttls);
    }

    /**
     * The one record of a call no rule judges ({@code policyReload}), not yet written.
     *
     * @param error the reason of a rejection, or {@code null}
     */
    public AuditRecord unjudged(String call, Subject who, What what, Outcome outcome, String error) {
        return new AuditRecord(
                RecordTime.of(Instant.now()), UUID.randomUUID().toString(), instance, call, null, who, statementOf(what),
                AuditRecord.Decided.nothingJudged(), new AuditRecord.Happened(null, outcome.label(), null, error, null));
    }

    /**
     * The record of what followed a decision record, not yet written: the same call and decision
     * with the outcome, the operation handle and how it ran.
     *
     * @param sessionId the session the outcome is in (the one {@code openSession} opened, or the call's)
     * @param operationHandle the operation the call became, or {@code null}
     * @param execution how a statement handed on ran ({@code judged-plan}, {@code judged-operation}, {@code statement}), or
     *     {@code null}
     * @param error a failure or refusal reason, or {@code null} to keep the decision's (why it was
     *     not analysed)
     */
    public AuditRecord outcome(
            AuditRecord decided, String sessionId, String operationHandle, Outcome outcome, String execution,
            String error) {
        return decided.followedBy(
                RecordTime.of(Instant.now()), sessionId,
                new AuditRecord.Happened(
                        operationHandle, outcome.label(), execution, error == null ? decided.outcome().error() : error,
                        decided.outcome().jobId()));
    }

    /**
     * The {@code jobSubmitted} record of a statement whose operation started a Flink job, not yet
     * written: {@code submitted} (the statement's own record) with the time of now and {@code jobId}.
     *
     * @param submitted the record written when the statement was handed on
     * @param jobId the job id the gateway reported for the operation
     */
    public AuditRecord job(AuditRecord submitted, String jobId) {
        return submitted.jobSubmitted(RecordTime.of(Instant.now()), jobId);
    }

    /**
     * The {@code jobStopped} record of a {@code STOP JOB} statement whose operation answered, not yet written:
     * {@code handedOn} (the statement's own record) with the time of now, the job it stopped and the savepoint
     * Flink took of it, its location masked where it carries a secret ({@link Redactor#maskLocation}).
     *
     * @param handedOn the record written when the statement was handed on
     * @param jobId the job the statement stopped
     * @param savepointPath the savepoint's path the operation's result names; empty where Flink took none
     */
    public AuditRecord stopped(AuditRecord handedOn, String jobId, java.util.Optional<String> savepointPath) {
        return handedOn.jobStopped(RecordTime.of(Instant.now()), jobId, savepointPath.map(Redactor::maskLocation).orElse(null));
    }

    /**
     * Writes a record.
     *
     * @throws AuditWriteException when the record could not be written
     */
    public void write(AuditRecord record) {
        log.write(record);
    }

    /**
     * Writes the record of what followed a decision ({@link #outcome}): at once, as {@link #write},
     * or, with {@link OutcomeRecords#AFTER_RESPONSE}, queued for the audit's writer thread, whose
     * failure goes to {@code onFailure} there.
     *
     * @throws AuditWriteException when the record could not be written at once
     */
    public void writeOutcome(AuditRecord record, Consumer<AuditWriteException> onFailure) {
        if (outcomeRecords == OutcomeRecords.AFTER_RESPONSE) {
            log.writeLater(record, onFailure);
        } else {
            log.write(record);
        }
    }

    /**
     * Writes a decision record and the record of what followed it together, at once, as one logging
     * event ({@link AuditLog#write(AuditRecord, AuditRecord)}), whatever {@code
     * sql-guard.audit.outcome-records} says: for a statement whose operation the guard made before
     * Flink runs it, which runs only once both are in the file.
     *
     * @throws AuditWriteException when the records could not be written (neither is)
     */
    public void writeWithOutcome(AuditRecord decided, AuditRecord outcome) {
        log.write(decided, outcome);
    }

    /** Returns once every queued record is written ({@link AuditLog#flush}); the guard calls it when it stops. */
    public void flush() {
        log.flush();
    }

    /**
     * Writes the record of a job's observed state.
     *
     * @throws AuditWriteException when the record could not be written
     */
    public void write(ObservedStateRecord record) {
        log.write(record);
    }

    /** True while the audit log's write of a logging event is held up ({@link AuditLog#heldUp}). */
    public boolean heldUp() {
        return log.heldUp();
    }

    /** This gateway instance's name, as its records carry it. */
    public String instance() {
        return instance;
    }

    /** The audited form of {@code what}: redacted, cut to {@code maxStatementLength}, hashed in full. */
    private AuditRecord.Statement statementOf(What what) {
        String text;
        try {
            text = redactor.redact(what);
        } catch (RuntimeException | StackOverflowError e) {
            // Never leak a secret, never lose the record: keep the hash, drop the text.
            text = "[statement not recorded: redaction failed: " + e.getClass().getSimpleName() + "]";
        }
        boolean truncated = text.length() > maxStatementLength;
        if (truncated) {
            text = text.substring(0, maxStatementLength);
        }
        return new AuditRecord.Statement(what.kind(), text, truncated, sha256(what.text()));
    }

    /** Counts the plan's stateful operators and lists each one's state TTL. */
    private static void collectState(
            ExplainedPlan plan, Decision decision, Map<String, Integer> stateful, List<AuditRecord.OperatorStateTtl> ttls) {
        for (PlanNode node : plan.nodes()) {
            if (!StatefulOperators.isStateful(node)) {
                continue;
            }
            String name = StatefulOperators.statefulName(node);
            stateful.merge(name, 1, Integer::sum);
            if (plan.compiled()) {
                for (OperatorState state : node.state()) {
                    ttls.add(new AuditRecord.OperatorStateTtl(node.label(), state.name(), state.ttl().toMillis(), "compiled-plan"));
                }
            } else if (StatefulOperators.INFERRED_TTL.contains(node.name())
                    || name.equals(StatefulOperators.SINK_UPSERT_MATERIALIZER)) {
                ttls.add(new AuditRecord.OperatorStateTtl(
                        node.label(), null, plan.inferredStateTtl().orElse(decision.effectiveStateTtl()).toMillis(),
                        "inferred"));
            }
        }
    }

    /**
     * A finding's {@code node} as the record keeps it: a plan node's line cut at 500 characters; Flink's own message of a
     * statement it refused ({@code Flink: ...}, a diagnosis's), whose refusal shows only its first lines ({@link
     * Finding#at}), kept whole up to {@code maxStatementLength} characters, as the statement is: the record is where the
     * whole message is read.
     */
    private String nodeOf(Finding finding) {
        String node = finding.node();
        int max = node.startsWith(Finding.FLINK_MESSAGE) ? Math.max(500, maxStatementLength) : 500;
        return node.length() > max ? node.substring(0, max) + "..." : node;
    }

    /**
     * One SHA-256 digest per thread: {@code MessageDigest#getInstance} looks the algorithm up in the
     * security providers each time. With cold caches a hash took 12 µs that way and 8 µs with the
     * thread's own digest (measured in-process). {@code digest} leaves the instance reset for the
     * next text.
     */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    });

    /** Hex SHA-256 of the UTF-8 bytes of {@code text}. */
    public static String sha256(String text) {
        return HexFormat.of().formatHex(SHA_256.get().digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
