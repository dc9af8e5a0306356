package io.github.sqlguard.lint;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the planner errors of one lint session that come from a missing dependency into what they
 * are: an analysis that could not run ({@value MissingDependency#ID}, never a BLOCK). Once something
 * could not be created for want of a jar (a catalog, a function), a later {@code Object 'x' not
 * found} or failing function call in the same session is the same gap, not an error in the SQL.
 */
final class IncompleteEnvironment {

    /** What Flink says when a statement uses something an earlier statement could not create. */
    private static final Pattern CONSEQUENCE = Pattern.compile(
            "Object '[^']+' not found|Catalog '[^']+' (?:does not exist|not found)|Table '[^']+' (?:does not exist|not found)"
                    + "|Database '[^']+' (?:does not exist|not found)|Cannot instantiate user-defined function"
                    + "|No match found for function signature|Function '[^']+' (?:does not exist|not found)");

    private static final Pattern QUOTED_NAME = Pattern.compile("(?:Object|Catalog|Table|Database|[Ff]unction) '([^']+)'");

    private IncompleteEnvironment() {}

    /** The statements of one session (init scripts and a script, in order) with missing dependencies reported as such. */
    static List<LintedStatement> reclassify(List<LintedStatement> session) {
        List<LintedStatement> out = new ArrayList<>();
        List<LintedStatement> gaps = new ArrayList<>();
        List<MissingDependency> missed = new ArrayList<>();
        for (LintedStatement statement : session) {
            List<LintFinding> findings = new ArrayList<>();
            boolean unanalysed = false;
            for (LintFinding f : statement.findings()) {
                Finding finding = f.finding();
                if (!finding.ruleId().equals("planner-error")) {
                    findings.add(f);
                    continue;
                }
                String said = finding.reason() + "\n" + finding.node();
                Optional<MissingDependency> missing = MissingDependency.classify(said);
                if (missing.isPresent()) {
                    findings.add(unanalysed(f, missing.get().reason(), missing.get().evidence(), missing.get().fix()));
                    unanalysed = true;
                    gaps.add(statement);
                    missed.add(missing.get());
                } else if (!gaps.isEmpty() && CONSEQUENCE.matcher(said).find()) {
                    int gap = cause(said, gaps);
                    MissingDependency cause = missed.get(gap);
                    findings.add(unanalysed(f,
                            "Analysis could not run: this statement uses what an earlier statement ("
                                    + gaps.get(gap).file() + ":" + gaps.get(gap).line() + ") could not create, as "
                                    + cause.reason().substring("Analysis could not run: ".length()),
                            finding.reason(), cause.fix()));
                    unanalysed = true;
                } else {
                    findings.add(f);
                }
            }
            if (!unanalysed) {
                out.add(statement);
                continue;
            }
            boolean blocked = findings.stream().anyMatch(f -> f.level() == Level.BLOCK);
            out.add(new LintedStatement(statement.file(), statement.line(), statement.column(), statement.textLine(),
                    statement.textColumn(), statement.text(),
                    statement.kind(), blocked ? Level.BLOCK.name() : "UNANALYSED", findings, false, statement.standIn(),
                    statement.plan(), statement.facts()));
        }
        return out;
    }

    /**
     * The index of the gap an error is a consequence of: the latest earlier statement that names the
     * object the error names (last part of {@code 'cat.db.name'}), else the latest gap.
     */
    private static int cause(String error, List<LintedStatement> gaps) {
        Matcher named = QUOTED_NAME.matcher(error);
        while (named.find()) {
            String name = named.group(1);
            String last = name.substring(name.lastIndexOf('.') + 1);
            Pattern word = Pattern.compile("(?i)(?<![\\w`])`?" + Pattern.quote(last) + "`?(?![\\w`])");
            for (int i = gaps.size() - 1; i >= 0; i--) {
                if (word.matcher(gaps.get(i).text()).find()) {
                    return i;
                }
            }
        }
        return gaps.size() - 1;
    }

    private static LintFinding unanalysed(LintFinding at, String reason, String node, String fix) {
        return new LintFinding(at.line(), at.column(), new Finding(
                MissingDependency.ID, Level.OFF, reason, node, "", fix, "docs/rules/" + MissingDependency.ID + ".md"));
    }
}
