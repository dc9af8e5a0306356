package io.github.sqlguard.statement;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlUtil;

import java.util.Optional;

/**
 * The table a {@code FROM} item reads as it is written: {@code orders}, or {@code orders /*+ OPTIONS(...) *}{@code /}
 * (Flink's parser makes a table with hints a {@code SqlTableRef}, kind {@code TABLE_REF}, whose first operand is the
 * table's name). The one reader of it, for the names a hint gives inputs ({@link HintInputName}), the rewrites' trees
 * and the planning's reading of the views' joins, so that a table read with an {@code OPTIONS} hint is a table to
 * each of them.
 *
 * <p>Stateless.
 */
public final class FromTable {

    private FromTable() {}

    /** The table {@code item} names, without an alias ({@code orders}, {@code orders /*+ OPTIONS(...) *}{@code /}). */
    public static Optional<SqlIdentifier> named(SqlNode item) {
        if (item instanceof SqlIdentifier table) {
            return Optional.of(table);
        }
        if (item != null && item.getKind() == SqlKind.TABLE_REF && ((SqlCall) item).operand(0) instanceof SqlIdentifier table) {
            return Optional.of(table);
        }
        return Optional.empty();
    }

    /** The table {@code item} reads, aliased or not ({@code orders AS o}, {@code orders /*+ OPTIONS(...) *}{@code / o}). */
    public static Optional<SqlIdentifier> read(SqlNode item) {
        return named(SqlUtil.stripAs(item));
    }
}
