package io.github.sqlguard.decision;

import io.github.sqlguard.flink.JudgedOperation;
import io.github.sqlguard.flink.StatementJobs;
import io.github.sqlguard.flink.StatementUids;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.rewrite.ProvenFixes;
import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rewrite.Rewrites;
import io.github.sqlguard.rewrite.RewritesShownOnce;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Verdict;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The guard's decision on one statement or configuration call, before it is acted on. What it
 * decided on is the audited call's ({@code audit.What}).
 *
 * @param id a random id that links the decision's audit record to the record of what followed
 * @param verdict the findings and their highest level
 * @param plan the plan the rules looked at, if the statement was planned
 * @param effectiveStateTtl the session-wide state TTL that applies (0 = never expires); the state
 *     of each operator, where Flink's compiled plan gives it, is in {@code plan}
 * @param unanalysedReason why the guard could not analyse the statement; empty when it did
 * @param refuse true when the statement must not run (a BLOCK finding, or unanalysed with fail
 *     mode {@code closed})
 * @param flinkError Flink's own exception when its parser or planner rejected the statement
 * @param analysisMs time the guard spent, in milliseconds
 * @param judged the query or {@code CREATE/REPLACE TABLE AS} as it was planned and judged, to run
 *     as such; empty for any other statement, and when it was not planned
 * @param rewrites the proven rewrites of its findings, when they were proven before the call went
 *     on (a refused statement's, or every one's in lint); {@link Rewrites#NONE} otherwise
 * @param restore what the statement would restore from a savepoint, when its configuration names
 *     one and the gateway judged it; empty otherwise
 * @param planToRun the judged plan (the plan's {@code executablePlan}) as the hand-off runs it in
 *     place of the statement's text, renumbered once for the hand-off and the ids its job's operators
 *     run with ({@code StatementUids.PlanToRun}); with the job the guard translated it to judge a
 *     restore ({@link #restoringJob}), whose renumbering it takes; {@code PlanToRun#NONE} without a plan
 */
public record Decision(
        String id,
        Verdict verdict,
        Optional<ExplainedPlan> plan,
        Duration effectiveStateTtl,
        Optional<String> unanalysedReason,
        boolean refuse,
        Optional<Throwable> flinkError,
        long analysisMs,
        Optional<JudgedOperation> judged,
        Rewrites rewrites,
        Optional<Restore> restore,
        StatementUids.PlanToRun planToRun) {

    /** A decision with a fresh id, on a statement with nothing to run as judged. */
    public static Decision of(
            Verdict verdict, Optional<ExplainedPlan> plan, Duration effectiveStateTtl, Optional<String> unanalysedReason,
            boolean refuse, Optional<Throwable> flinkError, long analysisMs) {
        return of(verdict, plan, effectiveStateTtl, unanalysedReason, refuse, flinkError, analysisMs, Optional.empty());
    }

    /** A decision with a fresh id. */
    public static Decision of(
            Verdict verdict, Optional<ExplainedPlan> plan, Duration effectiveStateTtl, Optional<String> unanalysedReason,
            boolean refuse, Optional<Throwable> flinkError, long analysisMs, Optional<JudgedOperation> judged) {
        return new Decision(
                UUID.randomUUID().toString(), verdict, plan, effectiveStateTtl, unanalysedReason, refuse, flinkError,
                analysisMs, judged, Rewrites.NONE, Optional.empty(),
                StatementUids.PlanToRun.of(plan.flatMap(ExplainedPlan::executablePlan)));
    }

    /** The same decision, refused or not. */
    public Decision withRefuse(boolean newRefuse) {
        return new Decision(
                id, verdict, plan, effectiveStateTtl, unanalysedReason, newRefuse, flinkError, analysisMs, judged,
                rewrites, restore, planToRun);
    }

    /** The same decision with the findings of {@code newVerdict} (their text completed after the rules judged). */
    public Decision withVerdict(Verdict newVerdict) {
        return new Decision(
                id, newVerdict, plan, effectiveStateTtl, unanalysedReason, refuse, flinkError, analysisMs, judged,
                rewrites, restore, planToRun);
    }

    /** The same decision with what its statement would restore ({@link Restore}), as the audit records it. */
    public Decision withRestore(Optional<Restore> judgedRestore) {
        return withRestore(judgedRestore, Optional.empty());
    }

    /**
     * As {@link #withRestore(Optional)}, with the job the guard translated to judge it: what the hand-off
     * needs of it ({@link StatementJobs.JudgedJob#run}), not the stream graph its claims were read from.
     */
    public Decision withRestore(Optional<Restore> judgedRestore, Optional<StatementJobs.JudgedJob> job) {
        return new Decision(
                id, verdict, plan, effectiveStateTtl, unanalysedReason, refuse, flinkError, analysisMs, judged, rewrites,
                judgedRestore, planToRun.translated(job.map(StatementJobs.JudgedJob::run)));
    }

    /**
     * The same decision with the proven rewrites of its findings, each finding's fix settled by them ({@link
     * ProvenFixes}); the time spent proving them counts as analysis.
     */
    public Decision withRewrites(Rewrites proven, long rewriteMs) {
        return new Decision(
                id, ProvenFixes.settle(verdict, proven.verified()), plan, effectiveStateTtl, unanalysedReason, refuse, flinkError, analysisMs + rewriteMs,
                judged, proven, restore, planToRun);
    }

    /**
     * The job of the judged plan as the guard translated it to judge the statement's restore ({@code
     * StatementJobs#judgedJob}), for the plan store at submission, so that the plan is not translated
     * again; empty otherwise.
     */
    public Optional<StatementJobs.JobToRun> restoringJob() {
        return planToRun.judgedJob();
    }

    /** {@code OK}, {@code INFO}, {@code WARN}, {@code BLOCK}, or {@code UNANALYSED}. */
    public String verdictLabel() {
        if (unanalysedReason.isPresent() && verdict.level() != Level.BLOCK) {
            return "UNANALYSED";
        }
        return verdict.label();
    }

    /**
     * True when the statement is refused only because Flink itself rejects it for an ordinary
     * reason (no diagnosis rule explains it): the client then gets Flink's own error, as from a
     * stock gateway, not a policy refusal.
     */
    public boolean rejectedByFlink() {
        return refuse
                && flinkError.isPresent()
                && verdict.blockedOnlyByFallback();
    }

    /**
     * The error text a client shows for a refused statement: a headline with the rule ids, then
     * each finding (BLOCK first) with its reason, plan excerpt, fix and doc page, the page's link
     * under {@code docsBaseUrl} ({@code sql-guard.docs-base-url}, {@link Policy#docsBaseUrl}).
     */
    public String refusalMessage(String docsBaseUrl) {
        StringBuilder out = new StringBuilder();
        if (verdict.blocked()) {
            out.append("[sql-guard] Statement blocked by policy: ");
            out.append(String.join(", ", verdict.findings(Level.BLOCK).stream().map(Finding::ruleId).toList()));
            out.append('\n');
        } else {
            out.append("[sql-guard] Statement refused: the guard could not analyse it (")
                    .append(unanalysedReason.orElse("no reason given"))
                    .append(") and sql-guard.fail-mode is 'closed'.\n");
        }
        out.append(describeFindings(docsBaseUrl));
        return out.toString().stripTrailing();
    }

    /**
     * Each finding (BLOCK first) as {@link Finding#describe(String)} gives it, each followed by its proven
     * rewrites ({@link Rewrite#describe()}), the preferred first. A rewrite that answers several
     * findings (one window Top-N for every branch of a {@code UNION ALL}, one {@code SET} of the state
     * TTL for every operator) is written out in full once, under the first of them, its header naming the
     * others, and named under each of them ({@link RewritesShownOnce}): each copy repeats the whole statement, so a refusal of a
     * statement of a megabyte with forty such findings was forty megabytes, which Flink keeps with
     * the failed operation until the client closes it.
     */
    public String describeFindings(String docsBaseUrl) {
        StringBuilder out = new StringBuilder();
        List<Finding> shown = new ArrayList<>();
        for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
            shown.addAll(verdict.findings(level));
        }
        RewritesShownOnce once = new RewritesShownOnce(shown, rewrites::of);
        for (Finding finding : shown) {
            out.append('\n').append(finding.describe(docsBaseUrl));
            for (Rewrite rewrite : rewrites.of(finding)) {
                out.append(once.describe(finding, rewrite));
            }
        }
        rewrites.note().ifPresent(note -> out.append("\n(").append(note).append(")\n"));
        return out.toString();
    }
}
