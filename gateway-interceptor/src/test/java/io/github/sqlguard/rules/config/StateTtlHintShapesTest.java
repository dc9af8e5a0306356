package io.github.sqlguard.rules.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.testing.RuleTestKit;

import org.junit.jupiter.api.Test;

/**
 * {@code STATE_TTL} hints of shapes Flink's own planner tests use, through Flink's real planner
 * ({@link RuleTestKit}): a hint Flink refuses with an {@code Error}, a hint naming the wrong input of
 * a block over a joining subquery, and a hint superseded by another on the same block.
 */
class StateTtlHintShapesTest {

    private static final String ORDERS =
            "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE, order_time TIMESTAMP(3))"
                    + " WITH ('connector' = 'datagen')";
    private static final String USERS =
            "CREATE TABLE users (user_id STRING, name STRING) WITH ('connector' = 'datagen')";

    private static RuleTestKit session() {
        return RuleTestKit.streaming().apply(ORDERS).apply(USERS).apply("SET 'table.exec.state.ttl' = '1 d'");
    }

    @Test
    void hintWithoutOptionsIsAPlannerRejectionWithFlinksMessageNotUnanalysed() {
        // Flink's FlinkHintStrategies refuses it through Calcite's Litmus.THROW: an AssertionError.
        Decision decision = session().decide("SELECT /*+ STATE_TTL() */ user_id, SUM(amount) FROM orders GROUP BY user_id");

        assertThat(decision.unanalysedReason()).isEmpty();
        assertThat(decision.verdictLabel()).isEqualTo("BLOCK");
        assertThat(decision.flinkError()).get().isInstanceOf(AssertionError.class);
        assertThat(decision.verdict().findings()).extracting(Finding::ruleId).containsExactly("planner-error");
        assertThat(decision.verdict().findings().get(0).describe())
                .contains("Invalid STATE_TTL hint, expecting at least one key-value options");
    }

    @Test
    void hintOverAJoiningSubqueryNamesTheKeyFlinkCouldNotMatch() {
        Decision decision = session().decide(
                "SELECT /*+ STATE_TTL('t' = '2 d', 'orders' = '3 d') */ t.user_id, COUNT(*) AS n"
                        + " FROM (SELECT o.user_id FROM orders o JOIN users u ON o.user_id = u.user_id) t GROUP BY t.user_id");

        assertThat(decision.verdict().findings()).extracting(Finding::ruleId).contains("ttl-hint-ignored");
        Finding finding = decision.verdict().findings().stream().filter(f -> f.ruleId().equals("ttl-hint-ignored"))
                .findFirst().orElseThrow();
        assertThat(finding.reason()).contains("'orders'").doesNotContain("'t'");
        assertThat(finding.fix()).contains("not 'orders'");
    }

    @Test
    void secondHintForTheSameInputIsSupersededByTheFirstNotCalledAHintWithoutAggregation() {
        Decision decision = session().decide(
                "SELECT /*+ STATE_TTL('orders' = '2 d'), STATE_TTL('orders' = '3 d') */ user_id, SUM(amount)"
                        + " FROM orders GROUP BY user_id");

        assertThat(decision.verdict().findings()).extracting(Finding::ruleId).containsExactly("ttl-hint-ignored");
        Finding finding = decision.verdict().findings().get(0);
        assertThat(finding.reason()).contains("'orders' = '3 d' is superseded")
                .contains("keeps the first hint's TTL").contains("gets '2 d'")
                .doesNotContain("has none").doesNotContain("no regular join");
        assertThat(finding.node()).isEqualTo("STATE_TTL('orders' = '3 d') at line 1");
    }

    @Test
    void keyWrittenTwiceInOneHintSaysTheFirstValueIsSupersededByTheLast() {
        Decision decision = session().decide(
                "SELECT /*+ STATE_TTL('o' = '2 d', 'o' = '3 d') */ o.user_id, u.name FROM orders o JOIN users u"
                        + " ON o.user_id = u.user_id");

        assertThat(decision.verdict().findings()).extracting(Finding::ruleId).contains("ttl-hint-ignored");
        Finding finding = decision.verdict().findings().stream().filter(f -> f.ruleId().equals("ttl-hint-ignored"))
                .findFirst().orElseThrow();
        assertThat(finding.reason()).contains("'o' = '2 d' is superseded").contains("written twice")
                .contains("gets '3 d'");
    }

    @Test
    void twoHintsForDifferentInputsOfAJoinBothApplyAndAreNotReported() {
        Decision decision = session().decide(
                "SELECT /*+ STATE_TTL('o' = '2 d'), STATE_TTL('u' = '3 d') */ o.user_id, u.name FROM orders o JOIN users u"
                        + " ON o.user_id = u.user_id");

        assertThat(decision.verdict().findings()).extracting(Finding::ruleId).doesNotContain("ttl-hint-ignored");
    }

    @Test
    void ignoredHintBelowTheMinimumIsNotProposedAgainForTheJobOrAnotherSelect() {
        Decision decision = session().decide(
                "SELECT user_id, SUM(amount) AS total FROM (SELECT /*+ STATE_TTL('orders' = '30 s') */ user_id, amount"
                        + " FROM orders) GROUP BY user_id");

        Finding finding = decision.verdict().findings().stream().filter(f -> f.ruleId().equals("ttl-hint-ignored"))
                .findFirst().orElseThrow();
        assertThat(finding.fix()).doesNotContain("= '30 s'").contains("below the minimum state TTL (1 min)")
                .contains("at least 1 min");
    }

    @Test
    void ignoredHintOfAUsableTtlIsStillProposedForTheJob() {
        Decision decision = session().decide(
                "SELECT user_id, SUM(amount) AS total FROM (SELECT /*+ STATE_TTL('orders' = '2 d') */ user_id, amount"
                        + " FROM orders) GROUP BY user_id");

        Finding finding = decision.verdict().findings().stream().filter(f -> f.ruleId().equals("ttl-hint-ignored"))
                .findFirst().orElseThrow();
        assertThat(finding.fix()).contains("SET 'table.exec.state.ttl' = '2 d'");
    }
}
