package io.github.sqlguard.rewrite;

import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;

/**
 * Small pieces of SQL a rewrite adds, read by Flink's own parser from text, so that each is the
 * node Flink's parser makes of it (and writes back as it reads): a window TVF, a function call, a
 * hint. Names in the text are written with {@link SqlTrees#unparse} or {@link SqlTrees#identifier},
 * so the user's quoting stays.
 */
final class Snippets {

    private Snippets() {}

    /** The {@code FROM} item {@code item}: {@code TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' MINUTE))}. */
    static SqlNode fromItem(String item) {
        return select("SELECT * FROM " + item).getFrom();
    }

    /** The expression {@code expression}: {@code ROW_NUMBER()}, {@code LAST_VALUE(status)}. */
    static SqlNode expression(String expression) {
        return select("SELECT " + expression + " FROM t").getSelectList().get(0);
    }

    /** The hint {@code hint}: {@code STATE_TTL('orders' = '1 d')}. */
    static SqlHint hint(String hint) {
        return (SqlHint) select("SELECT /*+ " + hint + " */ * FROM t").getHints().get(0);
    }

    /** The query block {@code select}. */
    static SqlSelect select(String select) {
        SqlNode node = SqlTrees.parse(select).orElseThrow(() -> new IllegalArgumentException("not SQL: " + select));
        if (node instanceof SqlSelect s) {
            return s;
        }
        throw new IllegalArgumentException("not a query block: " + select);
    }

    /** The {@code TUMBLE} window TVF over {@code table} on {@code timeColumn}, of {@code size}. */
    static SqlNode tumble(SqlNode table, String timeColumn, java.time.Duration size) {
        return fromItem("TABLE(TUMBLE(TABLE " + SqlTrees.unparse(table) + ", DESCRIPTOR("
                + SqlTrees.unparse(SqlTrees.identifier(timeColumn)) + "), " + SqlTrees.unparse(SqlTrees.interval(size)) + "))");
    }

    /** {@code TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), step, size))}, a window TVF as a {@code FROM} item. */
    static SqlNode cumulate(SqlNode table, String timeColumn, java.time.Duration step, java.time.Duration size) {
        return fromItem("TABLE(CUMULATE(TABLE " + SqlTrees.unparse(table) + ", DESCRIPTOR("
                + SqlTrees.unparse(SqlTrees.identifier(timeColumn)) + "), " + SqlTrees.unparse(SqlTrees.interval(step))
                + ", " + SqlTrees.unparse(SqlTrees.interval(size)) + "))");
    }
}
