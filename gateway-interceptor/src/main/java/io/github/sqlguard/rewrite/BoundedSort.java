package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.OffsetWithoutFetchRule;
import io.github.sqlguard.rules.diagnosis.SortNonTimeRule;

import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code bounded-sort}, for {@code sort-non-time} and {@code offset-without-fetch}: {@code ORDER BY ... LIMIT N} ({@code
 * sql-guard.rewrite.limit}), which Flink runs as a Top-N of the whole stream ({@code SortLimit}),
 * where a sort of every row on a column that is not a time attribute cannot run at all. Flink's
 * {@code AppendOnlyTopNFunction} keeps the first N rows and lets a new row in only when it sorts
 * before the last of them: ascending by a column that only grows (an id, a sequence), no later row
 * does, and the result is fixed after N rows. The {@code changes:} line says so. Where the statement has
 * an {@code OFFSET m} and no {@code FETCH} (which Flink refuses: {@code StreamExecSortLimit}, {@code
 * StreamExecLimit}), the rewrite keeps the offset and writes {@code LIMIT N} before it ({@code LIMIT N OFFSET m}, the
 * statement's own text kept: {@code Splicer}): rows m + 1 to m + N.
 */
final class BoundedSort extends ScopedFamily {

    static final String ID = "bounded-sort";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(SortNonTimeRule.ID, OffsetWithoutFetchRule.ID),
            List.of("SortLimit", "Rank", "Limit"),
            "`ORDER BY ... LIMIT n` (`sql-guard.rewrite.limit`): a Top-N of the whole stream, where a sort of every row on a column that is not a time attribute cannot run; before an `OFFSET m` without `FETCH`, `LIMIT n`: rows m + 1 to m + n");

    BoundedSort() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        SqlOrderBy orderBy = TimeAttributeOrder.topOrderBy(tree);
        if (orderBy == null || orderBy.fetch != null) {
            return List.of();
        }
        long n = context.settings().limit();
        if (orderBy.offset != null) {
            return listOf(Optional.ofNullable(afterOffset(finding, context, scope, tree, orderBy, n)));
        }
        // A processing-time first key ranks nothing (every row ties on it): by the table's event time where it has one.
        Optional<String> eventTime = finding.facts().processingTimeOrder() ? finding.facts().timeAttribute() : Optional.empty();
        String written = SqlTrees.unparse(orderBy.orderList);
        String processing = EventTimeOrder.firstKey(orderBy.orderList);
        String later = EventTimeOrder.laterKeys(orderBy.orderList);
        eventTime.ifPresent(t -> EventTimeOrder.replaceFirstKey(orderBy.orderList, t));
        SqlOrderBy limited = new SqlOrderBy(orderBy.getParserPosition(), orderBy.query, orderBy.orderList, orderBy.offset,
                SqlLiteral.createExactNumeric(Long.toString(n), SqlParserPos.ZERO));
        SqlNode changed;
        if (orderBy == tree) {
            changed = limited;
        } else if (Trees.replace(Trees.parents(tree), orderBy, limited)) {
            changed = tree;
        } else {
            return List.of();
        }
        return List.of(context.candidate(
                this, finding, scope, changed, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("SortLimit", "Rank"), Columns.SAME,
                eventTime.isPresent() ? byEventTime(written, processing, later, orderBy.orderList, eventTime.get(), n)
                        : finding.facts().processingTimeOrder() ? byArrival(orderBy.orderList, n)
                        : "returns only the first " + n + " rows by " + SqlTrees.unparse(orderBy.orderList) + ", not every"
                                + " row sorted: a later row takes a place only when it sorts before one of the " + n
                                + " kept, so ordered by a column that only grows (ascending), the result stops changing once"
                                + " it holds " + n + " rows",
                "N = " + n + " (" + RewriteOptions.LIMIT.key() + ")"));
    }

    /**
     * What the Top-N computes where its first key is a processing-time attribute ({@link
     * io.github.sqlguard.rules.Facts#processingTimeOrder()}, from the session's catalog) and the table has no event
     * time: Flink does not materialize that attribute in a ranking, so every row has the same sort key there ({@code
     * plan.Operator.Rank#firstArrivalsReadAsLatest}, {@code plan.Operator.Rank#rankedByLaterKeys}; run on Flink 2.3.0
     * and 1.20.0). One key: the first N rows to arrive, never changed; more: the rows ranked by the keys after it
     * alone.
     */
    private static String byArrival(SqlNodeList order, long n) {
        String time = EventTimeOrder.firstKey(order);
        String kept = order.size() == 1
                ? "returns the first " + n + " rows to arrive and never changes them, not the " + n + " newest"
                : "returns the first " + n + " rows by " + EventTimeOrder.laterKeys(order) + " among every row read, not the "
                        + n + " newest";
        return kept + ": Flink does not materialize the processing-time attribute " + time + " in a ranking, so every row"
                + " has the same " + time + " there; a Top-N of the latest rows needs the table's time declared as event"
                + " time, with a WATERMARK, and ordered by it";
    }

    /**
     * What the Top-N ordered by the table's event-time attribute ({@link io.github.sqlguard.rules.Facts#timeAttribute()})
     * in place of the processing-time first key ({@code processing}; {@code written}: the order as the statement wrote
     * it; {@code later}: its keys after the first) changes: the latest rows by the event time, where
     * the order as written would keep the first rows to arrive or rank by the keys after it ({@link #byArrival}).
     */
    private static String byEventTime(String written, String processing, String later, SqlNodeList order, String time,
            long n) {
        String asWritten = later.isEmpty() ? "keep the first " + n + " rows to arrive and never change them"
                : "rank the rows by " + later + " alone";
        return "orders by the table's event-time attribute " + time + " in place of the processing-time attribute "
                + processing + " (ORDER BY " + SqlTrees.unparse(order) + "): Flink does not materialize a processing-time"
                + " attribute that a ranking orders by, so every row has the same " + processing + " there, and ORDER BY "
                + written + " LIMIT " + n + " would " + asWritten + "; returns only the " + n + " latest rows by " + time
                + ", updated as rows arrive, not every row sorted";
    }

    /** {@code LIMIT n} with the statement's {@code OFFSET}. */
    private Candidate afterOffset(Finding finding, RewriteContext context, Scope scope, SqlNode tree, SqlOrderBy orderBy,
            long n) {
        SqlOrderBy limited = new SqlOrderBy(orderBy.getParserPosition(), orderBy.query, orderBy.orderList, orderBy.offset,
                SqlLiteral.createExactNumeric(Long.toString(n), SqlParserPos.ZERO));
        SqlNode changed = orderBy == tree ? limited : Trees.replace(Trees.parents(tree), orderBy, limited) ? tree : null;
        if (changed == null) {
            return null;
        }
        String offset = SqlTrees.unparse(orderBy.offset);
        String rows = orderBy.orderList.size() == 0
                ? "only the " + n + " rows that arrive after the first " + offset + ", then nothing more"
                : "only the " + n + " rows after the first " + offset + " by " + SqlTrees.unparse(orderBy.orderList)
                        + ", not every row after them: a later row takes a place only when it sorts before one of those"
                        + " kept, so ordered by a column that only grows (ascending), the result stops changing once it"
                        + " holds " + n + " rows";
        return context.candidate(
                this, finding, scope, changed, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("SortLimit", "Rank", "Limit"), Columns.SAME, "returns " + rows,
                "N = " + n + " (" + RewriteOptions.LIMIT.key() + ")");
    }
}
