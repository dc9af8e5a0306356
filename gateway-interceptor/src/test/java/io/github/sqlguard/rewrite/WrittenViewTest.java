package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.statement.StatementParser;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A view a rewrite redefines is written as the session's own {@code CREATE VIEW} wrote it, with the change spliced
 * into its query (issue 30: the view was reprinted from the catalog's query, {@code FROM orders AS o INNER JOIN
 * shipments AS s}, its hint on a line of its own); where the session did not define it (a view of a catalog, or one
 * defined again since), from the catalog's query, and the rewrite's {@code changes:} says so.
 */
class WrittenViewTest {

    private static final String CREATED = "-- orders with their carrier\nCREATE TEMPORARY VIEW shipped_orders AS\n"
            + "SELECT o.order_id, o.amount, s.carrier\nFROM orders o\n-- every order is shipped once\n"
            + "JOIN shipments s ON o.order_id = s.order_id";

    /** The query Flink's catalog keeps for it ({@code CatalogView#getOriginalQuery}). */
    private static final String KEPT = "SELECT `o`.`order_id`, `o`.`amount`, `s`.`carrier`\nFROM `orders` AS `o`\n"
            + "INNER JOIN `shipments` AS `s` ON `o`.`order_id` = `s`.`order_id`";

    private static final CatalogObject VIEW = view(KEPT);

    @Test
    void readsTheDefinitionAsWrittenFromItsFirstTokenAndDefinesTheViewWhoseQueryReadsAlike() {
        WrittenView written = WrittenView.of(CREATED).orElseThrow();

        assertThat(written.head()).isEqualTo("CREATE TEMPORARY VIEW shipped_orders AS\n");
        assertThat(written.query()).startsWith("SELECT o.order_id").endsWith("ON o.order_id = s.order_id")
                .contains("-- every order is shipped once");
        assertThat(written.defines(VIEW)).isTrue();
        assertThat(written.defines(view(KEPT.replace("INNER JOIN", "LEFT JOIN")))).as("defined again otherwise").isFalse();
        assertThat(WrittenView.of(CREATED.replace("VIEW shipped_orders", "VIEW other_orders")).orElseThrow().defines(VIEW))
                .as("another view's name").isFalse();
        assertThat(WrittenView.of("CREATE TABLE t (a INT) WITH ('connector' = 'datagen')")).isEmpty();
    }

    @Test
    void aViewTheSessionDefinedIsRedefinedInItsOwnTextWithTheHintSpliced() {
        Candidate candidate = hinted(List.of(WrittenView.of(CREATED).orElseThrow()));

        assertThat(candidate.before()).containsExactly("DROP TEMPORARY VIEW shipped_orders",
                "CREATE TEMPORARY VIEW shipped_orders AS\nSELECT /*+ STATE_TTL('o' = '1 d', 's' = '1 d') */ o.order_id,"
                        + " o.amount, s.carrier\nFROM orders o\n-- every order is shipped once\n"
                        + "JOIN shipments s ON o.order_id = s.order_id");
        assertThat(candidate.changes()).doesNotContain("catalog");
    }

    @Test
    void aViewTheSessionDidNotDefineIsRedefinedFromTheCatalogsQueryAndTheChangesSaySo() {
        Candidate candidate = hinted(List.of());

        assertThat(candidate.before()).last().asString()
                .startsWith("CREATE TEMPORARY VIEW shipped_orders (order_id, amount, carrier) AS\n")
                .contains("INNER JOIN shipments AS s");
        assertThat(candidate.changes()).endsWith("; the view was not defined in this session, so its query is written as"
                + " Flink's catalog keeps it, not as it was written");
    }

    @Test
    void aPersistentViewWhoseColumnsAreNotItsQuerysIsDroppedAndCreatedWithThemNotAltered() {
        // The catalog's view names its columns (id, amt, shipped_by) where its query selects order_id, amount, carrier.
        CatalogObject named = new CatalogObject(List.of("default_catalog", "default_database", "shipped_orders"), true,
                false, Optional.of(KEPT), List.of(new Column("id", "STRING", Column.TimeAttribute.NONE),
                        new Column("amt", "DECIMAL(10, 2)", Column.TimeAttribute.NONE),
                        new Column("shipped_by", "STRING", Column.TimeAttribute.NONE)), false, Map.of(), List.of());
        CatalogObject unnamed = new CatalogObject(VIEW.identifier(), true, false, Optional.of(KEPT), VIEW.columns(),
                false, Map.of(), List.of());

        assertThat(hinted(List.of(), named).before()).first().isEqualTo("DROP VIEW shipped_orders");
        assertThat(hinted(List.of(), named).before()).last().asString()
                .startsWith("CREATE VIEW shipped_orders (id, amt, shipped_by) AS\n");
        assertThat(hinted(List.of(), named).changes()).contains("dropped and created again with its column list");
        assertThat(hinted(List.of(), unnamed).before()).singleElement().asString().startsWith("ALTER VIEW shipped_orders AS\n");
    }

    @Test
    void aDefinitionEndingInCommentsIsRecordedAndItsLastLineCommentEndsItsLine() {
        WrittenView written = WrittenView.of(CREATED + " -- all of them").orElseThrow();

        assertThat(written.query()).endsWith("ON o.order_id = s.order_id");
        assertThat(written.tail()).isEqualTo(" -- all of them\n");
        assertThat(hinted(List.of(written)).before()).last().asString()
                .startsWith("CREATE TEMPORARY VIEW shipped_orders AS\nSELECT /*+ STATE_TTL(")
                .endsWith("JOIN shipments s ON o.order_id = s.order_id -- all of them\n");

        WrittenView parenthesised = WrittenView.of("CREATE VIEW v AS (\n  SELECT 1 -- one\n) /* v */ -- done").orElseThrow();
        assertThat(parenthesised.query()).isEqualTo("SELECT 1");
        assertThat(parenthesised.tail()).isEqualTo(" -- one\n) /* v */ -- done\n");
        assertThat(WrittenView.of("CREATE VIEW v AS SELECT 1 /* unclosed")).isEmpty();
    }

    @Test
    void aTemporaryViewsTextDoesNotDefineAPersistentViewOfTheSameName() {
        CatalogObject persistent = new CatalogObject(VIEW.identifier(), true, false, Optional.of(KEPT), VIEW.columns(),
                false, Map.of(), List.of());

        assertThat(WrittenView.of(CREATED).orElseThrow().defines(persistent)).isFalse();
        assertThat(WrittenView.of(CREATED.replace("TEMPORARY ", "")).orElseThrow().defines(persistent)).isTrue();
        assertThat(WrittenView.of(CREATED.replace("TEMPORARY ", "")).orElseThrow().defines(VIEW)).isFalse();
        assertThat(WrittenView.of("ALTER VIEW shipped_orders AS\n" + CREATED.substring(CREATED.indexOf("SELECT")))
                .orElseThrow().defines(persistent)).as("an ALTER VIEW keeps the view's kind").isTrue();
    }

    /** The candidate that puts a STATE_TTL hint on the view's SELECT, in a session that wrote {@code written}. */
    private static Candidate hinted(List<WrittenView> written) {
        return hinted(written, VIEW);
    }

    /** As {@link #hinted(List)}, the catalog holding {@code view} as shipped_orders. */
    private static Candidate hinted(List<WrittenView> written, CatalogObject view) {
        RewriteRequest request = new RewriteRequest(new StatementParser().parse("SELECT order_id FROM shipped_orders"),
                null, Optional.empty(), Map.of(), Duration.ofMinutes(1), Duration.ofDays(365), false);
        RewriteContext context = new RewriteContext(request, session(written, view), RewriteSettings.DEFAULTS);
        Scope scope = context.scopes().get(1);
        SqlNode changed = scope.tree().orElseThrow();
        SqlSelect select = (SqlSelect) changed;
        select.setHints(new SqlNodeList(List.of(Blocks.stateTtl(List.of("o", "s"), "1 d")), SqlParserPos.ZERO));
        Finding finding = new Finding("stateful-without-ttl", Level.WARN, "grows", "Join", "", "a TTL", "");
        return context.candidate(new StateTtlHint(), finding, scope, changed, List.of(), Map.of(), List.of(),
                Optional.empty(), Intent.operator("Join"), Candidate.Columns.SAME, "rows expire", "");
    }

    private static RewriteSession session(List<WrittenView> written, CatalogObject view) {
        return new EmptyCatalogSession() {
            @Override
            public Judged judge(String statement, Map<String, String> config, List<TableChange> tables) {
                return PLANS_NOTHING.judge(statement, config, tables);
            }

            @Override
            public Optional<CatalogObject> lookUp(List<String> names) {
                return names.equals(List.of("shipped_orders")) ? Optional.of(view) : Optional.empty();
            }

            @Override
            public List<WrittenView> writtenViews() {
                return written;
            }
        };
    }

    private static CatalogObject view(String query) {
        List<Column> columns = List.of(new Column("order_id", "STRING", Column.TimeAttribute.NONE),
                new Column("amount", "DECIMAL(10, 2)", Column.TimeAttribute.NONE),
                new Column("carrier", "STRING", Column.TimeAttribute.NONE));
        return new CatalogObject(List.of("default_catalog", "default_database", "shipped_orders"), true, true,
                Optional.of(query), columns, false, Map.of(), List.of());
    }
}
