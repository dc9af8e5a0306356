package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The reason and fix of on-conflict-required where the query's rows reach an upsert sink with no key and the
 * statement neither joins nor ranks (issue 30, outside SQL of round 67), read against each lint case's {@code
 * expect-reason}, {@code expect-reason-absent}, {@code expect-fix} and {@code expect-fix-absent} headers: a copy of
 * tables that declare no key (48, 49: the reason guessed a narrowed key type or a view's join); a window TVF
 * aggregation, for which Flink 2.3.0 derives no upsert key at all (50-52: the reason guessed, or blamed a projection,
 * and the fix offered keys and groupings that Flink refuses alike or that free no state); a legacy group window whose
 * fix offered the window TVF as needing no clause (53, 20); a window Top-N, a window deduplication and a window join
 * (58-60: the reason named updating rows sent out of order, the fix keys Flink refuses alike); an INSERT of a statement
 * set, whose reason read the facts of every INSERT of the set (63: a keyless copy beside aggregations, round 68's
 * outside SQL; 64: a join beside a ranking); a cascade of joins, whose reason gave the top join the cause of one join
 * of two tables: the join that drops the key is named, with why per input (43: the top join; 65: the bottom one, below a
 * join on the customers' key). Upsert sinks through stand-ins: Flink checks an insert-only
 * query's key only against a sink that takes no retractions. Flink 2.3 only: 1.20 has no ON CONFLICT check (FLIP-558).
 */
class OnConflictNoKeyReasonTest {

    private static final Path CASES = Path.of("src/test/resources/lint-cases");

    /** The JVM's shared engine with stand-ins ({@link StandInLintEngine}): not closed here. */
    private final LintEngine engine = StandInLintEngine.shared();

    @ParameterizedTest
    @ValueSource(strings = {
        "48-kafka-select-star-into-jdbc-keyed-by-id-source-declares-no-key-reason-says-so",
        "49-kafka-filtered-projection-of-two-topics-union-into-upsert-kafka-keyed-by-user-no-key-to-keep",
        "50-kafka-beacons-tumble-tvf-distinct-users-into-jdbc-keyed-by-window-no-upsert-key-from-window-tvf",
        "51-kafka-cumulative-daily-pv-uv-per-behavior-into-jdbc-keyed-by-day-no-group-by-the-day-fix",
        "52-kafka-hop-revenue-per-shop-window-start-selected-into-upsert-kafka-keyed-by-shop-and-start-not-window-end",
        "53-kafka-log-counts-per-day-legacy-proctime-tumble-into-jdbc-keyed-by-day-no-window-tvf-fix",
        "20-kafka-login-counts-per-user-and-tumble-window-into-jdbc-keyed-by-user-window-dropped",
        "58-kafka-bids-top-3-items-per-window-rn-not-written-into-jdbc-keyed-by-window-and-item-window-top-n-reason",
        "59-kafka-bids-last-bid-per-category-and-window-dedup-into-jdbc-keyed-by-category-clause-is-the-fix",
        "60-kafka-bids-window-join-asks-per-item-into-jdbc-keyed-by-item-and-window-no-key-from-a-window-join",
        "71-kafka-bids-top-3-items-per-window-and-category-writing-rn-into-jdbc-keyed-by-item-key-fix-names-the-window",
        "63-kafka-transactions-copy-beside-window-alerts-in-statement-set-into-jdbc-keyed-by-id-reason-of-its-insert",
        "64-statement-set-dedup-and-keyless-join-into-jdbc-keyed-by-order-reason-names-the-join-not-the-ranking",
        "43-cdc-orders-lines-products-cascade-second-join-on-sku-drops-the-key-no-equal-column-fix",
        "65-cdc-payments-join-orders-on-order-then-customers-bottom-join-drops-the-payments-key-reason-names-it"})
    void reasonAndFixSayWhyNoKeyReachesTheSink(String name) throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT check before Flink 2.3");
        Path file = CASES.resolve(name + ".sql");
        SqlScript script = SqlScript.read(file);
        List<LintedStatement> statements =
                engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
        Finding finding = statements.get(statements.size() - 1).findings().stream()
                .filter(f -> f.ruleId().equals("on-conflict-required")).findFirst()
                .orElseThrow(() -> new AssertionError("no on-conflict-required on " + name)).finding();
        assertThat(script.expectedReasons()).as("expect-reason headers of %s", name).isNotEmpty();
        for (String expected : script.expectedReasons()) {
            assertThat(finding.reason()).as("reason of %s", name).contains(expected);
        }
        for (String absent : script.absentReasons()) {
            assertThat(finding.reason()).as("reason of %s", name).doesNotContain(absent);
        }
        for (String expected : script.expectedFixes()) {
            assertThat(finding.fix()).as("fix of %s", name).contains(expected);
        }
        for (String absent : script.absentFixes()) {
            assertThat(finding.fix()).as("fix of %s", name).doesNotContain(absent);
        }
    }

    /**
     * A copy of an append-only table into a keyed sink is told first what its first rewrite does, {@code ON CONFLICT DO
     * DEDUPLICATE}, which keeps no state over inserts, and after it the deduplication by the table's event-time
     * attribute, for where the latest row by event time must stay: it keeps a row per key in state (lint case 31; lint
     * case 48, whose table has no time attribute, is offered no deduplication). The Top-1 came first.
     */
    @Test
    void aCopyOfInsertsIsToldTheClauseBeforeTheDeduplicationByEventTime() throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT check before Flink 2.3");
        String fix = finding("31-kafka-prices-latest-per-product-projection-into-upsert-kafka-deduplicate-keeps-no-state")
                .fix();
        assertThat(fix).startsWith("The rows are inserts, each row of prices once and with no key, so end the INSERT with"
                + " ON CONFLICT DO DEDUPLICATE");
        assertThat(fix.indexOf("ON CONFLICT DO DEDUPLICATE"))
                .isLessThan(fix.indexOf("ROW_NUMBER() OVER (PARTITION BY product_id ORDER BY updated_at DESC)"))
                .isNotNegative();
    }

    /**
     * The keys the fixes of lint cases 58 and 59 name or rule out are Flink's own: the window Top-N writing its row
     * number into a sink keyed by the window and it plans with no clause, while the window deduplication into a sink
     * keyed by the window and its partition columns, the key the fix offered before, is refused just as well.
     */
    @Test
    void theKeysWindowFixesNameAreTheOnesFlinkAccepts() {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT check before Flink 2.3");
        String bids = "CREATE TABLE bids (item STRING, category STRING, bidder STRING, price DECIMAL(10, 2), ts TIMESTAMP(3),"
                + " WATERMARK FOR ts AS ts - INTERVAL '5' SECOND) WITH ('connector' = 'kafka', 'topic' = 'bids',"
                + " 'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');\n";
        String topN = bids + "CREATE TABLE top_items (window_start TIMESTAMP(3), window_end TIMESTAMP(3), rn BIGINT, item"
                + " STRING, total DECIMAL(38, 2), PRIMARY KEY (window_start, window_end, rn) NOT ENFORCED) WITH"
                + " ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' = 'top_items');\n"
                + "INSERT INTO top_items SELECT window_start, window_end, rn, item, total FROM (SELECT *, ROW_NUMBER()"
                + " OVER (PARTITION BY window_start, window_end ORDER BY total DESC) AS rn FROM (SELECT window_start,"
                + " window_end, item, SUM(price) AS total FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '10'"
                + " MINUTE)) GROUP BY window_start, window_end, item)) WHERE rn <= 3;\n";
        List<LintedStatement> written = engine.lint("window-top-n.sql", topN);
        assertThat(written.get(written.size() - 1).findings()).extracting(LintFinding::ruleId)
                .doesNotContain("on-conflict-required");
        String deduplicate = bids + "CREATE TABLE last_bids (window_start TIMESTAMP(3), window_end TIMESTAMP(3), category"
                + " STRING, item STRING, price DECIMAL(10, 2), PRIMARY KEY (window_start, window_end, category) NOT"
                + " ENFORCED) WITH ('connector' = 'jdbc', 'url' = 'jdbc:postgresql://db:5432/shop', 'table-name' ="
                + " 'last_bids');\n"
                + "INSERT INTO last_bids SELECT window_start, window_end, category, item, price FROM (SELECT *,"
                + " ROW_NUMBER() OVER (PARTITION BY window_start, window_end, category ORDER BY ts DESC) AS rn FROM"
                + " TABLE(TUMBLE(TABLE bids, DESCRIPTOR(ts), INTERVAL '10' MINUTE))) WHERE rn = 1;\n";
        List<LintedStatement> deduplicated = engine.lint("window-deduplicate.sql", deduplicate);
        Finding refused = deduplicated.get(deduplicated.size() - 1).findings().stream()
                .filter(f -> f.ruleId().equals("on-conflict-required")).findFirst()
                .orElseThrow(() -> new AssertionError("a window deduplication keyed by its partition plans")).finding();
        assertThat(refused.fix()).startsWith("No key the sink declares makes the clause unneeded: Flink 2.3 derives none"
                + " for a window deduplication");
    }

    private Finding finding(String name) throws Exception {
        Path file = CASES.resolve(name + ".sql");
        List<LintedStatement> statements =
                engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
        return statements.get(statements.size() - 1).findings().stream()
                .filter(f -> f.ruleId().equals("on-conflict-required")).findFirst()
                .orElseThrow(() -> new AssertionError("no on-conflict-required on " + name)).finding();
    }
}
