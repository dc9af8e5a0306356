package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** {@link LateralTopN}: which LATERAL Top-Ns are the same rows as a ROW_NUMBER Top-N, written as one. */
class LateralTopNTest {

    private static final String COUNTS = "WITH c AS (SELECT shop, region, product, COUNT(*) AS sold FROM sales"
            + " GROUP BY shop, region, product) ";

    @Test
    void theKeysOfTheSameRelationJoinedWithTheirFirstRowsAreARowNumberTopN() {
        SqlNode tree = SqlTrees.parse(COUNTS + "SELECT s.shop, t.product, t.sold AS units"
                + " FROM (SELECT DISTINCT shop FROM c) s,"
                + " LATERAL (SELECT product, sold FROM c WHERE c.shop = s.shop ORDER BY sold DESC, product LIMIT 3) t")
                .orElseThrow();

        LateralTopN.Ranked ranked = LateralTopN.asRowNumber(tree).orElseThrow();

        assertThat(ranked.keys()).isEqualTo("shop");
        assertThat(ranked.limit()).isEqualTo(3);
        assertThat(SqlTrees.unparse(ranked.tree())).isEqualTo(SqlTrees.unparse(SqlTrees.parse(COUNTS
                        + "SELECT t.shop, t.product, t.sold AS units FROM (SELECT shop, product, sold,"
                        + " ROW_NUMBER() OVER (PARTITION BY shop ORDER BY sold DESC, product) AS rn FROM c) AS t"
                        + " WHERE rn <= 3")
                .orElseThrow()));
    }

    @Test
    void twoKeysEitherWayRoundAndAColumnNamedRnKeepTheirNames() {
        SqlNode tree = SqlTrees.parse(COUNTS + "SELECT k.region, k.shop, t.product, t.rn"
                + " FROM (SELECT DISTINCT shop, region FROM c) AS k,"
                + " LATERAL (SELECT product, sold AS rn FROM c WHERE k.region = region AND c.shop = k.shop"
                + " ORDER BY sold DESC LIMIT 2) AS t")
                .orElseThrow();

        LateralTopN.Ranked ranked = LateralTopN.asRowNumber(tree).orElseThrow();

        assertThat(ranked.rowNumber()).isEqualTo("rn2");
        assertThat(SqlTrees.unparse(ranked.tree())).contains(
                "ROW_NUMBER() OVER (PARTITION BY shop, region ORDER BY sold DESC) AS rn2",
                "SELECT t.region, t.shop, t.product, t.rn FROM",
                "WHERE rn2 <= 2");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        // The left side is another relation's keys: a key without rows, or rows without a listed key.
        "SELECT s.shop, t.product FROM (SELECT DISTINCT shop FROM shops) s,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = s.shop ORDER BY sold DESC LIMIT 3) t",
        // The left side is a subset of the keys.
        "SELECT s.shop, t.product FROM (SELECT DISTINCT shop FROM c WHERE shop <> 'x') s,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = s.shop ORDER BY sold DESC LIMIT 3) t",
        // Not every key of the left side is correlated: one LATERAL per (shop, region), ranked per shop.
        "SELECT s.shop, t.product FROM (SELECT DISTINCT shop, region FROM c) s,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = s.shop ORDER BY sold DESC LIMIT 3) t",
        // Correlated by something other than the key's equality.
        "SELECT s.shop, t.product FROM (SELECT DISTINCT shop FROM c) s,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = s.shop AND c.sold > LENGTH(s.shop)"
                + " ORDER BY sold DESC LIMIT 3) t",
        // The left side named as the relation: c.shop = c.shop reads the subquery's own column twice (a name
        // resolves to the nearest FROM), so nothing correlates and each key gets the first rows of all.
        "SELECT c.shop, t.product FROM (SELECT DISTINCT shop FROM c) c,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = c.shop ORDER BY sold DESC LIMIT 3) t",
        // An offset, no limit, no order.
        "SELECT s.shop, t.product FROM (SELECT DISTINCT shop FROM c) s,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = s.shop ORDER BY sold DESC LIMIT 3 OFFSET 1) t",
        "SELECT s.shop, t.product FROM (SELECT DISTINCT shop FROM c) s,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = s.shop ORDER BY sold DESC) t",
        "SELECT s.shop, t.product FROM (SELECT DISTINCT shop FROM c) s,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = s.shop LIMIT 3) t",
        // An expression without a name in the LATERAL's select list.
        "SELECT s.shop, t.product FROM (SELECT DISTINCT shop FROM c) s,"
                + " LATERAL (SELECT product, sold * 2 FROM c WHERE c.shop = s.shop ORDER BY sold DESC LIMIT 3) t",
        // SELECT * returns both sides' columns: the ranked rows would add the row number.
        "SELECT * FROM (SELECT DISTINCT shop FROM c) s,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = s.shop ORDER BY sold DESC LIMIT 3) t",
        // The outer block aggregates the joined rows.
        "SELECT s.shop, COUNT(*) FROM (SELECT DISTINCT shop FROM c) s,"
                + " LATERAL (SELECT product FROM c WHERE c.shop = s.shop ORDER BY sold DESC LIMIT 3) t GROUP BY s.shop",
    })
    void otherShapesAreNotRewritten(String query) {
        SqlNode tree = SqlTrees.parse(COUNTS + query).orElseThrow();
        String before = SqlTrees.unparse(tree);

        assertThat(LateralTopN.asRowNumber(tree)).isEmpty();
        assertThat(SqlTrees.unparse(tree)).isEqualTo(before);
    }
}
