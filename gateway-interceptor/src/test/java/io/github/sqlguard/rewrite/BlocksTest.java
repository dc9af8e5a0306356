package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.api.Test;

/**
 * Which blocks a {@code STATE_TTL} hint can reach ({@link Blocks#joins}): a regular join only, not a
 * join of a table read {@code FOR SYSTEM_TIME AS OF} (a lookup or temporal join) nor of a lateral
 * table function or an {@code UNNEST}.
 */
class BlocksTest {

    @Test
    void aJoinOfATableReadAsOfATimeIsNoRegularJoin() {
        assertThat(Blocks.joins(select("SELECT o.k FROM o JOIN r FOR SYSTEM_TIME AS OF o.rowtime AS r ON o.k = r.k")))
                .isFalse();
        assertThat(Blocks.joins(select("SELECT o.k FROM o LEFT JOIN c FOR SYSTEM_TIME AS OF o.pt ON o.k = c.k")))
                .isFalse();
    }

    @Test
    void aLateralTableFunctionOrAnUnnestIsNoRegularJoin() {
        assertThat(Blocks.joins(select("SELECT o.k, t.w FROM o, LATERAL TABLE(split(o.s)) AS t(w)"))).isFalse();
        assertThat(Blocks.joins(select("SELECT o.k, t.w FROM o CROSS JOIN UNNEST(o.items) AS t(w)"))).isFalse();
    }

    @Test
    void aBlockWithARegularJoinBesideATemporalOneJoins() {
        assertThat(Blocks.joins(select("SELECT o.k FROM o JOIN p ON o.k = p.k"))).isTrue();
        assertThat(Blocks.joins(select("SELECT o.k FROM o JOIN r FOR SYSTEM_TIME AS OF o.rowtime AS r ON o.k = r.k"
                + " JOIN p ON o.k = p.k"))).isTrue();
        assertThat(Blocks.joins(select("SELECT o.k FROM o JOIN p ON o.k = p.k"
                + " JOIN r FOR SYSTEM_TIME AS OF o.rowtime AS r ON o.k = r.k"))).isTrue();
        assertThat(Blocks.joins(select("SELECT o.k FROM o"))).isFalse();
        // A LATERAL subquery is decorrelated into a regular join (a lateral Top-N: the keys joined with their ranking).
        assertThat(Blocks.joins(select("SELECT s.shop, t.product FROM (SELECT DISTINCT shop FROM sales) s,"
                + " LATERAL (SELECT product FROM sales WHERE sales.shop = s.shop ORDER BY sold DESC LIMIT 3) t"))).isTrue();
    }

    private static SqlSelect select(String sql) {
        return (SqlSelect) SqlTrees.parse(sql).orElseThrow();
    }
}
