package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.JoinOutputKeys;
import io.github.sqlguard.rules.diagnosis.OnConflictRequiredRule;

import org.apache.calcite.sql.JoinType;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code lookup-join-key}, for {@code on-conflict-required} where a join of the statement loses the key of its rows
 * ({@link JoinOutputKeys#dropping}: {@code FROM order_lines l JOIN products p ON l.sku = p.sku JOIN shipments s ON
 * l.order_id = s.order_id}, the lines keyed by {@code (order_id, line_no)}, the products by {@code sku}): the join reads
 * its right table, a dimension looked up by its whole {@code PRIMARY KEY}, {@code FOR SYSTEM_TIME AS OF} a
 * processing-time attribute of its left input ({@code JOIN products FOR SYSTEM_TIME AS OF l.proc AS p}), a lookup join.
 * Flink 2.3.0 keeps the left input's upsert keys through a lookup join whose equalities hold the looked-up table's
 * whole primary key ({@code FlinkRelMdUpsertKeys#getUpsertKeys(CommonPhysicalLookupJoin)}: "we do not filterKeys
 * because there's no shuffle on join keys"; {@code FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable}), where a regular
 * join keeps only the keys that hold its join columns ({@code #filterKeys}): the lines' key then reaches the sink, with
 * no {@code ON CONFLICT} clause and no upsert materializer. An event-time temporal join is no such fix: Flink plans it
 * as a {@code Join} ({@code StreamPhysicalTemporalJoin}), whose keys it filters as a regular join's.
 *
 * <p>Only the join that loses the key is rewritten, an {@code INNER} or {@code LEFT} join (Flink's lookup join takes no
 * other) whose right input is a table read directly (Flink looks up no view); the time is the first {@code PROCTIME()}
 * column of a table on its left. Whether the table's connector is a lookup source ({@code jdbc}, {@code hbase}, ...)
 * and whether the key then reaches the sink through the joins above are Flink's to say: the candidate is planned and
 * shown only where it plans with a {@code LookupJoin} and no {@code on-conflict-required} (lint case 70; over a
 * {@code filesystem} table, case 1131, Flink refuses it and nothing is shown). Issue 30 §2.
 */
final class LookupJoinKey extends ScopedFamily {

    static final String ID = "lookup-join-key";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(OnConflictRequiredRule.ID),
            List.of("LookupJoin"),
            "the join that loses the rows' key reads its dimension table, looked up by its whole `PRIMARY KEY`, as a"
                    + " processing-time lookup join (`JOIN products FOR SYSTEM_TIME AS OF l.proc AS p`), through which"
                    + " Flink keeps the left input's key: the key reaches the sink with no `ON CONFLICT` clause; each row"
                    + " reads the dimension as it is when the row arrives");

    LookupJoinKey() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        if (!scope.isStatement()) {
            return List.of();
        }
        SqlNode tree = tree(scope);
        Optional<JoinOutputKeys> keys = JoinOutputKeys.of(tree, JoinEqualColumn.tables(context));
        Optional<JoinOutputKeys.Joined> dropping = keys.flatMap(JoinOutputKeys::dropping);
        if (dropping.isEmpty() || !(dropping.get().right() instanceof JoinOutputKeys.Side dimension)
                || !(dropping.get().type().equals("INNER") || dropping.get().type().equals("LEFT"))) {
            return List.of();
        }
        List<String> on = dropping.get().on().stream().map(e -> e.right().column()).toList();
        if (dimension.declared().isEmpty() || !dimension.key().equals(dimension.declared())
                || !on.containsAll(dimension.key())) {
            return List.of(); // not a table read as it is, or not looked up by its whole key: no key kept
        }
        Optional<SqlJoin> join = JoinOutputKeys.query(tree).map(SqlSelect::getFrom).flatMap(f -> joinOf(f, dimension));
        if (join.isEmpty() || !(join.get().getJoinType() == JoinType.INNER || join.get().getJoinType() == JoinType.LEFT)) {
            return List.of();
        }
        Optional<CatalogObject> table = context.lookUp(Arrays.asList(dimension.name().split("\\.")));
        if (table.isEmpty() || table.get().view()) {
            return List.of();
        }
        Optional<String> time = proctime(dropping.get().left(), context);
        if (time.isEmpty()) {
            return List.of();
        }
        SqlNode right = join.get().getRight();
        SqlNode name = right.getKind() == SqlKind.AS ? ((SqlCall) right).operand(0) : right;
        join.get().setRight(Snippets.fromItem(SqlTrees.unparse(name) + " FOR SYSTEM_TIME AS OF " + time.get() + " AS "
                + SqlTrees.unparse(SqlTrees.identifier(dimension.label()))));
        String condition = String.join(" AND ", dropping.get().on().stream()
                .map(e -> e.left().written() + " = " + e.right().written()).toList());
        String changes = "reads " + dimension.name() + " as a lookup join, as of " + time.get() + " (processing time),"
                + " looked up by its PRIMARY KEY (" + String.join(", ", dimension.key()) + ") on " + condition + ": Flink"
                + " keeps the left input's key through it, so the rows reach the sink with their key and need no ON"
                + " CONFLICT clause; each row reads " + dimension.name() + " once, as it is when the row arrives, and"
                + " the join keeps no state of " + dimension.name() + ": a later insert, update or delete of "
                + dimension.name() + " does not change or retract rows already written, and a row whose match is not"
                + " there yet " + (dropping.get().type().equals("LEFT")
                        ? "is written with NULLs and never completed, where the regular join retracted it once the match"
                                + " arrived"
                        : "is dropped, where the regular join wrote it once the match arrived");
        return List.of(context.candidate(this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("LookupJoin"), Columns.SAME, changes,
                "time attribute " + time.get() + " (a PROCTIME() column of the join's left input)"));
    }

    /**
     * The join of the {@code FROM} item {@code from} whose right input is {@code dimension}, read directly (a table's
     * name, aliased or not); empty where none is.
     */
    private static Optional<SqlJoin> joinOf(SqlNode from, JoinOutputKeys.Side dimension) {
        if (!(from instanceof SqlJoin join)) {
            return Optional.empty();
        }
        SqlNode right = join.getRight();
        String label = right instanceof SqlIdentifier id ? id.names.get(id.names.size() - 1)
                : right.getKind() == SqlKind.AS && ((SqlCall) right).operandCount() == 2
                        && ((SqlCall) right).operand(0) instanceof SqlIdentifier
                        ? ((SqlIdentifier) ((SqlCall) right).operand(1)).getSimple() : "";
        if (label.equals(dimension.label())) {
            return Optional.of(join);
        }
        return joinOf(join.getLeft(), dimension).or(() -> joinOf(join.getRight(), dimension));
    }

    /** {@code label.column} of the first {@code PROCTIME()} column of a table {@code input} reads directly. */
    private static Optional<String> proctime(JoinOutputKeys.Input input, RewriteContext context) {
        if (input instanceof JoinOutputKeys.Joined joined) {
            return proctime(joined.left(), context).or(() -> proctime(joined.right(), context));
        }
        JoinOutputKeys.Side side = (JoinOutputKeys.Side) input;
        // A subquery's or view's column is the table's where it selects it under the table's name.
        return context.lookUp(Arrays.asList(side.name().split("\\."))).filter(t -> !t.view()).stream()
                .flatMap(t -> t.columns().stream())
                .filter(c -> c.timeAttribute() == Column.TimeAttribute.PROCTIME && side.columns().contains(c.name()))
                .findFirst()
                .map(c -> SqlTrees.unparse(SqlTrees.identifier(side.label())) + "."
                        + SqlTrees.unparse(SqlTrees.identifier(c.name())));
    }
}
