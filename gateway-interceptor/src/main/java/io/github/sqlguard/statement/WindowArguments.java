package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * The arguments a statement gives its window table functions, read from the tree Flink's SQL parser read it into
 * ({@link ParsedSql#tree}) and each as the statement writes it ({@link WrittenText}): words in a comment, a string or
 * a quoted name are no argument. For the fixes of Flink's refusals of them ({@code rules.diagnosis.RefusalFixes}).
 * Stateless.
 */
public final class WindowArguments {

    /** Trees are walked this many nodes far. */
    private static final int MAX_NODES = 100_000;

    private WindowArguments() {}

    /**
     * A {@code SESSION} window table function given its keys as a second {@code DESCRIPTOR}: {@code SESSION(TABLE t,
     * DESCRIPTOR(ts), DESCRIPTOR(k), INTERVAL ...)}.
     *
     * @param table the table argument's name, as written ({@code clicks})
     * @param time the first {@code DESCRIPTOR}'s column, as written
     * @param keys the second {@code DESCRIPTOR}'s columns, as written ({@code user_id, site})
     * @param severalKeys true where the second {@code DESCRIPTOR} names more than one column
     */
    public record SessionKeys(String table, String time, String keys, boolean severalKeys) {}

    /**
     * The expression the statement's first {@code DESCRIPTOR} that describes no column gives it, as written ({@code
     * TO_TIMESTAMP(s)}, {@code CAST(ts_millis AS TIMESTAMP(3))}); empty where every {@code DESCRIPTOR} names columns,
     * or no tree is kept.
     */
    public static Optional<String> describedExpression(ParsedSql statement) {
        for (SqlNode node : nodes(statement)) {
            if (node instanceof SqlCall descriptor && descriptor(descriptor)) {
                for (SqlNode operand : Operands.of(descriptor)) {
                    if (operand instanceof SqlCall) {
                        return written(statement, operand, operand);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The statement's first {@code SESSION} window given its keys as a second {@code DESCRIPTOR} ({@link SessionKeys}). */
    public static Optional<SessionKeys> sessionKeys(ParsedSql statement) {
        for (SqlNode node : nodes(statement)) {
            if (!(node instanceof SqlCall call) || !call.getOperator().getName().equalsIgnoreCase("SESSION")) {
                continue;
            }
            List<SqlNode> operands = Operands.of(call);
            if (operands.size() < 4 || operands.get(0).getKind() != SqlKind.EXPLICIT_TABLE
                    || !(((SqlCall) operands.get(0)).operand(0) instanceof SqlIdentifier table)
                    || !(columns(operands.get(1)) instanceof SqlCall time) || time.operandCount() != 1
                    || !(columns(operands.get(2)) instanceof SqlCall keys) || keys.operandCount() == 0) {
                continue;
            }
            Optional<String> tableText = written(statement, table, table);
            Optional<String> timeText = written(statement, time.operand(0), time.operand(0));
            Optional<String> keysText = written(statement, keys.operand(0), keys.operand(keys.operandCount() - 1));
            if (tableText.isPresent() && timeText.isPresent() && keysText.isPresent()) {
                return Optional.of(new SessionKeys(tableText.get(), timeText.get(), keysText.get(), keys.operandCount() > 1));
            }
        }
        return Optional.empty();
    }

    /**
     * True where {@code call} is a {@code DESCRIPTOR}: Flink's parser reads it as a call of a function of that name
     * (kind {@code OTHER_FUNCTION}), which the validator resolves later.
     */
    private static boolean descriptor(SqlCall call) {
        return call.getKind() == SqlKind.DESCRIPTOR || call.getOperator().getName().equalsIgnoreCase("DESCRIPTOR");
    }

    /** {@code node} where it is a {@code DESCRIPTOR} of columns only, else null. */
    private static SqlNode columns(SqlNode node) {
        return node instanceof SqlCall call && descriptor(call)
                && Operands.of(call).stream().allMatch(o -> o instanceof SqlIdentifier) ? node : null;
    }

    /** The statement's text from the start of {@code first} to the end of {@code last}; empty where it does not fall in it. */
    private static Optional<String> written(ParsedSql statement, SqlNode first, SqlNode last) {
        WrittenText text = new WrittenText(statement.text());
        int start = text.start(first);
        int end = text.end(last);
        return start < 0 || end > statement.text().length() || end <= start ? Optional.empty()
                : Optional.of(statement.text().substring(start, end).strip());
    }

    /** Every node of the statement's tree, outer ones first; none where no tree is kept. */
    private static List<SqlNode> nodes(ParsedSql statement) {
        if (statement.tree().isEmpty()) {
            return List.of();
        }
        List<SqlNode> out = new java.util.ArrayList<>();
        Deque<SqlNode> todo = new ArrayDeque<>();
        todo.push(statement.tree().get().node());
        while (!todo.isEmpty() && out.size() < MAX_NODES) {
            SqlNode node = todo.pop();
            out.add(node);
            List<SqlNode> children = SqlChildren.of(node);
            for (int i = children.size() - 1; i >= 0; i--) {
                todo.push(children.get(i));
            }
        }
        return out;
    }
}
