package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParseException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The expressions a statement writes, each as written, found by the text Flink's plan prints for them: a key the
 * plan names {@code FLOOR(CAST(click_time AS TIMESTAMP(3)), DAY)} is the statement's {@code FLOOR(click_time TO
 * DAY)}. The plan prints the planner's expression ({@code RexCall#toString}): its columns unqualified, an event-time
 * column read as a value cast to its plain type ({@code CAST(click_time AS TIMESTAMP(3))}: Flink materializes the
 * time attribute), {@code FLOOR} and {@code CEIL} of a time unit as {@code FLOOR(x, DAY)} ({@code FLAG(DAY)} on
 * Flink 1.20), which is no SQL a user can write back. Both texts are compared in one {@link #form}; an expression
 * that two pieces of the statement write differently ({@code UPPER(o.c)} and {@code UPPER(r.c)}) is not told apart,
 * and is left as the plan prints it.
 */
public final class WrittenExpressions {

    private static final int MAX_DEPTH = 256;

    private static final Pattern QUALIFIER = Pattern.compile("(?<![A-Z0-9_$'.])[A-Z_$][A-Z0-9_$]*\\.(?=[A-Z_$])");

    private static final Pattern CAST_TO_TIMESTAMP = Pattern.compile(
            "CAST\\(([A-Z_$][A-Z0-9_$]*)AS(?:TIMESTAMP_LTZ\\(\\d\\)|TIMESTAMP\\(\\d\\)(?:WITHLOCALTIMEZONE)?)\\)");

    private static final Pattern FLAG = Pattern.compile("FLAG\\(([A-Z_]+)\\)");

    private static final Pattern TIME_UNIT_OPERAND =
            Pattern.compile(",(YEAR|QUARTER|MONTH|WEEK|DAY|HOUR|MINUTE|SECOND|MILLISECOND)\\)");

    private record Written(String text, String form) {}

    private final List<Written> expressions;

    private WrittenExpressions(List<Written> expressions) {
        this.expressions = List.copyOf(expressions);
    }

    /** The calls {@code statement} writes (outside its DDL); none when it does not parse. */
    public static WrittenExpressions of(String statement) {
        List<Written> out = new ArrayList<>();
        SqlNodeList nodes;
        try {
            nodes = FlinkSqlParser.parseStmtList(statement);
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            return new WrittenExpressions(out);
        }
        WrittenText text = new WrittenText(statement);
        for (SqlNode node : nodes) {
            collect(node, text, out, 0);
        }
        return new WrittenExpressions(out);
    }

    /**
     * The expression the plan prints as {@code planned}, as the statement writes it; empty where the statement writes
     * none of that form, or several that differ.
     */
    public Optional<String> written(String planned) {
        String form = form(planned);
        List<String> texts = expressions.stream().filter(e -> e.form().equals(form)).map(Written::text).distinct().toList();
        return texts.size() == 1 ? Optional.of(texts.get(0)) : Optional.empty();
    }

    /**
     * One form for an expression as written and as a plan prints it: blanks, back-ticks and qualifiers left out,
     * upper case, an event-time column's cast to its plain type left out, {@code FLOOR(x, DAY)} as {@code FLOOR(x TO
     * DAY)}.
     */
    public static String form(String text) {
        String form = text.replace("`", "").replaceAll("\\s+", "").toUpperCase(Locale.ROOT);
        form = QUALIFIER.matcher(form).replaceAll("");
        form = FLAG.matcher(form).replaceAll("$1");
        String previous;
        do {
            previous = form;
            form = CAST_TO_TIMESTAMP.matcher(form).replaceAll("$1");
        } while (!form.equals(previous));
        return TIME_UNIT_OPERAND.matcher(form).replaceAll("TO$1)");
    }

    private static void collect(SqlNode node, WrittenText text, List<Written> out, int depth) {
        if (node == null || depth > MAX_DEPTH) {
            return;
        }
        if (node instanceof SqlNodeList list) {
            list.forEach(child -> collect(child, text, out, depth + 1));
            return;
        }
        if (!(node instanceof SqlCall call)) {
            return;
        }
        List<SqlNode> operands;
        try {
            operands = call.getOperandList();
        } catch (UnsupportedOperationException e) {
            // Some Flink DDL nodes do not expose operands; a query's expressions are none of them.
            return;
        }
        SqlKind kind = call.getKind();
        if (!(call instanceof SqlSelect) && kind != SqlKind.AS && kind != SqlKind.JOIN && !kind.belongsTo(SqlKind.QUERY)
                && !kind.belongsTo(SqlKind.DML) && !kind.belongsTo(SqlKind.DDL)) {
            int start = text.start(call);
            int end = text.end(call);
            if (start >= 0 && end > start) {
                String written = text.text(call);
                out.add(new Written(written, form(written)));
            }
        }
        for (SqlNode operand : operands) {
            collect(operand, text, out, depth + 1);
        }
    }
}
