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
}
