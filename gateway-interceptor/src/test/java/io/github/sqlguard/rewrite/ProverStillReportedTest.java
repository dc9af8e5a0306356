package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.rewrite.Candidate.Columns;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.testing.RuleTestKit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link Prover#stillReported}: a rewrite's plan keeps the finding it answers where it keeps the finding's operator, told
 * from the others by its identity in both plans ({@link OperatorIdentity}), not by its printed line. Two aggregations per
 * hour and region under a join on both print alike ({@code GroupAggregate(groupBy=[hr, region])}), and the join's keys
 * print otherwise once one side is a window aggregation (case 1102), through Flink's real planner.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ProverStillReportedTest {

    private static final String ORDERS = "CREATE TABLE orders (region STRING, amount DOUBLE, order_time TIMESTAMP(3),"
            + " WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')";

    private static final String REFUNDS = "CREATE TABLE refunds (region STRING, refund DOUBLE, refunded_at TIMESTAMP(3),"
            + " WATERMARK FOR refunded_at AS refunded_at - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')";

    private static final String HOURLY_ORDERS = "SELECT FLOOR(order_time TO HOUR) AS hr, region, SUM(amount) AS sold"
            + " FROM orders GROUP BY FLOOR(order_time TO HOUR), region";

    private static final String HOURLY_REFUNDS = "SELECT FLOOR(refunded_at TO HOUR) AS hr, region, SUM(refund) AS refunded"
            + " FROM refunds GROUP BY FLOOR(refunded_at TO HOUR), region";

    private static final String WINDOWED_ORDERS = "SELECT window_start AS hr, region, SUM(amount) AS sold"
            + " FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))"
            + " GROUP BY window_start, window_end, region";

    private static final String WINDOWED_REFUNDS = "SELECT window_start AS hr, region, SUM(refund) AS refunded"
            + " FROM TABLE(TUMBLE(TABLE refunds, DESCRIPTOR(refunded_at), INTERVAL '1' HOUR))"
            + " GROUP BY window_start, window_end, region";

    private RuleTestKit kit;

    private Decision original;

    @BeforeAll
    void plan() {
        kit = RuleTestKit.streaming().apply(ORDERS).apply(REFUNDS);
        original = kit.decide(joined(HOURLY_ORDERS, HOURLY_REFUNDS));
    }

    private static String joined(String left, String right) {
        return "SELECT o.hr, o.region, o.sold, r.refunded FROM (" + left + ") AS o LEFT JOIN (" + right
                + ") AS r ON o.hr = r.hr AND o.region = r.region";
    }

    @Test
    void theOtherAggregationPrintedAlikeAndTheJoinPrintedOtherwiseAreNotTheFindingsOwn() {
        Finding orders = aggregationOf(original, "orders");
        Decision rewritten = kit.decide(joined(WINDOWED_ORDERS, HOURLY_REFUNDS));

        // What the printed lines could not tell: the aggregation left prints as the finding's, the join does not print
        // as it did.
        assertThat(findings(rewritten)).extracting(f -> f.node().replaceAll("\\[\\d+]", ""))
                .contains(orders.node().replaceAll("\\[\\d+]", ""))
                .doesNotContain(joinOf(original).node().replaceAll("\\[\\d+]", ""));
        assertThat(Prover.stillReported(candidate(orders), findings(rewritten), rewritten.plan(), findings(original),
                original.plan())).isEmpty();
    }

    @Test
    void theFindingsOwnAggregationLeftByARewriteOfTheOtherSideIsStillReported() {
        Finding orders = aggregationOf(original, "orders");
        Decision rewritten = kit.decide(joined(HOURLY_ORDERS, WINDOWED_REFUNDS));

        Optional<Finding> still = Prover.stillReported(candidate(orders), findings(rewritten), rewritten.plan(),
                findings(original), original.plan());

        assertThat(still).hasValueSatisfying(f -> assertThat(tablesRead(rewritten.plan(), f)).containsExactly("orders"));
    }

    @Test
    void aSelfJoinsTwoAggregationsOfOneTableAreToldApartByTheirSide() {
        String counts = "SELECT FLOOR(order_time TO HOUR) AS hr, region, COUNT(*) AS refunded FROM orders"
                + " GROUP BY FLOOR(order_time TO HOUR), region";
        String windowedCounts = "SELECT window_start AS hr, region, COUNT(*) AS refunded"
                + " FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))"
                + " GROUP BY window_start, window_end, region";
        Decision self = kit.decide(joined(HOURLY_ORDERS, counts));
        List<Finding> aggregations = findings(self).stream().filter(f -> f.node().startsWith("GroupAggregate")).toList();
        assertThat(aggregations).hasSize(2);
        Finding left = aggregations.stream().filter(f -> sides(self.plan(), f).equals(List.of(0))).findFirst().orElseThrow();
        Finding right = aggregations.stream().filter(f -> sides(self.plan(), f).equals(List.of(1))).findFirst().orElseThrow();

        Decision rightWindowed = kit.decide(joined(HOURLY_ORDERS, windowedCounts));
        Decision leftWindowed = kit.decide(joined(WINDOWED_ORDERS, counts));

        assertThat(Prover.stillReported(candidate(right, self), findings(rightWindowed), rightWindowed.plan(),
                findings(self), self.plan())).isEmpty();
        assertThat(Prover.stillReported(candidate(right, self), findings(leftWindowed), leftWindowed.plan(),
                findings(self), self.plan())).isPresent();
        assertThat(Prover.stillReported(candidate(left, self), findings(leftWindowed), leftWindowed.plan(),
                findings(self), self.plan())).isEmpty();
    }

    private Candidate candidate(Finding finding) {
        return candidate(finding, original);
    }

    private static Candidate candidate(Finding finding, Decision of) {
        return new Candidate(WindowAggregate.ID, AnsweredFinding.of(finding, of.plan()), List.of(), "SELECT 1", "SELECT 1",
                Map.of(), List.of(), Intent.PLANS, Columns.SAME, "", "", Optional.empty());
    }

    private static List<Finding> findings(Decision decision) {
        return decision.verdict().findings().stream().filter(f -> f.ruleId().equals(StatefulWithoutTtlRule.ID)).toList();
    }

    private static Finding joinOf(Decision decision) {
        return findings(decision).stream().filter(f -> f.node().startsWith("Join")).findFirst().orElseThrow();
    }

    private static Finding aggregationOf(Decision decision, String table) {
        return findings(decision).stream()
                .filter(f -> f.node().startsWith("GroupAggregate") && tablesRead(decision.plan(), f).equals(List.of(table)))
                .findFirst().orElseThrow();
    }

    private static List<String> tablesRead(Optional<ExplainedPlan> plan, Finding finding) {
        ExplainedPlan p = plan.orElseThrow();
        return p.tablesRead(p.node(finding.planNode().orElseThrow()).orElseThrow()).stream()
                .map(t -> t.getObjectName()).toList();
    }

    private static List<Integer> sides(Optional<ExplainedPlan> plan, Finding finding) {
        return OperatorIdentity.of(plan.orElseThrow(), finding.planNode().orElseThrow()).orElseThrow().sides();
    }
}
