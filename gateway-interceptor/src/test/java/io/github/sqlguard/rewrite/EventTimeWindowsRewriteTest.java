package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.testing.LintLikeSession;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

/**
 * {@code window-proctime-unsupported} and its {@code time-attribute-order} rewrite through the guard's
 * pipeline and Flink's planner (proven as lint proves it): a window Top-N, deduplication or join on
 * processing-time windows of a table with an event-time attribute is windowed on that attribute, and the
 * proof translates the plan, where Flink refuses the processing-time operators.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EventTimeWindowsRewriteTest {

    private static final String BIDS = "CREATE TABLE bids (item STRING, price DECIMAL(10, 2), bid_time TIMESTAMP(3),"
            + " pt AS PROCTIME(), WATERMARK FOR bid_time AS bid_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')";
    private static final String CLICKS =
            "CREATE TABLE clicks (user_id STRING, url STRING, pt AS PROCTIME()) WITH ('connector' = 'datagen')";

    private LintLikeSession lint;

    @BeforeAll
    void start() {
        lint = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"));
    }

    @AfterAll
    void stop() {
        lint.close();
    }

    private Submission last(String table, String statement) {
        List<Submission> all = lint.run(Map.of(), List.of(table, statement), Map.of());
        return all.get(all.size() - 1);
    }

    @Test
    void windowDeduplicationByArrivalIsWindowedAndOrderedOnEventTime() {
        Submission last = last(BIDS, "SELECT item, price, window_start FROM (\n"
                + "  SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, item ORDER BY pt DESC) AS rn\n"
                + "  FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(pt), INTERVAL '10' MINUTES))\n"
                + ") WHERE rn = 1");

        assertThat(last.decision().verdict().findings()).extracting(Finding::ruleId)
                .containsExactly("window-proctime-unsupported");
        Rewrite rewrite = only(last);
        assertThat(rewrite.statement())
                .contains("ROW_NUMBER() OVER (PARTITION BY window_start, window_end, item ORDER BY bid_time DESC) AS rn")
                .contains("FROM TABLE(TUMBLE(TABLE bids, DESCRIPTOR(bid_time), INTERVAL '10' MINUTES))")
                .endsWith(") WHERE rn = 1");
        assertThat(rewrite.operators()).contains("WindowDeduplicate");
        assertThat(rewrite.changes()).contains("bid_time (event time, its WATERMARK)").contains("not on the arrival time pt")
                .contains("ranked by bid_time");
    }

    @Test
    void windowTopNByPriceKeepsItsOrderAndMovesOnlyTheWindow() {
        Submission last = last(BIDS, "SELECT * FROM (\n"
                + "  SELECT item, price, window_start, window_end,\n"
                + "         ROW_NUMBER() OVER (PARTITION BY window_start, window_end, item ORDER BY price DESC) AS rn\n"
                + "  FROM TABLE(HOP(TABLE bids, DESCRIPTOR(pt), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))\n"
                + ") WHERE rn <= 3");

        Rewrite rewrite = only(last);
        assertThat(rewrite.statement()).contains("ORDER BY price DESC").contains("DESCRIPTOR(bid_time)");
        assertThat(rewrite.operators()).contains("WindowRank");
        assertThat(rewrite.changes()).doesNotContain("ranked by");
    }

    @Test
    void noEventTimeAttributeNoRewrite() {
        Submission last = last(CLICKS, "SELECT user_id, url FROM (\n"
                + "  SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, user_id ORDER BY pt) AS rn\n"
                + "  FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(pt), INTERVAL '1' HOUR))\n"
                + ") WHERE rn = 1");

        assertThat(last.decision().verdict().findings()).extracting(Finding::ruleId)
                .containsExactly("window-proctime-unsupported");
        assertThat(last.decision().rewrites().verified()).isEmpty();
    }

    private static Rewrite only(Submission submission) {
        List<Rewrite> of = submission.decision().rewrites().verified().stream()
                .filter(r -> r.family().equals("time-attribute-order")).toList();
        assertThat(of).as("proven rewrites in %s", submission.decision().rewrites()).hasSize(1);
        return of.get(0);
    }
}
