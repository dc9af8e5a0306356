package io.github.sqlguard.rewrite;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Which block reads a ranking block: its outer query, or the one block that reads its CTE. */
class TreesReaderTest {

    @Test
    void rankingBlockOfACteIsReadByTheBlockThatReadsTheCteByName() {
        SqlNode tree = SqlTrees.parse("WITH latest AS (\n"
                + "  SELECT id, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM t\n"
                + ")\nSELECT id FROM latest AS l WHERE rn = 1").orElseThrow();
        Map<SqlNode, SqlNode> parents = Trees.parents(tree);
        SqlSelect ranking = ranking(tree);

        assertThat(Trees.outer(parents, ranking)).isEmpty();
        assertThat(Trees.reader(parents, ranking)).hasValueSatisfying(
                reader -> assertThat(SqlTrees.unparse(reader.getWhere())).isEqualTo("rn = 1"));
    }

    @Test
    void cteReadByTwoBlocksHasNoOneReader() {
        SqlNode tree = SqlTrees.parse("WITH latest AS (\n"
                + "  SELECT id, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM t\n"
                + ")\nSELECT id FROM latest WHERE rn = 1 UNION ALL SELECT id FROM latest WHERE rn = 2").orElseThrow();

        assertThat(Trees.reader(Trees.parents(tree), ranking(tree))).isEmpty();
    }

    @Test
    void subqueryIsReadByItsOuterQuery() {
        SqlNode tree = SqlTrees.parse("SELECT id FROM (\n"
                + "  SELECT id, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM t\n"
                + ") WHERE rn = 1").orElseThrow();

        assertThat(Trees.reader(Trees.parents(tree), ranking(tree))).isEqualTo(Trees.outer(Trees.parents(tree), ranking(tree)))
                .isPresent();
    }

    private static SqlSelect ranking(SqlNode tree) {
        List<Trees.RankItem> items = Trees.rankItems(tree);
        assertThat(items).hasSize(1);
        return items.get(0).select();
    }
}
