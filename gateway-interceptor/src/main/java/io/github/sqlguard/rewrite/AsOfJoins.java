package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.statement.LeftAntiJoins;

import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the families that turn a regular join into a {@code FOR SYSTEM_TIME AS OF} join share
 * ({@link LookupJoin}, {@link TemporalJoin}): finding the statement's regular {@code INNER} or
 * {@code LEFT} joins of two tables or views read directly (the only join types Flink's lookup and
 * temporal joins take; Flink docs, "Joins"), and reading the right side as of a time attribute of
 * the left.
 */
final class AsOfJoins {

    private AsOfJoins() {}

    /** A join input that is a table or view read directly, aliased or not, and how the condition qualifies its columns. */
    record Side(SqlIdentifier name, String qualifier, CatalogObject table) {

        /** The column {@code column} of this side as the condition names it: {@code qualifier.column}. */
        String qualified(Column column) {
            return SqlTrees.unparse(SqlTrees.identifier(qualifier)) + "." + SqlTrees.unparse(SqlTrees.identifier(column.name()));
        }
    }

    /** A regular join of the {@code at}-th block of the tree: its left input read as a stream, its right one as of a time. */
    record RegularJoin(int at, SqlJoin join, Side stream, Side right) {

        boolean left() {
            return join.getJoinType() == JoinType.LEFT;
        }
    }

    /**
     * The tree's regular {@code INNER} and {@code LEFT} joins with a condition, both inputs tables or views read directly,
     * in block order; not an anti-join written as a {@code LEFT} join ({@link LeftAntiJoins}).
     */
    static List<RegularJoin> regularJoins(SqlNode tree, RewriteContext context) {
        List<RegularJoin> joins = new ArrayList<>();
        List<SqlSelect> selects = Trees.selects(tree);
        for (int s = 0; s < selects.size(); s++) {
            // An anti-join written as a LEFT join keeps a left row only while no match has arrived: read as of one
            // time, a match arriving later would never retract it (LeftAntiJoins).
            if (!(selects.get(s).getFrom() instanceof SqlJoin join) || join.getCondition() == null
                    || !(join.getJoinType() == JoinType.INNER || join.getJoinType() == JoinType.LEFT)
                    || LeftAntiJoins.keepsUnmatchedOnly(selects.get(s))) {
                continue;
            }
            Optional<Side> stream = side(join.getLeft(), context);
            Optional<Side> right = side(join.getRight(), context);
            if (stream.isPresent() && right.isPresent()) {
                joins.add(new RegularJoin(s, join, stream.get(), right.get()));
            }
        }
        return joins;
    }

    private static Optional<Side> side(SqlNode item, RewriteContext context) {
        SqlIdentifier name;
        String qualifier;
        if (item instanceof SqlIdentifier id) {
            name = id;
            qualifier = id.names.get(id.names.size() - 1);
        } else if (item.getKind() == SqlKind.AS && ((SqlCall) item).operandCount() == 2
                && ((SqlCall) item).operand(0) instanceof SqlIdentifier id) {
            name = id;
            qualifier = ((SqlIdentifier) ((SqlCall) item).operand(1)).getSimple();
        } else {
            return Optional.empty();
        }
        return context.lookUp(name.names).map(t -> new Side(name, qualifier, t));
    }

    /**
     * {@code tree} (the tree {@code join} was found in) with the {@code at}-th block's join reading its
     * right input {@code FOR SYSTEM_TIME AS OF time}, under the same alias.
     */
    static void readAsOf(SqlNode tree, RegularJoin join, String time) {
        SqlJoin copy = (SqlJoin) Trees.selects(tree).get(join.at()).getFrom();
        copy.setRight(Snippets.fromItem(SqlTrees.unparse(join.right().name()) + " FOR SYSTEM_TIME AS OF " + time + " AS "
                + SqlTrees.unparse(SqlTrees.identifier(join.right().qualifier()))));
    }

    /**
     * {@code tree} with the {@code at}-th block's join reading {@code table} in place of its right input, a view,
     * {@code FOR SYSTEM_TIME AS OF time} under the view's alias, and the view's {@code filter} (qualified by that alias)
     * added to the join's condition.
     */
    static void readAsOf(SqlNode tree, RegularJoin join, SqlIdentifier table, String time, Optional<SqlNode> filter) {
        SqlJoin copy = (SqlJoin) Trees.selects(tree).get(join.at()).getFrom();
        copy.setRight(Snippets.fromItem(SqlTrees.unparse(table) + " FOR SYSTEM_TIME AS OF " + time + " AS "
                + SqlTrees.unparse(SqlTrees.identifier(join.right().qualifier()))));
        // Operand 5 is the condition (as WindowJoinCondition sets it).
        filter.ifPresent(f -> copy.setOperand(5, Trees.and(List.of(copy.getCondition(), f))));
    }

    /**
     * The {@code at}-th block's join of {@code tree} (after {@link #readAsOf}) as SQL from its keyword on, as the
     * fix names the way it proves ({@code LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency =
     * r.currency}): the columns the rewrite used, in the user's quoting.
     */
    static String clause(SqlNode tree, RegularJoin join) {
        SqlJoin copy = (SqlJoin) Trees.selects(tree).get(join.at()).getFrom();
        return (join.left() ? "LEFT JOIN " : "JOIN ") + SqlTrees.unparse(copy.getRight()) + " ON "
                + SqlTrees.unparse(copy.getCondition());
    }
}
