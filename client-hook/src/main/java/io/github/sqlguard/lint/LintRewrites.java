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
     * description, and one replacement of the statement's region ({@link #splice}, the {@code ;}
     * excluded) by the rewrite's statements, the last one's {@code ;} left to the script.
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
        Splice splice = splice(rewrite, statement);
        String[] lines = splice.replaced().split("\n", -1);
        int endLine = splice.line() + lines.length - 1;
        int endColumn = lines.length == 1 ? splice.column() + splice.replaced().length() : lines[lines.length - 1].length() + 1;
        replacement.putObject("deletedRegion")
                .put("startLine", splice.line()).put("startColumn", splice.column())
                .put("endLine", endLine).put("endColumn", endColumn);
        replacement.putObject("insertedContent").put("text", splice.written());
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
     * Where a statement's rewrite goes in its script and what it writes there: the one placement of {@code --fix},
     * {@code --diff} and SARIF's fix, the text report's ({@link Rewrite#sql()}, which keeps the statement's leading
     * comments). Where the rewrite puts statements before those comments (the {@code SET} of a TTL moved out of a
     * {@code CREATE TABLE}'s options), they go above the comments, which stay with the statement they were written
     * over: the statement's whole text is replaced, from its first comment. Otherwise the comments stay where they
     * are and the statement is replaced from its first code character.
     *
     * @param line 1-based line of the first replaced character
     * @param column its 1-based column
     * @param replaced the statement's text that is replaced, without its {@code ;}
     * @param written what replaces it: the rewrite's statements, the last one's {@code ;} left to the script
     */
    record Splice(int line, int column, String replaced, String written) {}

    /** The {@link Splice} of {@code rewrite} into the script of {@code statement}. */
    static Splice splice(Rewrite rewrite, LintedStatement statement) {
        String text = statement.text();
        String code = code(text);
        String comments = text.substring(0, text.length() - code.length()).strip();
        String sql = withoutLastSemicolon(rewrite.sql());
        int at = comments.isEmpty() ? -1 : sql.indexOf(comments);
        if (at > 0) {
            return new Splice(statement.textLine(), statement.textColumn(), text, sql);
        }
        return new Splice(statement.line(), statement.column(), code,
                at < 0 ? sql : sql.substring(comments.length()).stripLeading());
    }

    static String withoutLastSemicolon(String sql) {
        String s = sql.stripTrailing();
        return s.endsWith(";") ? s.substring(0, s.length() - 1) : s;
    }
}
