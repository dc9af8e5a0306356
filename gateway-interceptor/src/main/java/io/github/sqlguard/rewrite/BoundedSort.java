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
                finding.facts().processingTimeOrder() ? byArrival(finding, orderBy.orderList, n)
                        : "returns only the first " + n + " rows by " + SqlTrees.unparse(orderBy.orderList) + ", not every"
                                + " row sorted: a later row takes a place only when it sorts before one of the " + n
                                + " kept, so ordered by a column that only grows (ascending), the result stops changing once"
                                + " it holds " + n + " rows",
                "N = " + n + " (" + RewriteOptions.LIMIT.key() + ")"));
    }

    /**
     * What the Top-N computes where its first key is a processing-time attribute ({@link
     * io.github.sqlguard.rules.Facts#processingTimeOrder()}, from the session's catalog): Flink does not materialize it
     * in a ranking, so every row has the same sort key there ({@code plan.Operator.Rank#firstArrivalsReadAsLatest}; run
     * on Flink 2.3.0 and 1.20.0). One key: the first N rows to arrive, never changed; more: the rows ranked by the keys
     * after it alone. Then the event-time order that ranks by time: the table's {@code WATERMARK} column where it has
     * one ({@link io.github.sqlguard.rules.Facts#timeAttribute()}).
     */
    private static String byArrival(Finding finding, SqlNodeList order, long n) {
        String time = SqlTrees.unparse(order.get(0)).replaceFirst(" DESC$", "");
        String kept = order.size() == 1
                ? "returns the first " + n + " rows to arrive and never changes them, not the " + n + " newest"
                : "returns the first " + n + " rows by " + SqlTrees.unparse(new SqlNodeList(
                        order.getList().subList(1, order.size()), SqlParserPos.ZERO)) + " among every row read, not the "
                        + n + " newest";
        return kept + ": Flink does not materialize the processing-time attribute " + time + " in a ranking, so every row"
                + " has the same " + time + " there"
                + finding.facts().timeAttribute()
                        .map(t -> "; ordered by the table's event-time attribute instead (ORDER BY " + t + " DESC LIMIT " + n
                                + "), it keeps the " + n + " latest rows by " + t)
                        .orElse("; a Top-N of the latest rows needs the table's time declared as event time, with a"
                                + " WATERMARK, and ordered by it");
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
