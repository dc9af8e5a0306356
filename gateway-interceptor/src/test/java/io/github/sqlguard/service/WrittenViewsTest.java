package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rewrite.WrittenView;
import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;

/** A session keeps the {@code CREATE VIEW} statements it handed on, as written, newest first, and no more than its bound. */
class WrittenViewsTest {

    private final StatementParser parser = new StatementParser();

    @Test
    void keepsTheViewsDefinedNewestFirstAndNothingElse() {
        WrittenViews views = new WrittenViews();
        views.handedOn(parser.parse("CREATE TABLE orders (id STRING) WITH ('connector' = 'datagen')"));
        views.handedOn(parser.parse("CREATE TEMPORARY VIEW a AS\nSELECT id FROM orders"));
        views.handedOn(parser.parse("SELECT id FROM a"));
        views.handedOn(parser.parse("CREATE VIEW b AS SELECT id\nFROM a"));

        assertThat(views.newestFirst()).extracting(WrittenView::name).containsExactly(
                java.util.List.of("b"), java.util.List.of("a"));
        assertThat(views.newestFirst().get(1).query()).isEqualTo("SELECT id FROM orders");
    }

    @Test
    void keepsTheNewestOnesWithinItsBound() {
        WrittenViews views = new WrittenViews();
        for (int i = 0; i <= WrittenViews.MAX_VIEWS; i++) {
            views.handedOn(parser.parse("CREATE TEMPORARY VIEW v" + i + " AS SELECT 1"));
        }

        assertThat(views.newestFirst()).hasSize(WrittenViews.MAX_VIEWS);
        assertThat(views.newestFirst().get(0).name()).containsExactly("v" + WrittenViews.MAX_VIEWS);
    }

    @Test
    void keepsAnAlterViewAsItsNewestDefinition() {
        WrittenViews views = new WrittenViews();
        views.handedOn(parser.parse("CREATE VIEW clicks_by_country (url, country) AS\nSELECT url, country FROM clicks"));
        views.handedOn(parser.parse("ALTER VIEW clicks_by_country AS\nSELECT k.url, g.country_name\nFROM clicks k -- joined\n"
                + "JOIN countries g ON k.country = g.country_code"));
        views.handedOn(parser.parse("ALTER VIEW clicks_by_country RENAME TO clicks_per_country"));

        // Under the new name, newest first as written; under the old one too, where Flink refused the rename.
        assertThat(views.newestFirst()).extracting(WrittenView::name).containsExactly(
                java.util.List.of("clicks_per_country"), java.util.List.of("clicks_per_country"),
                java.util.List.of("clicks_by_country"), java.util.List.of("clicks_by_country"));
        WrittenView altered = views.newestFirst().get(0);
        assertThat(altered.head()).isEqualTo("ALTER VIEW clicks_per_country AS\n");
        assertThat(altered.query()).isEqualTo("SELECT k.url, g.country_name\nFROM clicks k -- joined\n"
                + "JOIN countries g ON k.country = g.country_code");
        assertThat(views.newestFirst().get(1).head()).isEqualTo("CREATE VIEW clicks_per_country (url, country) AS\n");
    }

    @Test
    void followsARenameOfAViewItsDefinitionsNamingTheNewName() {
        WrittenViews views = new WrittenViews();
        views.handedOn(parser.parse("CREATE VIEW `clicks per country` AS SELECT 0 AS stale"));
        views.handedOn(parser.parse("CREATE VIEW shop.clicks_by_country (page, country) AS\n"
                + "SELECT url, country -- all of them\nFROM clicks"));
        views.handedOn(parser.parse("CREATE VIEW c AS SELECT 4"));
        views.handedOn(parser.parse("ALTER VIEW shop.clicks_by_country RENAME TO shop.`clicks per country`"));

        // The renamed definition is the newest; the one kept of the new name stays, its query told apart by the catalog.
        assertThat(views.newestFirst()).extracting(WrittenView::name).containsExactly(
                java.util.List.of("shop", "clicks per country"), java.util.List.of("c"),
                java.util.List.of("shop", "clicks_by_country"), java.util.List.of("clicks per country"));
        WrittenView renamed = views.newestFirst().get(0);
        assertThat(renamed.head()).isEqualTo("CREATE VIEW shop.`clicks per country` (page, country) AS\n");
        assertThat(renamed.query()).isEqualTo("SELECT url, country -- all of them\nFROM clicks");

        views.handedOn(parser.parse("ALTER VIEW `clicks per country` RENAME TO clicks_by_country"));
        assertThat(views.newestFirst().get(0).head()).isEqualTo("CREATE VIEW clicks_by_country (page, country) AS\n");
    }

    @Test
    void keepsTheDefinitionsOfAViewWhoseRenameOrDropFlinkMayRefuse() {
        // Handed on is not run: Flink refuses a rename to a name taken, or a DROP VIEW of a temporary view, and the view
        // is still there with its text. Which text defines a view is asked of the catalog (WrittenView#defines).
        WrittenViews views = new WrittenViews();
        views.handedOn(parser.parse("CREATE TEMPORARY VIEW a AS\nSELECT 1 -- one"));
        views.handedOn(parser.parse("CREATE TEMPORARY VIEW b AS SELECT 2"));
        views.handedOn(parser.parse("ALTER VIEW a RENAME TO b"));
        views.handedOn(parser.parse("DROP VIEW b"));

        assertThat(views.newestFirst()).extracting(WrittenView::name).containsExactly(
                java.util.List.of("b"), java.util.List.of("b"), java.util.List.of("a"));
        assertThat(views.newestFirst().get(2).head()).isEqualTo("CREATE TEMPORARY VIEW a AS\n");
        assertThat(views.newestFirst().get(2).query()).isEqualTo("SELECT 1");
        assertThat(views.newestFirst().get(1).query()).isEqualTo("SELECT 2");
    }

    @Test
    void recordsAViewWhoseDefinitionEndsInALineComment() {
        WrittenViews views = new WrittenViews();
        views.handedOn(parser.parse("CREATE TEMPORARY VIEW a AS\nSELECT url\nFROM clicks -- every click\n"));

        assertThat(views.newestFirst()).singleElement().satisfies(view -> {
            assertThat(view.query()).isEqualTo("SELECT url\nFROM clicks");
            assertThat(view.tail()).isEqualTo(" -- every click\n");
        });
    }
}
