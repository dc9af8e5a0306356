package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.OffsetWithoutFetchRule;
import io.github.sqlguard.rules.diagnosis.SortNonTimeRule;

import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
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
                "returns only the first " + n + " rows by " + SqlTrees.unparse(orderBy.orderList) + ", not every row"
                        + " sorted: a later row takes a place only when it sorts before one of the " + n + " kept, so"
                        + " ordered by a column that only grows (ascending), the result stops changing once it holds "
                        + n + " rows",
                "N = " + n + " (" + RewriteOptions.LIMIT.key() + ")"));
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
