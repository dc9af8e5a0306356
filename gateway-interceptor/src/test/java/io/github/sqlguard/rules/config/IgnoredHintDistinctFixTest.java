package io.github.sqlguard.rules.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.testing.RuleTestKit;

import org.junit.jupiter.api.Test;

/**
 * The fix of a {@code STATE_TTL} hint below {@code sql-guard.min-state-ttl} that Flink ignores ({@link
 * TtlHintIgnoredRule}), through Flink's real planner ({@link RuleTestKit}): the TTL it asks for instead must outlast what
 * the aggregation needs, which for an insert-only {@code COUNT(DISTINCT v)} of a column it does not group by is a value's
 * returns to its key, not the key's activity (Flink 2.3.0 {@code DistinctAggCodeGen} writes a value's entry only when it
 * is new to its key): the reading of stateful-without-ttl's fix, from the same text.
 */
class IgnoredHintDistinctFixTest {

    private static final String PURCHASES =
            "CREATE TABLE purchases (shop STRING, buyer STRING, amount BIGINT) WITH ('connector' = 'datagen')";

    private static String fix(String query) {
        Decision decision = RuleTestKit.streaming().apply(PURCHASES).decide(query);
        return decision.verdict().findings().stream().filter(f -> f.ruleId().equals(TtlHintIgnoredRule.ID))
                .map(Finding::fix).findFirst().orElseThrow();
    }

    @Test
    void distinctCountUnderAProjectingSubqueryIsToldAValueIsCountedAgainWhileItsKeyIsActive() {
        String fix = fix("SELECT shop, COUNT(DISTINCT buyer) AS buyers FROM ("
                + " SELECT /*+ STATE_TTL('purchases' = '30 s') */ shop, buyer FROM purchases WHERE amount > 0)"
                + " GROUP BY shop");

        assertThat(fix).contains("a TTL of at least 1 min, longer than a value of COUNT(DISTINCT buyer) keeps coming back"
                        + " to its key (shop), or only where a value counted again is acceptable")
                .contains("even while the key stays active")
                .doesNotContain("longer than a key stays active");
    }

    @Test
    void sumUnderAProjectingSubqueryIsToldToOutlastTheKeysActivity() {
        String fix = fix("SELECT shop, SUM(amount) AS spent FROM ("
                + " SELECT /*+ STATE_TTL('purchases' = '30 s') */ shop, amount FROM purchases WHERE amount > 0)"
                + " GROUP BY shop");

        assertThat(fix).endsWith("a TTL of at least 1 min, longer than a key stays active.");
    }
}
