package io.github.sqlguard.lint;

import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.statement.SqlText;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * How lint's reports show a finding's proven rewrite ({@link Rewrite}, proven by the guard in the
 * lint session before the next statement ran): the preferred one of each finding, as issue 23 asks
 * of lint's formats.
 */
final class LintRewrites {

    private LintRewrites() {}

    /**
     * The rewrite as the JSON report's {@code rewrite} object of a finding:
     *
     * <pre>{@code
     * "rewrite": {"family": "window-top-n", "sql": "<statement(s)>", "statement": "<the rewritten statement>",
     *             "verified": true, "operators": ["WindowRank"], "columns": "same", "changes": "<one line>",
     *             "chosen": "<values and their keys>", "view": "<view>" (when a view is rewritten),
     *             "planNodes": [4], "restores": true}
     * }</pre>
     *
     * {@code verified} is always true: lint shows no rewrite the guard did not prove. {@code restores} is false
     * where the statement restores its previous version's state ({@code --since}, {@code --restores-from}) and the
     * rewrite, judged as that restore, does not keep it ({@link Rewrite#restores()}; lint shows such a rewrite only
     * where none that restores proves, and {@code --fix} never writes it). Its texts are
     * masked of secrets ({@link Rewrite#shown()}), as every report of lint is.
     */
    static void json(Rewrite proven, ObjectNode into) {
        Rewrite rewrite = proven.shown();
        into.put("family", rewrite.family())
                .put("sql", rewrite.sql())
                .put("statement", rewrite.statement())
                .put("verified", true);
        ArrayNode operators = into.putArray("operators");
        rewrite.operators().forEach(operators::add);
        into.put("columns", rewrite.columns()).put("changes", rewrite.changes());
        if (!rewrite.chosen().isEmpty()) {
            into.put("chosen", rewrite.chosen());
        }
        rewrite.view().ifPresent(view -> into.put("view", view));
        ArrayNode planNodes = into.putArray("planNodes");
        rewrite.planNodes().forEach(planNodes::add);
        into.put("restores", rewrite.restores());
    }

    /**
     * The rewrite as a SARIF 2.1.0 {@code fix} of a result (§3.55): its {@code changes} line as the
     * description, and one replacement of the statement's region (from its first code character to
     * its end, the {@code ;} excluded) by the rewrite's statements, the last one's {@code ;} left to
     * the script.
     *
     * <p>Not written for a rewrite that carries a secret ({@link Rewrite#carriesSecret()}): the fix
     * would have to quote it in the report, and a masked one would write {@code '****'} into the file;
     * {@code lint --fix} writes such a rewrite into the file itself.
     *
     * @param uri the artifact's URI, as the result's location gives it
     */
    static boolean sarifFixable(Rewrite rewrite) {
        return !rewrite.carriesSecret();
    }

    /** The SARIF fix of {@link #sarifFixable} rewrite. */
    static void sarifFix(Rewrite rewrite, LintedStatement statement, String uri, ObjectNode fix) {
        fix.putObject("description").put("text", rewrite.family() + " (proven by the guard): " + rewrite.changes());
        ObjectNode change = fix.putArray("artifactChanges").addObject();
        change.putObject("artifactLocation").put("uri", uri);
        ObjectNode replacement = change.putArray("replacements").addObject();
        String code = code(statement.text());
        String[] lines = code.split("\n", -1);
        int endLine = statement.line() + lines.length - 1;
        int endColumn = lines.length == 1 ? statement.column() + code.length() : lines[lines.length - 1].length() + 1;
        replacement.putObject("deletedRegion")
                .put("startLine", statement.line()).put("startColumn", statement.column())
                .put("endLine", endLine).put("endColumn", endColumn);
        replacement.putObject("insertedContent").put("text", replacement(rewrite, statement.text()));
    }

    /**
     * The rewrite as a GitHub {@code suggestion} block, appended to a workflow command's message; for a
     * rewrite that carries a secret, a line that says why there is none (the block would print it in
     * the job's log, and a masked one would write {@code '****'} into the file).
     */
    static String suggestion(Rewrite rewrite) {
        if (rewrite.carriesSecret()) {
            return "\nProven rewrite (" + rewrite.family() + "): " + rewrite.shown().changes()
                    + "\n(not suggested here: it repeats a secret value of the statement; `sql-guard lint --fix` writes it)";
        }
        return "\nProven rewrite (" + rewrite.family() + "): " + rewrite.changes() + "\n```suggestion\n"
                + rewrite.sql() + "\n```";
    }

    /** The statement's text from its first code character: its leading comments and blanks dropped. */
    static String code(String text) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            int next = c == '-' || c == '/' ? SqlText.skipQuotedOrComment(text, i) : i;
            if (next == i) {
                break;
            }
            i = next;
        }
        return text.substring(i);
    }

    /**
     * What replaces the statement's code (from its first code character): the rewrite's
     * statements, without the last {@code ;} and without the statement's leading comments, which
     * the rewrite keeps but which stay in the script before the replaced region.
     */
    static String replacement(Rewrite rewrite, String text) {
        String code = code(text);
        String comments = text.substring(0, text.length() - code.length()).strip();
        String sql = withoutLastSemicolon(rewrite.sql());
        int at = comments.isEmpty() ? -1 : sql.indexOf(comments);
        return at < 0 ? sql : sql.substring(0, at) + sql.substring(at + comments.length()).stripLeading();
    }

    static String withoutLastSemicolon(String sql) {
        String s = sql.stripTrailing();
        return s.endsWith(";") ? s.substring(0, s.length() - 1) : s;
    }

    /** The rewrite under its finding in the text report, as the guard's refusal shows it. */
    static String text(Rewrite rewrite) {
        return rewrite.describe().indent(2);
    }

    /** The text report's line for {@code rewrite} already written out under the finding of rule {@code shownUnder}. */
    static String textAgain(Rewrite rewrite, String shownUnder) {
        return rewrite.describeAgain(shownUnder).indent(2);
    }
}
