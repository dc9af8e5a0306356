package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.service.Submission;
import io.github.sqlguard.testing.LintLikeSession;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

/**
 * The window rewrites of an aggregation ({@code window-group}, {@code window-aggregate}) through the guard's pipeline
 * and Flink's planner, every rewrite proven: what they leave above the window aggregation is said (a ranking that stays
 * a {@code Rank}, the session TTL it alone needs), a {@code CUMULATE} window is not offered where an operator above
 * reads its rows, and a view that renames {@code window_time} is redefined to select the window's bounds.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WindowRewritesSayWhatStaysTest {

    private static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, region STRING, amount DOUBLE, order_time TIMESTAMP(3),"
                    + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')";

    private LintLikeSession lint;

    @BeforeAll
    void start() {
        lint = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"));
    }

    @AfterAll
    void stop() {
        lint.close();
    }

    private Submission last(String... statements) {
        List<Submission> all = lint.run(Map.of(), List.of(statements), Map.of());
        return all.get(all.size() - 1);
    }

    private static List<Rewrite> of(Submission submission, String family) {
        return submission.decision().rewrites().verified().stream().filter(r -> r.family().equals(family)).toList();
    }

    @Test
    void windowGroupUnderATopNWithNoPartitionSaysTheRankingStaysOfAllWindows() {
        Submission last = last(ORDERS, "SELECT window_start, region, total FROM (SELECT window_start, region, total,"
                + " ROW_NUMBER() OVER (ORDER BY total DESC) AS rn FROM (SELECT window_start, region, SUM(amount) AS total"
                + " FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))"
                + " GROUP BY window_start, region)) WHERE rn <= 3");

        Rewrite rewrite = of(last, WindowGroup.ID).get(0);
        assertThat(rewrite.operators()).contains("Rank", "GlobalWindowAggregate");
        assertThat(rewrite.sql()).doesNotContain("SET ");
        assertThat(rewrite.changes())
                .contains("the ranking above it stays a Rank with no PARTITION BY, not a window Top-N: it ranks the"
                        + " results of every window so far together")
                .contains("keeps its Top-3 in state");
    }

    @Test
    void windowAggregateUnderATopNPerBucketIsATumbleAloneAndSaysTheSetIsForTheRank() {
        Submission last = last(ORDERS, "SELECT hr, region, total FROM (SELECT hr, region, total,"
                + " ROW_NUMBER() OVER (PARTITION BY hr ORDER BY total DESC) AS rn FROM (SELECT FLOOR(order_time TO HOUR)"
                + " AS hr, region, SUM(amount) AS total FROM orders GROUP BY FLOOR(order_time TO HOUR), region))"
                + " WHERE rn <= 3");

        List<Rewrite> rewrites = of(last, WindowAggregate.ID);
        assertThat(rewrites).singleElement().satisfies(rewrite -> {
            assertThat(rewrite.statement()).contains("TUMBLE(").doesNotContain("CUMULATE(");
            assertThat(rewrite.sql()).startsWith("SET 'table.exec.state.ttl'");
            assertThat(rewrite.changes())
                    .contains("(its state is freed then)")
                    .contains("the window aggregation needs no state TTL: the SET before it is for the Rank above it")
                    .contains("it ranks each window's results among themselves (hr is window_start)");
        });
    }

    @Test
    void windowAggregateUnderAJoinOfTwoAggregationsSaysTheJoinAndTheOtherAggregationKeepTheirState() {
        // Case 1093's shape: hourly totals per region LEFT JOINed to each region's refund total so far. The window
        // rewrite of the hourly totals bounds them alone: its changes say what keeps state still.
        Submission last = last(ORDERS, "CREATE TABLE refunds (region STRING, refund DOUBLE) WITH ('connector' = 'datagen')",
                "SELECT o.hr, o.region, o.sold, r.refunded FROM (SELECT FLOOR(order_time TO HOUR) AS hr, region,"
                + " SUM(amount) AS sold FROM orders GROUP BY FLOOR(order_time TO HOUR), region) AS o LEFT JOIN (SELECT"
                + " region, SUM(refund) AS refunded FROM refunds GROUP BY region) AS r ON o.region = r.region");

        assertThat(of(last, WindowAggregate.ID)).singleElement().satisfies(rewrite -> assertThat(rewrite.changes())
                .endsWith("; the window frees this aggregation's state only: the LEFT join on region and the"
                        + " aggregation grouped by region keep their state with no TTL (each its own"
                        + " stateful-without-ttl finding, still reported)"));
    }

    @Test
    void windowAggregateOfEachOfTwoAggregationsPrintedAlikeUnderAJoinOnTheHourIsProvenForItsOwnFinding() {
        // Case 1102's shape: both aggregations print GroupAggregate(groupBy=[hr, region]), and the join's keys print
        // otherwise once one side is windowed. Each finding's rewrite windows its own table, and is proven.
        Submission last = last(ORDERS, "CREATE TABLE refunds (region STRING, refund DOUBLE, refunded_at TIMESTAMP(3),"
                + " WATERMARK FOR refunded_at AS refunded_at - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')",
                "SELECT o.hr, o.region, o.sold, r.refunded FROM (SELECT FLOOR(order_time TO HOUR) AS hr, region,"
                + " SUM(amount) AS sold FROM orders GROUP BY FLOOR(order_time TO HOUR), region) AS o LEFT JOIN (SELECT"
                + " FLOOR(refunded_at TO HOUR) AS hr, region, SUM(refund) AS refunded FROM refunds"
                + " GROUP BY FLOOR(refunded_at TO HOUR), region) AS r ON o.hr = r.hr AND o.region = r.region");

        List<Rewrite> rewrites = of(last, WindowAggregate.ID);
        assertThat(rewrites).extracting(Rewrite::findingNode).doesNotHaveDuplicates().hasSize(2);
        assertThat(rewrites).extracting(Rewrite::statement).anySatisfy(s -> assertThat(s)
                .contains("TUMBLE(TABLE orders").doesNotContain("TUMBLE(TABLE refunds"))
                .anySatisfy(s -> assertThat(s).contains("TUMBLE(TABLE refunds").doesNotContain("TUMBLE(TABLE orders"));
    }

    @Test
    void joinOfTwoAggregationsBucketedAlikeOnTheBucketIsOfferedTheWindowJoinFirst() {
        // Case 1102's shape, the join's finding: both sides TUMBLE window aggregations of an hour, each selecting
        // window_end, joined on both window columns (Flink's window join over window aggregations, window_start
        // renamed hr); the fix names it before the TTL. Joined on the region alone (case 1141), no window join.
        String refunds = "CREATE TABLE refunds (region STRING, refund DOUBLE, refunded_at TIMESTAMP(3),"
                + " WATERMARK FOR refunded_at AS refunded_at - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')";
        String sides = "SELECT o.hr, o.region, o.sold, r.refunded FROM (SELECT FLOOR(order_time TO HOUR) AS hr, region,"
                + " SUM(amount) AS sold FROM orders GROUP BY FLOOR(order_time TO HOUR), region) AS o LEFT JOIN (SELECT"
                + " FLOOR(refunded_at TO HOUR) AS hr, region, SUM(refund) AS refunded FROM refunds"
                + " GROUP BY FLOOR(refunded_at TO HOUR), region) AS r ON ";
        Submission onTheHour = last(ORDERS, refunds, sides + "o.hr = r.hr AND o.region = r.region");

        assertThat(of(onTheHour, WindowJoinCondition.ID)).singleElement().satisfies(rewrite -> {
            assertThat(rewrite.operators()).contains("WindowJoin").doesNotContain("Join", "GroupAggregate");
            assertThat(rewrite.statement()).contains("TUMBLE(TABLE orders", "TUMBLE(TABLE refunds",
                    "SUM(amount) AS sold, window_end", "o.window_end = r.window_end");
            assertThat(rewrite.changes()).contains("an outer join's unmatched row is emitted once, when the window closes");
        });
        assertThat(onTheHour.decision().verdict().findings()).filteredOn(f -> f.node().startsWith("Join"))
                .singleElement().satisfies(join -> assertThat(join.fix()).startsWith("Join per window, which keeps a"
                        + " window's rows until the watermark passes its end and frees them then: aggregate both sides"
                        + " per window").contains("; or bound the join's state with a TTL"));

        Submission onTheRegion = last(ORDERS, refunds, sides + "o.region = r.region");
        assertThat(of(onTheRegion, WindowJoinCondition.ID)).isEmpty();
    }

    @Test
    void windowAggregateOfEachSideOfASelfJoinOfTwoAggregationsOfOneTableWindowsItsOwnSide() {
        // Case 1104's shape: only the join's side tells the two aggregations apart.
        Submission last = last(ORDERS, "SELECT s.hr, s.region, s.sold, c.placed FROM (SELECT FLOOR(order_time TO HOUR)"
                + " AS hr, region, SUM(amount) AS sold FROM orders GROUP BY FLOOR(order_time TO HOUR), region) AS s JOIN"
                + " (SELECT FLOOR(order_time TO HOUR) AS hr, region, COUNT(*) AS placed FROM orders"
                + " GROUP BY FLOOR(order_time TO HOUR), region) AS c ON s.hr = c.hr AND s.region = c.region");

        List<Rewrite> rewrites = of(last, WindowAggregate.ID);
        assertThat(rewrites).hasSize(2).extracting(Rewrite::findingNode).doesNotHaveDuplicates();
        assertThat(rewrites).extracting(Rewrite::statement)
                .anySatisfy(s -> assertThat(s).containsOnlyOnce("TUMBLE(").contains("SUM(amount) AS sold FROM TABLE(TUMBLE("))
                .anySatisfy(s -> assertThat(s).containsOnlyOnce("TUMBLE(").contains("COUNT(*) AS placed FROM TABLE(TUMBLE("));
    }

    @Test
    void windowAggregateUnderAnAggregationByADaySaysItKeepsAnEntryPerDay() {
        // Case 1017's shape: the MAX above is keyed by CAST(window_start AS DATE) AS sale_day once rewritten.
        Submission last = last(ORDERS, "SELECT sale_day, MAX(total) AS best_total FROM (SELECT CAST(order_time AS DATE)"
                + " AS sale_day, region, SUM(amount) AS total FROM orders GROUP BY CAST(order_time AS DATE), region)"
                + " GROUP BY sale_day");

        assertThat(of(last, WindowAggregate.ID)).singleElement().satisfies(rewrite -> assertThat(rewrite.changes())
                .contains("which no window's end frees: sale_day is the day of window_start (CAST(window_start AS"
                        + " DATE)), so it adds an entry per day and frees none, with no TTL")
                .doesNotContain("one entry per value"));
    }

    @Test
    void windowAggregateUnderAFilterAloneIsOfferedCumulateFirstWithNoSet() {
        Submission last = last(ORDERS, "SELECT hr, region, total FROM (SELECT FLOOR(order_time TO HOUR) AS hr, region,"
                + " SUM(amount) AS total FROM orders GROUP BY FLOOR(order_time TO HOUR), region) WHERE total > 100");

        List<Rewrite> rewrites = of(last, WindowAggregate.ID);
        assertThat(rewrites).extracting(Rewrite::statement)
                .satisfiesExactly(s -> assertThat(s).contains("CUMULATE("), s -> assertThat(s).contains("TUMBLE("));
        assertThat(rewrites).allSatisfy(r -> assertThat(r.sql()).doesNotContain("SET "));
    }

    @Test
    void windowGroupOverAViewRenamingWindowTimeRedefinesTheViewToSelectTheBounds() {
        Submission last = last(ORDERS,
                "CREATE TEMPORARY VIEW windowed AS\nSELECT window_time AS wt, region, amount\n"
                        + "FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTE))",
                "SELECT wt, region, SUM(amount) AS total\nFROM windowed\nGROUP BY wt, region");

        Rewrite rewrite = of(last, WindowGroup.ID).get(0);
        assertThat(rewrite.sql()).isEqualTo("DROP TEMPORARY VIEW windowed;\nCREATE TEMPORARY VIEW windowed AS\n"
                + "SELECT window_start, window_end, window_time AS wt, region, amount\n"
                + "FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '10' MINUTE));\n"
                + "SELECT wt, region, SUM(amount) AS total\nFROM windowed\nGROUP BY window_start, window_end, wt, region;");
        assertThat(rewrite.operators()).contains("GlobalWindowAggregate").doesNotContain("GroupAggregate");
        assertThat(rewrite.changes()).contains("the view windowed is redefined");
    }
}
