package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.testing.SqlScript;
import io.github.sqlguard.rewrite.Rewrite;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The {@code changes:} line of the {@code ON CONFLICT DO DEDUPLICATE} rewrite says the sink's upsert materializer
 * only where Flink plans one. Over a query whose rows are inserts only (lint cases 30 and 31: an OVER aggregate and a
 * projection of append-only tables into {@code upsert-kafka} sinks) Flink 2.3.0 compiles the clause with no
 * materializer and no state at the sink ({@code StreamExecSink#applyUpsertMaterialize}); the line said "keeps every
 * version of each key ..., with no state TTL: it grows forever". Over updates (lint case 32, a LEFT JOIN of upsert
 * tables) the materializer is planned and said. Flink 2.3 only: 1.20 has no ON CONFLICT clause (FLIP-558).
 */
class OnConflictDeduplicateOverInsertsTest {

    private static final Path CASES = Path.of("src/test/resources/lint-cases");

    @Test
    void deduplicateOverInsertsOnlyIsSaidToKeepNoMaterializerState() throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT clause before Flink 2.3");
        for (String name : List.of("30-upsert-kafka-orders-per-customer-over-last-minute-deduplicate-keeps-no-state",
                "31-kafka-prices-latest-per-product-projection-into-upsert-kafka-deduplicate-keeps-no-state",
                "34-kafka-clicks-hourly-window-counts-into-upsert-kafka-keyed-by-user-deduplicate-fix-says-no-materializer-over-inserts")) {
            assertThat(deduplicateChanges(name)).as("changes: of %s", name)
                    .startsWith("ON CONFLICT DO DEDUPLICATE: the query's rows are inserts only, so Flink plans no upsert"
                            + " materializer")
                    .doesNotContain("grows forever")
                    .doesNotContain("has not seen retracted");
        }
    }

    @Test
    void deduplicateOverUpdatesStillNamesTheMaterializer() throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT clause before Flink 2.3");
        assertThat(deduplicateChanges("32-upsert-kafka-orders-left-join-products-deduplicate-keeps-its-materializer"))
                .contains("the sink's upsert materializer keeps every version of each key it has not seen retracted")
                .doesNotContain("inserts only");
    }

    /**
     * The rule's own fix (Flink refused the statement: no plan) says DO DEDUPLICATE's materializer and its history only
     * where the rows are updates, and that over inserts only it keeps none: it never contradicts the proven rewrite's
     * line under it. Lint cases 30 (inserts only) and 32 (updates) as the rule words them for both; 34, a window TVF
     * aggregation, and 31, a copy of an append-only table, below.
     */
    @Test
    void theRulesOwnFixSaysTheMaterializerOnlyWhereTheRowsAreUpdates() throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT clause before Flink 2.3");
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), true)) {
            for (String name : List.of(
                    "30-upsert-kafka-orders-per-customer-over-last-minute-deduplicate-keeps-no-state",
                    "32-upsert-kafka-orders-left-join-products-deduplicate-keeps-its-materializer")) {
                Path file = CASES.resolve(name + ".sql");
                SqlScript script = SqlScript.read(file);
                List<LintedStatement> statements =
                        engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
                LintedStatement last = statements.get(statements.size() - 1);
                String fix = last.findings().stream().filter(f -> f.ruleId().equals("on-conflict-required"))
                        .findFirst().orElseThrow(() -> new AssertionError("no on-conflict-required on " + name))
                        .finding().fix();
                assertThat(fix).as("fix of %s", name)
                        .contains("ON CONFLICT DO DEDUPLICATE: the latest row per primary key wins; where the query's rows"
                                + " are updates, the sink's upsert materializer keeps the history")
                        .contains("over inserts only, Flink plans no materializer for it and it keeps no state")
                        .doesNotContain("All three keep the materializer's state");
                for (String expected : script.expectedFixes()) {
                    assertThat(fix).as("fix of %s", name).contains(expected);
                }
                for (String absent : script.absentFixes()) {
                    assertThat(fix).as("fix of %s", name).doesNotContain(absent);
                }
            }
        }
    }

    /**
     * Lint case 34 is a window TVF aggregation, whose rows the rule knows to be inserts (Flink 2.3.0 derives no upsert
     * key for one, lint case 50), and lint case 31 a copy of a table whose source emits inserts only (its options: a
     * {@code kafka} table in {@code json}): each fix says DO DEDUPLICATE keeps no state there, and nothing of a history.
     */
    @Test
    void theRulesFixOverKnownInsertsSaysDeduplicateKeepsNoState() throws Exception {
        assumeFalse(FixtureVerdicts.FLINK_1, "no ON CONFLICT clause before Flink 2.3");
        for (String name : List.of(
                "34-kafka-clicks-hourly-window-counts-into-upsert-kafka-keyed-by-user-deduplicate-fix-says-no-materializer-over-inserts",
                "31-kafka-prices-latest-per-product-projection-into-upsert-kafka-deduplicate-keeps-no-state")) {
            assertFixOverInserts(name);
        }
    }

    private static void assertFixOverInserts(String name) throws Exception {
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), true)) {
            Path file = CASES.resolve(name + ".sql");
            SqlScript script = SqlScript.read(file);
            List<LintedStatement> statements =
                    engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
            String fix = statements.get(statements.size() - 1).findings().stream()
                    .filter(f -> f.ruleId().equals("on-conflict-required")).findFirst()
                    .orElseThrow(() -> new AssertionError("no on-conflict-required on " + name)).finding().fix();
            assertThat(fix).as("fix of %s", name)
                    .contains("ON CONFLICT DO DEDUPLICATE: over inserts Flink plans no upsert materializer for it and keeps"
                            + " no state")
                    .doesNotContain("keeps the history");
            for (String expected : script.expectedFixes()) {
                assertThat(fix).as("fix of %s", name).contains(expected);
            }
            for (String absent : script.absentFixes()) {
                assertThat(fix).as("fix of %s", name).doesNotContain(absent);
            }
        }
    }

    private static String deduplicateChanges(String name) throws Exception {
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), true)) {
            Path file = CASES.resolve(name + ".sql");
            List<LintedStatement> statements =
                    engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
            LintedStatement last = statements.get(statements.size() - 1);
            LintFinding finding = last.findings().stream().filter(f -> f.ruleId().equals("on-conflict-required"))
                    .findFirst().orElseThrow(() -> new AssertionError("no on-conflict-required on " + name));
            Rewrite rewrite = last.rewriteOf(finding)
                    .orElseThrow(() -> new AssertionError("no proven rewrite of on-conflict-required on " + name));
            assertThat(rewrite.statement()).endsWith("ON CONFLICT DO DEDUPLICATE");
            return rewrite.changes();
        }
    }
}
