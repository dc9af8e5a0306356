package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.SqlScript;
import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A regular join whose time bounds lack one side, over a CDC source (lint case 23, mysql-cdc through a stand-in, the
 * shape of Flink's NonDeterministicDagTest#testCdcProctimeIntervalJoinOnPkSinkWithoutPk): the missing bound is not
 * offered, since Flink refuses the interval join it would make over an update stream, and the reason says so. Round 63
 * offered the bound first, qualified "where both inputs are inserts only".
 */
class IntervalJoinOverUpdatesReasonTest {

    @Test
    void aOneBoundJoinOverACdcSourceIsOfferedNoBoundAndSaysWhy() throws Exception {
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), true)) {
            String name = "23-cdc-self-join-proctime-in-subqueries-one-bound-interval-join-needs-inserts";
            Path file = Path.of("src/test/resources/lint-cases", name + ".sql");
            List<LintedStatement> statements =
                    engine.lint(file.getFileName().toString(), SqlScript.withoutHeader(Files.readString(file)));
            LintedStatement last = statements.get(statements.size() - 1);
            assertThat(last.findings()).filteredOn(f -> f.ruleId().equals("stateful-without-ttl")).singleElement()
                    .satisfies(f -> {
                        assertThat(f.finding().reason())
                                .contains("bounds t1.proctime by t2.proctime from below only")
                                .contains("no bound is offered: the join reads an update stream, cdc (its source emits"
                                        + " updates), and Flink plans an interval join over inserts-only inputs only");
                        assertThat(f.finding().fix()).doesNotContain("Give the condition the upper bound it lacks")
                                .startsWith("Bound the join's state");
                    });
        }
    }

    /** A CDC table (a monitored filesystem table in the debezium-json format) and an append-only one, each with a WATERMARK. */
    private static final String TABLES = "CREATE TABLE shipments (order_id BIGINT, carrier STRING, shipped_at TIMESTAMP(3)%s)"
            + " WITH ('connector' = 'filesystem', 'path' = 'file:///tmp/sql-guard-interval-over-updates',"
            + " 'format' = 'debezium-json', 'source.monitor-interval' = '1 min');\n"
            + "CREATE TABLE orders (order_id BIGINT, amount DECIMAL(10, 2), ordered_at TIMESTAMP(3)%s)"
            + " WITH ('connector' = 'datagen');\n";

    private static final String WATERMARK = ", WATERMARK FOR %s AS %s - INTERVAL '5' SECOND";

    @Test
    void aJoinOnTheKeyOverACdcSourceIsOfferedNoIntervalJoin() throws Exception {
        // Both tables have event time; before, the fix offered "an interval join, whose state the watermark frees".
        String script = TABLES.formatted(WATERMARK.formatted("shipped_at", "shipped_at"),
                WATERMARK.formatted("ordered_at", "ordered_at"))
                + "SELECT o.order_id, o.amount, s.carrier FROM orders AS o JOIN shipments AS s ON o.order_id = s.order_id;";
        assertThat(joinFix(script)).doesNotContain("an interval join").contains("a temporal join");
    }

    @Test
    void aBoundOfPlainTimestampsOverACdcSourceIsOfferedNoWatermark() throws Exception {
        // Before: "Declare ordered_at as event time in orders ... the join as written is then an interval join".
        String script = TABLES.formatted("", "") + "SELECT o.order_id, o.amount, s.carrier FROM orders AS o JOIN shipments AS s"
                + " ON o.order_id = s.order_id AND s.shipped_at BETWEEN o.ordered_at AND o.ordered_at + INTERVAL '3' DAY;";
        assertThat(joinFix(script)).doesNotContain("interval join").startsWith("Bound the join's state");
    }

    private static String joinFix(String script) throws Exception {
        try (LintEngine engine = new LintEngine(new Configuration(), List.of(), false)) {
            List<LintedStatement> statements = engine.lint("interval-over-updates.sql", script);
            LintedStatement last = statements.get(statements.size() - 1);
            return last.findings().stream().filter(f -> f.ruleId().equals("stateful-without-ttl")).findFirst()
                    .orElseThrow().finding().fix();
        }
    }
}
