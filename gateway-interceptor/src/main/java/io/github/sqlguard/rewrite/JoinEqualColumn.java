package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.diagnosis.JoinOutputKeys;
import io.github.sqlguard.rules.diagnosis.OnConflictRequiredRule;
import io.github.sqlguard.statement.QueryFacts;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code join-equal-column}, for {@code on-conflict-required}: where an inner join keeps a key of its rows that the
 * {@code SELECT} drops only by writing, for some of its columns, the column the join equates with it ({@code SELECT
 * o.order_id, l.line_no ... FROM orders o JOIN order_lines l ON o.order_id = l.order_id}, {@code order_lines} keyed by
 * {@code (order_id, line_no)}: Flink's {@code JoinTest#testJoinUpsertKeyEnrichmentInnerJoinBasic}, FLINK-38753), the
 * {@code SELECT} writes the key's own column in its place ({@code l.order_id}). The values are the same (the inner
 * join's condition makes them equal), and Flink 2.3.0 then keeps the key through the projection, which it does not take
 * the equal column for ({@link JoinOutputKeys}; case 1064, asked of 2.3.0: 1065 plans with no {@code ON CONFLICT}).
 * The same through a cascade of inner joins, the key's column equal to the written one through any of their equalities
 * (case 1107), and through a subquery that projects and filters one table (case 1109); nothing where no key reaches the
 * projection (lint case 43), and the proof plans what is offered. It is offered before the {@code ON CONFLICT}
 * choices, being the structural fix.
 */
final class JoinEqualColumn extends ScopedFamily {

    static final String ID = "join-equal-column";

    static final FamilyDeclaration DECLARATION = new FamilyDeclaration(
            ID,
            List.of(OnConflictRequiredRule.ID),
            List.of("Join"),
            "the `SELECT` writes the key column an inner join equates with a column it writes, in that column's place"
                    + " (`l.order_id` for `o.order_id` where `ON o.order_id = l.order_id` and `order_lines l` is keyed by"
                    + " `(order_id, line_no)`): the same values, and the join's key then reaches the sink");

    JoinEqualColumn() {
        super(DECLARATION);
    }

    @Override
    List<Candidate> candidates(Finding finding, RewriteContext context, Scope scope) {
        SqlNode tree = tree(scope);
        Optional<JoinOutputKeys.EqualColumnFix> fix = JoinOutputKeys.of(tree, tables(context))
                .flatMap(JoinOutputKeys::equalColumnFix);
        Optional<SqlSelect> select = JoinOutputKeys.query(tree);
        if (fix.isEmpty() || select.isEmpty()) {
            return List.of();
        }
        SqlNodeList items = select.get().getSelectList();
        for (JoinOutputKeys.Equality swap : fix.get().select()) {
            boolean replaced = false;
            for (int i = 0; i < items.size() && !replaced; i++) {
                SqlNode item = items.get(i);
                SqlNode column = SqlUtil.stripAs(item);
                if (!(column instanceof SqlIdentifier id) || !names(id, swap.left())) {
                    continue;
                }
                SqlIdentifier written = new SqlIdentifier(
                        List.of(swap.right().side().label(), swap.right().column()), SqlParserPos.ZERO);
                if (item.getKind() == SqlKind.AS) {
                    ((SqlCall) item).setOperand(0, written);
                } else {
                    // Named as the column it replaces, so that the query's columns keep their names.
                    items.set(i, swap.right().column().equals(swap.left().column()) ? written
                            : SqlStdOperatorTable.AS.createCall(SqlParserPos.ZERO, written,
                                    new SqlIdentifier(swap.left().column(), SqlParserPos.ZERO)));
                }
                replaced = true;
            }
            if (!replaced) {
                return List.of();
            }
        }
        String in = String.join(", ", fix.get().select().stream().map(e -> e.right().written()).toList());
        String out = String.join(", ", fix.get().select().stream().map(e -> e.left().written()).toList());
        String key = fix.get().side().map(s -> s.name() + "'s PRIMARY KEY (" + String.join(", ",
                fix.get().key().stream().map(JoinOutputKeys.SideColumn::column).toList()) + ")")
                .orElse("both inputs' keys together");
        String changes = "writes " + in + " in place of " + out + ": the same values (the inner join's condition makes them"
                + " equal), so the rows the sink gets are the same; the rows keep " + key + " through the projection, so"
                + " no ON CONFLICT clause and no upsert materializer are needed";
        return List.of(context.candidate(this, finding, scope, tree, List.of(), Map.of(), List.of(), Optional.empty(),
                Intent.operator("Join"), Columns.SAME, changes, ""));
    }

    /**
     * The session's tables as {@link JoinOutputKeys} reads them: a table with its declared key, a view that only projects
     * and filters one table with the key it keeps of it, as a subquery does (case 1132).
     */
    static JoinOutputKeys.Tables tables(RewriteContext context) {
        JoinOutputKeys.Tables[] self = new JoinOutputKeys.Tables[1];
        JoinOutputKeys.Tables tables = names -> {
            Optional<CatalogObject> object = context.lookUp(names);
            if (object.isPresent() && object.get().view()) {
                return object.get().query().flatMap(QueryFacts::parse)
                        .flatMap(query -> JoinOutputKeys.viewOfOne(query, self[0]));
            }
            return object.map(t -> new JoinOutputKeys.Table(t.primaryKey(),
                    t.columns().stream().map(Column::name).toList()));
        };
        self[0] = tables;
        return tables;
    }

    /** True where {@code id} names {@code column}: qualified by its input's label, or unqualified by its name. */
    private static boolean names(SqlIdentifier id, JoinOutputKeys.SideColumn column) {
        return id.names.size() == 2 ? id.names.get(0).equals(column.side().label()) && id.names.get(1).equals(column.column())
                : id.names.size() == 1 && id.names.get(0).equals(column.column());
    }
}
