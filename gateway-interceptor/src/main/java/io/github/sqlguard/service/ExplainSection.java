package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.policy.Mode;
import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.restore.StateChange;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Restore;

import java.util.List;

/**
 * The guard's part of an {@code EXPLAIN} result: a {@code == SQL Guard ==} section, as Flink heads
 * the sections of its own EXPLAIN output, with the verdict on the explained statement, what would
 * happen if it were run under the policy in force, and each finding (BLOCK first) as {@link
 * Finding#describe(String)} gives it, with its proven rewrites ({@link Decision#describeFindings(String)}), the
 * text the guard's own client prints.
 */
final class ExplainSection {

    static final String HEADER = "== SQL Guard ==";

    private ExplainSection() {}

    /**
     * The section for {@code decision}, the guard's decision on the explained statement as it would
     * be taken for the statement itself.
     */
    static String of(Decision decision, Policy policy) {
        List<Finding> blocking = decision.verdict().findings(Level.BLOCK);
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        out.append("Verdict: ").append(decision.verdictLabel());
        if (!blocking.isEmpty()) {
            out.append(" (").append(String.join(", ", blocking.stream().map(Finding::ruleId).toList())).append(')');
        }
        out.append(". ").append(ifRun(decision, policy)).append('\n');
        decision.unanalysedReason().ifPresent(reason -> out.append("Not analysed: ").append(reason).append(".\n"));
        decision.restore().ifPresent(restore -> out.append(restore(restore)));
        if (decision.verdict().findings().isEmpty()) {
            out.append("No findings.\n");
        }
        out.append(decision.describeFindings(policy.docsBaseUrl()));
        return out.toString();
    }

    /**
     * What the statement would restore: the savepoint, how many of its operators with state the job
     * claims (as the restore findings count them, {@code RestoreRules#matched}) and which of the job's
     * operators claim them, by the names its findings give them ({@code Rank[5]}, {@code PlanNodeIds}), and whether the state's types and meaning were checked against the plan of the job it
     * was taken of, or why not.
     */
    static String restore(Restore restore) {
        if (restore.unreadable().isPresent()) {
            return "Restores: savepoint " + restore.shownSavepoint() + " (not read: " + restore.shownUnreadable().get() + ").\n";
        }
        StringBuilder out = new StringBuilder("Restores: savepoint ").append(restore.shownSavepoint()).append(", ")
                .append(restore.matched().size()).append(" of its ")
                .append(restore.matched().size() + restore.unclaimed().size())
                .append(" operators with state (keyed, operator or coordinator state) claimed (")
                .append(Restore.size(Restore.bytes(restore.matched()))).append(restore.matched().isEmpty() ? "" : ": ")
                .append(String.join(", ", restore.matched().stream().map(o -> o.claimedBy().orElse("?")).toList()))
                .append("), ").append(restore.unclaimed().size()).append(" not claimed.");
        if (restore.comparedBySerializers()) {
            out.append(" Compared with the serializers the savepoint records (the guard holds no plan of its job):");
            for (StateChange change : restore.changes()) {
                out.append("\n  ").append(change.describe());
            }
            restore.notCompared().ifPresent(why -> out.append("\n  Not checked: ").append(why).append('.'));
        } else if (restore.comparedWith().isPresent()) {
            out.append(" Compared with the plan of ").append(restore.comparedWith().get()).append(':');
            for (StateChange change : restore.changes()) {
                out.append("\n  ").append(change.describe());
            }
        } else {
            restore.notCompared().ifPresent(why -> out.append(" State types and meaning not checked: ").append(why).append('.'));
        }
        return out.append('\n').toString();
    }

    /** What the gateway would do with the explained statement itself. */
    private static String ifRun(Decision decision, Policy policy) {
        if (decision.refuse()) {
            if (policy.mode() == Mode.REPORT) {
                return "Run as it is, the statement would run: sql-guard.mode is 'report' (audited as would-block).";
            }
            if (decision.verdict().blocked()) {
                return "Run as it is, the statement would be refused.";
            }
            return "Run as it is, the statement would be refused (sql-guard.fail-mode: closed).";
        }
        if (decision.unanalysedReason().isPresent()) {
            return "Run as it is, the statement would run unanalysed (sql-guard.fail-mode: open).";
        }
        String counted = Level.counted(decision.verdict().findings().stream().map(Finding::level).toList());
        return counted.isEmpty()
                ? "Run as it is, the statement would run."
                : "Run as it is, the statement would run with " + counted + ".";
    }
}
