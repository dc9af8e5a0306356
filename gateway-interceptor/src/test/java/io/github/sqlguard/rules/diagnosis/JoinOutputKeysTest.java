package io.github.sqlguard.rules.diagnosis;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.statement.QueryFacts;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link JoinOutputKeys} over the parsed statement, with the session's tables given by name: the keys a {@code WITH}
 * item and a view of a view keep, as Flink inlines and expands them (cases 1173, 1174 ask the planner).
 */
class JoinOutputKeysTest {

    /** The tables of case 1174: orders keyed by order_id, the lines by (order_id, line_no); open_lines a view of them. */
    private static final Map<List<String>, JoinOutputKeys.Table> CATALOG = Map.of(
            List.of("orders"), new JoinOutputKeys.Table(List.of("order_id"), List.of("order_id", "customer")),
            List.of("order_lines"), new JoinOutputKeys.Table(List.of("order_id", "line_no"),
                    List.of("order_id", "line_no", "sku")),
            List.of("open_lines"), new JoinOutputKeys.Table(List.of("order_id", "line_no"),
                    List.of("order_id", "line_no", "sku"), Optional.of("order_lines")));

    private static final JoinOutputKeys.Tables TABLES = names -> Optional.ofNullable(CATALOG.get(names));

    private static Optional<JoinOutputKeys.EqualColumnFix> fix(String insert) {
        return QueryFacts.parse(insert).flatMap(tree -> JoinOutputKeys.of(tree, TABLES))
                .flatMap(JoinOutputKeys::equalColumnFix);
    }

    @Test
    void aWithItemOverAViewKeepsTheTablesKeyAndTheFixSelectsItsEqualColumn() {
        Optional<JoinOutputKeys.EqualColumnFix> fix = fix("INSERT INTO customer_lines\n"
                + "WITH shipped_lines AS (SELECT order_id, line_no, sku FROM open_lines WHERE sku <> 'none')\n"
                + "SELECT o.order_id, l.line_no, o.customer, l.sku\n"
                + "FROM orders o JOIN shipped_lines l ON o.order_id = l.order_id");

        assertThat(fix).hasValueSatisfying(f -> {
            assertThat(f.side()).map(JoinOutputKeys.Side::name).hasValue("order_lines");
            assertThat(f.select()).singleElement().satisfies(swap -> {
                assertThat(swap.left().written()).isEqualTo("o.order_id");
                assertThat(swap.right().written()).isEqualTo("l.order_id");
            });
        });
    }

    @Test
    void aWithItemReadsTheItemsBeforeItAndATableItsNameShadows() {
        // The item order_lines reads the table order_lines (an item does not see itself), and lines reads that item.
        Optional<JoinOutputKeys.EqualColumnFix> fix = fix("INSERT INTO customer_lines\n"
                + "WITH order_lines AS (SELECT order_id, line_no, sku FROM order_lines WHERE sku <> ''),\n"
                + "  lines AS (SELECT order_id, line_no AS line, sku FROM order_lines)\n"
                + "SELECT o.order_id, l.line, o.customer, l.sku\n"
                + "FROM orders o JOIN lines l ON o.order_id = l.order_id");

        assertThat(fix).map(f -> f.key().stream().map(JoinOutputKeys.SideColumn::written).toList())
                .hasValue(List.of("l.order_id", "l.line"));
    }

    @Test
    void aWithItemThatRenamesItsColumnsByAColumnListKeepsTheKeyUnderItsNewNames() {
        // Case 1166: the item's column list names the lines' key (id, line); the fix writes l.id, named as o.order_id.
        Optional<JoinOutputKeys.EqualColumnFix> fix = fix("INSERT INTO customer_lines\n"
                + "WITH lines (id, line, sku) AS (SELECT order_id, line_no, sku FROM order_lines)\n"
                + "SELECT o.order_id, l.line, o.customer, l.sku\n"
                + "FROM orders o JOIN lines l ON o.order_id = l.id");

        assertThat(fix).hasValueSatisfying(f -> {
            assertThat(f.key()).extracting(JoinOutputKeys.SideColumn::written).containsExactly("l.id", "l.line");
            assertThat(f.side()).map(JoinOutputKeys.Side::name).hasValue("order_lines");
        });
    }

    @Test
    void aWithItemWhoseColumnListDoesNotNameEveryColumnOrThatDropsAKeyColumnIsNotRead() {
        assertThat(QueryFacts.parse("INSERT INTO customer_lines\n"
                + "WITH lines (id, line) AS (SELECT order_id, line_no, sku FROM order_lines)\n"
                + "SELECT o.order_id, l.line, o.customer\n"
                + "FROM orders o JOIN lines l ON o.order_id = l.id").flatMap(tree -> JoinOutputKeys.of(tree, TABLES)))
                .isEmpty();
        assertThat(QueryFacts.parse("INSERT INTO customer_lines\n"
                + "WITH lines AS (SELECT order_id, sku FROM order_lines)\n"
                + "SELECT o.order_id, o.customer, l.sku\n"
                + "FROM orders o JOIN lines l ON o.order_id = l.order_id").flatMap(tree -> JoinOutputKeys.of(tree, TABLES)))
                .isEmpty();
    }

    @Test
    void aViewOfAViewKeepsTheKeyTheInnerViewKeeps() {
        // TablesRead#viewKey answers a view with the key the view it reads keeps, level by level (case 1173).
        JoinOutputKeys.Tables withLiveLines = names -> names.equals(List.of("live_lines"))
                ? QueryFacts.parse("SELECT order_id, line_no, sku FROM open_lines WHERE sku IS NOT NULL")
                        .flatMap(view -> JoinOutputKeys.viewOfOne(view, TABLES))
                : TABLES.table(names);

        assertThat(withLiveLines.table(List.of("live_lines"))).hasValueSatisfying(view -> {
            assertThat(view.primaryKey()).containsExactly("order_id", "line_no");
            assertThat(view.keyOf()).hasValue("order_lines");
        });
    }
}
