package io.github.sqlguard.rules.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.statement.StatementParser;

import org.apache.calcite.sql.SqlNode;
import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * {@link StatementNames#renamedTo}: the column a statement renames to a name the plan gives a key ({@code bid.auction AS
 * a}) is read from its {@code SELECT}s' items in its tree, not found by a pattern over its text (issue 30 §4), where a
 * comment's or a string's words, a table's alias or a quoted column read otherwise.
 */
class StatementNamesRenamedTest {

    @Test
    void aRenamingIsASelectItemOfTheTreeNotAWordOfTheText() {
        List<SqlNode> statement = tree("SELECT bid.auction AS a, COUNT(*) AS n /* bid.price AS a was the old key */"
                + " FROM events WHERE note <> 'x.y AS a' GROUP BY bid.auction");

        assertThat(StatementNames.renamedTo("a", statement)).containsExactly(List.of("bid", "auction"));
    }

    @Test
    void aQuotedColumnIsRenamedAndATablesAliasIsNoRenaming() {
        assertThat(StatementNames.renamedTo("a", tree("SELECT `order id` AS `a` FROM orders AS o")))
                .containsExactly(List.of("order id"));
        assertThat(StatementNames.renamedTo("o", tree("SELECT o.id FROM orders AS o"))).isEmpty();
        assertThat(StatementNames.renamedTo("a", tree("SELECT UPPER(k) AS a FROM orders"))).isEmpty();
    }

    private static List<SqlNode> tree(String sql) {
        return List.of(new StatementParser().parse(sql).tree().orElseThrow().node());
    }
}
