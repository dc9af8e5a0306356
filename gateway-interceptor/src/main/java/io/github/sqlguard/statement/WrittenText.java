package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.ArrayList;
import java.util.List;

/**
 * Offsets into a statement's text of the nodes Flink's parser read from it, and their text as written: a node spans
 * from the first character to the last of itself and everything under it (a call's own position may be its
 * operator's alone). Read by {@link SwappedBounds} (a condition spliced from its pieces) and {@link
 * WrittenExpressions} (an expression named as the statement writes it, not as Flink's plan prints it).
 */
final class WrittenText {

    private static final int MAX_DEPTH = 256;

    private final String text;
    private final int[] lineStarts;

    WrittenText(String text) {
        this.text = text;
        List<Integer> starts = new ArrayList<>(List.of(0));
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The text of {@code node}. */
    String text(SqlNode node) {
        return text.substring(start(node), end(node));
    }

    /** The text of {@code outer} from its start up to {@code inner}. */
    String text(SqlNode outer, SqlNode inner) {
        return text.substring(start(outer), start(inner));
    }

    /** The text between the end of {@code a} and the start of {@code b}. */
    String between(SqlNode a, SqlNode b) {
        return text.substring(end(a), start(b));
    }

    /** The text of {@code outer} after {@code inner}. */
    String after(SqlNode inner, SqlNode outer) {
        return text.substring(end(inner), end(outer));
    }

    int start(SqlNode node) {
        int[] span = {Integer.MAX_VALUE, -1};
        span(node, span, 0);
        return span[0];
    }

    int end(SqlNode node) {
        int[] span = {Integer.MAX_VALUE, -1};
        span(node, span, 0);
        return span[1];
    }

    private void span(SqlNode node, int[] span, int depth) {
        if (node == null || depth > MAX_DEPTH) {
            return;
        }
        SqlParserPos pos = node.getParserPosition();
        if (pos.getLineNum() > 0) {
            span[0] = Math.min(span[0], offset(pos.getLineNum(), pos.getColumnNum()));
            span[1] = Math.max(span[1], offset(pos.getEndLineNum(), pos.getEndColumnNum()) + 1);
        }
        if (node instanceof SqlIntervalLiteral interval
                && interval.getValue() instanceof SqlIntervalLiteral.IntervalValue value) {
            // INTERVAL '2' HOUR: the unit is the qualifier's, which may lie outside the literal's own position.
            span(value.getIntervalQualifier(), span, depth + 1);
        }
        if (node instanceof SqlCall call) {
            for (SqlNode operand : call.getOperandList()) {
                span(operand, span, depth + 1);
            }
        }
    }

    private int offset(int line, int column) {
        int at = line - 1 < lineStarts.length ? lineStarts[line - 1] + column - 1 : text.length();
        return Math.min(Math.max(at, 0), text.length());
    }
}
