package io.github.sqlguard.decision;

/**
 * What happened to a statement or configuration call after the guard decided, as written in the
 * audit record's {@code outcome} field ({@link #label()}). One record per call carries {@link
 * #DECIDED}, written before the call is handed on; the record that follows, linked by {@code
 * decisionId} and carrying the operation handle, says what happened.
 */
public enum Outcome {
    /** The decision, written before the statement is handed on or refused. */
    DECIDED("decided"),
    /** Handed on to Flink. */
    SUBMITTED("submitted"),
    /** Handed on although the guard could not analyse it ({@code sql-guard.fail-mode: open}). */
    UNANALYSED_SUBMITTED("unanalysed-submitted"),
    /** Would have been refused, but {@code sql-guard.mode} is {@code report}: handed on. */
    WOULD_BLOCK("would-block"),
    /** Refused by policy: a BLOCK finding, or unanalysable with {@code sql-guard.fail-mode: closed}. */
    BLOCKED("blocked"),
    /** Flink's own parser or planner rejected the statement; the client gets Flink's error. */
    REJECTED_BY_FLINK("rejected-by-flink"),
    /** Refused for a reason of Flink's session rules, not of policy (for example a SELECT inside a statement set). */
    REFUSED("refused"),
    /** Flink's service threw while the statement was handed on. */
    FAILED_TO_SUBMIT("failed-to-submit"),
    /** The audit record could not be written and {@code sql-guard.audit.fail-mode} is {@code closed}: not run. */
    AUDIT_FAILED("audit-failed"),
    /** Session configuration (session properties, {@code configureSession}) applied. */
    APPLIED("applied"),
    /** Session configuration applied although the guard could not analyse it. */
    UNANALYSED_APPLIED("unanalysed-applied"),
    /** Session configuration call failed in Flink. */
    FAILED("failed"),
    /** {@code BEGIN STATEMENT SET;} accepted: the guard holds the set. */
    STATEMENT_SET_OPENED("statement-set-opened"),
    /** An INSERT added to the statement set the guard holds. */
    ADDED_TO_STATEMENT_SET("added-to-statement-set"),
    /** {@code END;} of a statement set with no INSERT. */
    EMPTY_STATEMENT_SET("empty-statement-set"),
    /** A policy reload whose file failed validation: the policy in force stays ({@code call: policyReload}). */
    REJECTED("rejected"),
    /**
     * An {@code EXPLAIN} answered with Flink's own EXPLAIN output followed by the guard's findings
     * on the explained statement (whose verdict the records carry); nothing ran.
     */
    EXPLAINED("explained"),
    /** A handed-on statement's operation named the Flink job it started. */
    JOB_SUBMITTED("job-submitted"),
    /**
     * A handed-on {@code STOP JOB}'s operation answered: the job it stopped, and the savepoint Flink took of it where
     * it took one.
     */
    JOB_STOPPED("job-stopped"),
    /**
     * The rewrites of a statement that ran (a WARN), proven after it was handed on; the record
     * carries them, linked to the statement's by {@code decisionId} and {@code operationHandle}.
     */
    REWRITES_PROVEN("rewrites-proven");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    /** The value of the audit record's {@code outcome} field. */
    public String label() {
        return label;
    }

    /** True for outcomes after which the statement runs in Flink. */
    public boolean handedOn() {
        return this == SUBMITTED || this == UNANALYSED_SUBMITTED || this == WOULD_BLOCK;
    }
}
