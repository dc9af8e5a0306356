package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSnapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The name a query hint of a block ({@code STATE_TTL}) gives one input of the block's {@code FROM}, as Flink matches
 * it: the input's alias, else the name of the table it reads straight (Flink 2.3.0 and 1.20 {@code
 * QueryHintsResolver#extractAliasOrTableName}: the {@code ALIAS} hint Flink puts on an aliased table, view or
 * subquery, else the table scan under a {@code LogicalProject}, {@code LogicalFilter}, {@code LogicalSnapshot} or
 * watermark assigner, {@code FlinkHints#canTransposeToTableScan}). Empty for an input no key can name: a subquery
 * or a nested join without an alias, a table function without one. Read by {@code stateful-without-ttl}'s fix and
 * by the {@code state-ttl-hint} rewrite, so that both name one input alike.
 *
 * <p>Stateless.
 */
public final class HintInputName {

    private HintInputName() {}

    /** The name a hint gives the {@code FROM} item {@code item} ({@code orders AS o}: {@code o}). */
    public static Optional<String> of(SqlNode item) {
        if (item == null) {
            return Optional.empty();
        }
        if (item.getKind() == SqlKind.AS && ((SqlCall) item).operand(1) instanceof SqlIdentifier alias) {
            return Optional.of(alias.getSimple());
        }
        Optional<SqlIdentifier> table = FromTable.named(item); // orders, orders /*+ OPTIONS(...) */
        if (table.isPresent()) {
            return Optional.of(last(table.get()));
        }
        if (item instanceof SqlSnapshot snapshot) {
            return of(snapshot.getTableRef()); // rates FOR SYSTEM_TIME AS OF o.order_time
        }
        return Optional.empty();
    }

    /**
     * The names a hint on {@code select} names its inputs by ({@link #of}): each table's alias or name, each aliased
     * subquery's or view's alias; null when an input has no name (a subquery without an alias).
     */
    public static List<String> inputs(SqlSelect select) {
        List<String> names = new ArrayList<>();
        return collectInputs(select.getFrom(), names) ? names : null;
    }

    private static boolean collectInputs(SqlNode from, List<String> names) {
        if (from == null) {
            return false;
        }
        if (from instanceof SqlJoin join) {
            return collectInputs(join.getLeft(), names) && collectInputs(join.getRight(), names);
        }
        Optional<String> name = of(from);
        name.ifPresent(names::add);
        return name.isPresent();
    }

    private static String last(SqlIdentifier id) {
        return id.names.get(id.names.size() - 1);
    }
}
