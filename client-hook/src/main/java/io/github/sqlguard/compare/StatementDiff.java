package io.github.sqlguard.compare;

import io.github.sqlguard.lint.LintReport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What differs for one statement between two lint reports: its verdict, its rule ids, whether Flink
 * refused it, its stateful operators and their state TTLs, and the class of its restore (reports of
 * {@code lint --since} or {@code --restores-from}). A statement only one report has is
 * reported with the other side empty.
 *
 * @param file the script
 * @param line the statement's line in the new report (the old one's when only the old has it)
 * @param kind the statement kind
 * @param before the statement in the old report, empty when only the new one has it
 * @param after the statement in the new report, empty when only the old one has it
 */
public record StatementDiff(
        String file, int line, String kind, Optional<LintReport.Statement> before, Optional<LintReport.Statement> after) {

    /** A rule that one side reports and the other does not, with the reason its finding gives. */
    public record RuleChange(String rule, String level, String message) {}

    /** The difference of two matched statements, or of a statement only one report has. */
    static StatementDiff of(Optional<LintReport.Statement> before, Optional<LintReport.Statement> after) {
        LintReport.Statement any = after.or(() -> before).orElseThrow();
        return new StatementDiff(any.file(), any.line(), any.kind(), before, after);
    }

    /** True when the two sides differ in anything {@code compare} reports. */
    public boolean differs() {
        return before.isEmpty() || after.isEmpty()
                || verdictChanged() || !rulesAdded().isEmpty() || !rulesRemoved().isEmpty() || refusalChanged()
                || operatorsChanged() || ttlsChanged() || restoreChanged();
    }

    /** The class of the statement's restore on each side ({@code cannot restore}), {@code -} where a side judged none. */
    public String restoreBefore() {
        return before.flatMap(LintReport.Statement::restore).orElse("-");
    }

    public String restoreAfter() {
        return after.flatMap(LintReport.Statement::restore).orElse("-");
    }

    /** True when both sides judged the statement's restore and put it in different classes. */
    public boolean restoreChanged() {
        return before.flatMap(LintReport.Statement::restore).isPresent() && after.flatMap(LintReport.Statement::restore).isPresent()
                && !restoreBefore().equals(restoreAfter());
    }

    /** The verdict of each side, {@code -} for a missing side. */
    public String verdictBefore() {
        return before.map(LintReport.Statement::verdict).orElse("-");
    }

    public String verdictAfter() {
        return after.map(LintReport.Statement::verdict).orElse("-");
    }

    public boolean verdictChanged() {
        return !verdictBefore().equals(verdictAfter());
    }

    /** The rules the new report has and the old one does not, with the new report's reasons. */
    public List<RuleChange> rulesAdded() {
        return changes(after, before);
    }

    /** The rules the old report has and the new one does not, with the old report's reasons. */
    public List<RuleChange> rulesRemoved() {
        return changes(before, after);
    }

    /** Flink's refusal on each side; empty where Flink accepted it or the side is missing. */
    public Optional<String> refusalBefore() {
        return before.flatMap(LintReport.Statement::flinkRefusal);
    }

    public Optional<String> refusalAfter() {
        return after.flatMap(LintReport.Statement::flinkRefusal);
    }

    /** True when one side's Flink refused the statement and the other's did not. */
    public boolean refusalChanged() {
        return before.isPresent() && after.isPresent() && refusalBefore().isPresent() != refusalAfter().isPresent();
    }

    /** The stateful operators of each side, by name, with their counts, sorted. */
    public Map<String, Integer> operatorsBefore() {
        return new TreeMap<>(before.map(LintReport.Statement::statefulOperators).orElse(Map.of()));
    }

    public Map<String, Integer> operatorsAfter() {
        return new TreeMap<>(after.map(LintReport.Statement::statefulOperators).orElse(Map.of()));
    }

    public boolean operatorsChanged() {
        return before.isPresent() && after.isPresent() && !operatorsBefore().equals(operatorsAfter());
    }

    /** Each side's state TTLs, one {@code Operator.state = TTL} each, sorted. */
    public List<String> ttlsBefore() {
        return ttls(before);
    }

    public List<String> ttlsAfter() {
        return ttls(after);
    }

    public boolean ttlsChanged() {
        return before.isPresent() && after.isPresent() && !ttlsBefore().equals(ttlsAfter());
    }

    private static List<RuleChange> changes(Optional<LintReport.Statement> in, Optional<LintReport.Statement> notIn) {
        if (in.isEmpty() || notIn.isEmpty()) {
            return List.of();
        }
        List<String> other = notIn.get().rules();
        List<RuleChange> out = new ArrayList<>();
        for (LintReport.Finding f : in.get().findings()) {
            if (!other.contains(f.rule()) && out.stream().noneMatch(c -> c.rule().equals(f.rule()))) {
                out.add(new RuleChange(f.rule(), f.level(), f.message()));
            }
        }
        return out;
    }

    /**
     * An operator as the audit names it, {@code GroupAggregate[5]}, without its ExecNode id: ids are
     * numbered per plan by each Flink line's planner, so the same operator has different ids in two
     * lines' plans (and in two plannings).
     */
    static String withoutNodeId(String operator) {
        return NODE_ID.matcher(operator).replaceFirst("");
    }

    private static final Pattern NODE_ID = Pattern.compile("\\[\\d+]$");

    private static List<String> ttls(Optional<LintReport.Statement> side) {
        return side.map(s -> s.operatorStateTtl().stream()
                        .map(t -> withoutNodeId(t.operator()) + (t.state() == null ? "" : "." + t.state()) + " = "
                                + Ttl.describe(t.ttlMs())
                                + (t.source().equals("inferred") ? " (inferred)" : ""))
                        .sorted()
                        .toList())
                .orElse(List.of());
    }
}
