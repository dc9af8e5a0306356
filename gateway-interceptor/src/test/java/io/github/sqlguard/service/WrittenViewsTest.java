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

        assertThat(views.newestFirst()).extracting(WrittenView::name).containsExactly(
                java.util.List.of("clicks_per_country"), java.util.List.of("clicks_per_country"));
        WrittenView altered = views.newestFirst().get(0);
        assertThat(altered.head()).isEqualTo("ALTER VIEW clicks_per_country AS\n");
        assertThat(altered.query()).isEqualTo("SELECT k.url, g.country_name\nFROM clicks k -- joined\n"
                + "JOIN countries g ON k.country = g.country_code");
    }

    @Test
    void followsARenameOfAViewItsDefinitionsNamingTheNewName() {
        WrittenViews views = new WrittenViews();
        views.handedOn(parser.parse("CREATE VIEW `clicks per country` AS SELECT 0 AS stale"));
        views.handedOn(parser.parse("CREATE VIEW shop.clicks_by_country (page, country) AS\n"
                + "SELECT url, country -- all of them\nFROM clicks"));
        views.handedOn(parser.parse("CREATE VIEW c AS SELECT 4"));
        views.handedOn(parser.parse("ALTER VIEW shop.clicks_by_country RENAME TO shop.`clicks per country`"));

        assertThat(views.newestFirst()).extracting(WrittenView::name).containsExactly(
                java.util.List.of("c"), java.util.List.of("shop", "clicks per country"));
        WrittenView renamed = views.newestFirst().get(1);
        assertThat(renamed.head()).isEqualTo("CREATE VIEW shop.`clicks per country` (page, country) AS\n");
        assertThat(renamed.query()).isEqualTo("SELECT url, country -- all of them\nFROM clicks");

        views.handedOn(parser.parse("ALTER VIEW `clicks per country` RENAME TO clicks_by_country"));
        assertThat(views.newestFirst().get(1).head()).isEqualTo("CREATE VIEW clicks_by_country (page, country) AS\n");
    }

    @Test
    void forgetsTheDefinitionsOfAViewDropped() {
        WrittenViews views = new WrittenViews();
        views.handedOn(parser.parse("CREATE TEMPORARY VIEW a AS SELECT 1"));
        views.handedOn(parser.parse("CREATE VIEW shop.b AS SELECT 2"));
        views.handedOn(parser.parse("ALTER VIEW shop.b AS SELECT 3"));
        views.handedOn(parser.parse("CREATE VIEW c AS SELECT 4"));
        views.handedOn(parser.parse("DROP VIEW IF EXISTS b"));
        views.handedOn(parser.parse("DROP TEMPORARY VIEW a"));

        assertThat(views.newestFirst()).extracting(WrittenView::name).containsExactly(java.util.List.of("c"));
    }
}
