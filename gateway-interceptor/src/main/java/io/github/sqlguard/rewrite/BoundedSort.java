package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.SortNonTimeRule;

import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code bounded-sort}, for {@code sort-non-time}: {@code ORDER BY ... LIMIT N} ({@code
 * sql-guard.rewrite.limit}), which Flink runs as a Top-N of the whole stream ({@code SortLimit}),
 * where a sort of every row on a column that is not a time attribute cannot run at all. Flink's
 * {@code AppendOnlyTopNFunction} keeps the first N rows and lets a new row in only when it sorts
 * before the last of them: ascending by a column that only grows (an id, a sequence), no later row
 * does, and the result is fixed after N rows. The {@code changes:} line says so.
 */
final class BoundedSort extends ScopedFamily {

    static final String ID = "bounded-sort";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(SortNonTimeRule.ID),
            List.of("SortLimit", "Rank"),
            "`ORDER BY ... LIMIT n` (`sql-guard.rewrite.limit`): a Top-N of the whole stream, where a sort of every row on a column that is not a time attribute cannot run");

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
}
