package io.github.sqlguard.statement;

import io.github.sqlguard.flink.FlinkLine;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.sql.parser.dml.SqlStatementSet;
import org.apache.flink.sql.parser.dql.SqlRichExplain;

import java.util.Locale;
import java.util.Set;

/**
 * Where the text the guard plans starts in a statement that holds another: the query of a
 * materialized table, the statement an {@code EXPLAIN} explains, the statement after {@code FOR}
 * of {@code COMPILE PLAN}. Read from the statement's text as written, checked against the node
 * Flink's parser gave. Stateless.
 */
final class PlannedText {

    private PlannedText() {}

    /**
     * The text of a materialized table's defining query, from the parser position of the query node
     * to the end; {@code null} (the guard then cannot analyse it) when that text does not start like
     * a query.
     */
    static String materializedTableQuery(String text, SqlNode node) {
        SqlNode query = FlinkLine.current().materializedTableQuery(node);
        if (query == null) {
            return null;
        }
        SqlParserPos pos = query.getParserPosition();
        int offset = 0;
        for (int line = 1; line < pos.getLineNum(); line++) {
            int nl = text.indexOf('\n', offset);
            if (nl < 0) {
                return null;
            }
            offset = nl + 1;
        }
        offset += Math.max(0, pos.getColumnNum() - 1);
        if (offset >= text.length()) {
            return null;
        }
        String body = text.substring(offset).strip();
        String head = body.toUpperCase(Locale.ROOT);
        return head.startsWith("SELECT") || head.startsWith("WITH") || head.startsWith("VALUES") || head.startsWith("(")
                ? body
                : null;
    }

    /**
     * The text of the statement an {@code EXPLAIN} explains ({@link SqlRichExplain#getStatement()}),
     * as written, or {@code null} when it cannot be found.
     *
     * <p>The explained node's parser position is not where its text starts (an {@code ORDER BY}
     * query is placed at its {@code ORDER BY}, an {@code INSERT} at {@code INTO}, a parenthesized
     * query inside its parentheses), so the text is read after the {@code EXPLAIN} prefix the parser
     * accepted ({@code EXPLAIN}, then {@code PLAN FOR} or the node's explain details, separated by
     * commas, comments anywhere) and kept only when Flink's parser reads it back as one statement of
     * the explained node's class. A statement set comes back as {@code EXECUTE STATEMENT SET ...},
     * the form Flink plans on its own.
     */
    static String explainedStatement(String text, SqlRichExplain explain) {
        int i = SqlText.nextToken(text, 0, true);
        i = SqlText.afterWord(text, i, "EXPLAIN");
        if (i < 0) {
            return null;
        }
        int plan = SqlText.afterWord(text, SqlText.nextToken(text, i, true), "PLAN");
        int planFor = plan < 0 ? -1 : SqlText.afterWord(text, SqlText.nextToken(text, plan, true), "FOR");
        if (planFor >= 0) {
            i = planFor;
        } else {
            Set<String> details = explain.getExplainDetails();
            int start = SqlText.nextToken(text, i, true);
            int end = SqlText.wordEnd(text, start);
            while (end >= 0 && details.contains(text.substring(start, end).toUpperCase(Locale.ROOT))) {
                i = end;
                int comma = SqlText.nextToken(text, i, true);
                if (comma < text.length() && text.charAt(comma) == ',') {
                    i = comma + 1;
                }
                start = SqlText.nextToken(text, i, true);
                end = SqlText.wordEnd(text, start);
            }
        }
        String body = text.substring(SqlText.nextToken(text, i, true)).strip();
        if (body.endsWith(";")) {
            body = body.substring(0, body.length() - 1).strip();
        }
        // A statement set is a statement of its own only after EXECUTE (or EXPLAIN).
        String statement = explain.getStatement() instanceof SqlStatementSet ? "EXECUTE " + body : body;
        try {
            SqlNodeList nodes = FlinkSqlParser.parseStmtList(statement);
            if (nodes.size() != 1) {
                return null;
            }
            SqlNode read = nodes.get(0);
            // EXECUTE around the explained statement: Flink 2.x keeps it in the EXPLAIN's node for a
            // statement set, 1.20 unwraps it for an INSERT too; compare the statements inside.
            if (read instanceof SqlExecute execute && !(explain.getStatement() instanceof SqlExecute)) {
                read = execute.getStatement();
            }
            return read.getClass() == explain.getStatement().getClass() ? statement : null;
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            return null;
        }
    }

    /**
     * The text after the first {@code keyword} token outside string literals, quoted identifiers
     * and comments ({@code FOR} of {@code COMPILE PLAN 'f' FOR INSERT ...}), or {@code null}.
     */
    static String afterKeyword(String text, String keyword) {
        int i = 0;
        int n = text.length();
        while (i < n) {
            int next = SqlText.skipQuotedOrComment(text, i);
            if (next != i) {
                i = next;
            } else if (Character.isLetter(text.charAt(i))) {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                if (text.substring(start, i).equalsIgnoreCase(keyword)) {
                    return text.substring(i).strip();
                }
            } else {
                i++;
            }
        }
        return null;
    }
}
