package io.github.sqlguard.rules.diagnosis;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.statement.CommentedSet;
import io.github.sqlguard.statement.SqlText;
import io.github.sqlguard.statement.StatementKind;

/**
 * {@code unquoted-set-after-comment}: Flink's parser refused an unquoted {@code SET key = value}
 * or {@code RESET key} because a comment stands in the statement's text, before it or inside it
 * ({@link CommentedSet}).
 *
 * <p>Planner symptom (Flink 2.3.0, verified on a stock gateway, DESIGN.md): {@code SQL parse failed.
 * Encountered "table" at line 2, column 5}. Flink's extended parser, which reads the unquoted
 * forms, matches its regular expression against the whole statement ({@code
 * AbstractRegexParseStrategy#match}), and a comment before the statement is part of it: the SQL
 * Client and the gateway split a script at each {@code ;} and keep what comes before a statement
 * with it. The text then reaches Flink's SQL parser, whose {@code SET} and {@code RESET} take quoted
 * strings only ({@code SqlSet}, {@code SqlReset} of {@code flink-sql-parser}). The setting is not
 * applied. The quoted form is read by the SQL parser, comments or not.
 */
public final class UnquotedSetAfterCommentRule extends DiagnosisRule {

    public static final String ID = "unquoted-set-after-comment";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.diagnosis(
                    ID,
                    "Unquoted `SET key = value` or `RESET key` with a comment before or inside it, which Flink's parser"
                    + " refuses.");

    public UnquotedSetAfterCommentRule() {
        super(DECLARATION);
    }

    @Override
    protected boolean matches(String message, AnalysisContext context) {
        return message.contains("SQL parse failed") && CommentedSet.of(context.statement().text()).isPresent();
    }

    @Override
    protected String reason(String message, AnalysisContext context) {
        CommentedSet set = CommentedSet.of(context.statement().text()).orElseThrow();
        String word = set.kind() == StatementKind.SET ? "SET" : "RESET";
        String where = startsWithComment(context.statement().text())
                ? "a comment before it in the same statement (a statement keeps the comments that precede it, back to the"
                        + " previous semicolon)"
                : "a comment inside it";
        return "This unquoted " + word + " of '" + set.key() + "' has " + where + ": Flink reads " + word + " without"
                + " quotes only when the statement's text is nothing else, so its SQL parser read it instead, which takes"
                + " quoted keys and values only, and refused it; '" + set.key() + "' was not "
                + (set.kind() == StatementKind.SET ? "set" : "reset") + ".";
    }

    @Override
    protected String fix(String message, AnalysisContext context) {
        CommentedSet set = CommentedSet.of(context.statement().text()).orElseThrow();
        return "Quote the key" + (set.kind() == StatementKind.SET ? " and the value" : "") + ", which Flink reads with"
                + " comments around it: " + set.quoted() + "; or move the comment out of the statement, after its"
                + " semicolon (it then belongs to the next statement, which must not be an unquoted SET or RESET either).";
    }

    private static boolean startsWithComment(String text) {
        String stripped = text.strip();
        return !stripped.isEmpty() && SqlText.skipComment(stripped, 0) != 0;
    }
}
