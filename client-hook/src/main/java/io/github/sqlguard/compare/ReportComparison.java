package io.github.sqlguard.compare;

import io.github.sqlguard.lint.LintReport;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Two lint reports of the same scripts side by side, e.g. one from each Flink line's CLI jar: every
 * statement matched with its counterpart by its file and its text ({@code fingerprint}: the text
 * without comments, blanks collapsed; the n-th such statement of a file with the n-th), and what
 * differs ({@link StatementDiff}).
 *
 * @param before the old report's name (its file) and Flink version
 * @param after the new report's name and Flink version
 * @param statements how many statements were compared (matched or not)
 * @param differences the statements that differ, in the new report's order, then those only the
 *     old report has
 */
public record ReportComparison(Side before, Side after, int statements, List<StatementDiff> differences) {

    /** One of the two reports: what it is called and the Flink version(s) that planned its statements. */
    public record Side(String name, String flinkVersion) {}

    public ReportComparison {
        differences = List.copyOf(differences);
    }

    /** Compares {@code oldReport} with {@code newReport}. */
    public static ReportComparison of(String oldName, LintReport oldReport, String newName, LintReport newReport) {
        Map<String, LintReport.Statement> olds = keyed(oldReport);
        Map<String, LintReport.Statement> news = keyed(newReport);
        List<StatementDiff> differences = new ArrayList<>();
        for (Map.Entry<String, LintReport.Statement> e : news.entrySet()) {
            StatementDiff diff = StatementDiff.of(Optional.ofNullable(olds.get(e.getKey())), Optional.of(e.getValue()));
            if (diff.differs()) {
                differences.add(diff);
            }
        }
        int onlyOld = 0;
        for (Map.Entry<String, LintReport.Statement> e : olds.entrySet()) {
            if (!news.containsKey(e.getKey())) {
                differences.add(StatementDiff.of(Optional.of(e.getValue()), Optional.empty()));
                onlyOld++;
            }
        }
        return new ReportComparison(
                new Side(oldName, version(oldReport)), new Side(newName, version(newReport)), news.size() + onlyOld,
                differences);
    }

    /** The files that have a difference, in order. */
    public List<String> files() {
        return differences.stream().map(StatementDiff::file).distinct().toList();
    }

    private static Map<String, LintReport.Statement> keyed(LintReport report) {
        Map<String, LintReport.Statement> out = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        Map<String, Integer> index = new HashMap<>();
        for (LintReport.Statement s : report.statements()) {
            int position = index.merge(s.file(), 1, Integer::sum) - 1;
            // A report without fingerprints (written before they were added): statements by position.
            String text = s.fingerprint() == null ? "#" + position : s.fingerprint();
            int occurrence = seen.merge(s.file() + "\n" + text, 1, Integer::sum) - 1;
            out.put(s.file() + "\n" + text + "\n" + occurrence, s);
        }
        return out;
    }

    /** The report's Flink version, or the versions joined when its statements name several. */
    private static String version(LintReport report) {
        List<String> versions = report.statements().stream().map(LintReport.Statement::flinkVersion)
                .filter(v -> !v.isEmpty()).distinct().toList();
        return versions.isEmpty() ? "unknown" : String.join(", ", versions);
    }
}
