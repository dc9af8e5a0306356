package io.github.sqlguard.rules.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.testing.RuleTestKit;

import org.junit.jupiter.api.Test;

/**
 * The fix of an aggregation a {@code STATE_TTL} hint pins at {@code '0'} ({@link HintPin#fix}), through Flink's real
 * planner ({@link RuleTestKit}): with a {@code DISTINCT} call over an insert-only input, the TTL it proposes in place of
 * the '0' must outlast a value's returns to its key, not only the key's activity (a TTL expires a distinct value the
 * TTL after it was first counted, even while the key is active: Flink 2.3.0 {@code DistinctAggCodeGen}); without one,
 * the key's activity is what it must outlast.
 */
class PinnedDistinctFixTest {

    private static final String PURCHASES =
            "CREATE TABLE purchases (shop STRING, buyer STRING, amount BIGINT) WITH ('connector' = 'datagen')";

    private static String fix(String query) {
        Decision decision = RuleTestKit.streaming().apply(PURCHASES).decide(query);
        return decision.verdict().findings().stream().filter(f -> f.ruleId().equals(StatefulWithoutTtlRule.ID))
                .map(Finding::fix).findFirst().orElseThrow();
    }

    @Test
    void pinnedDistinctCountIsToldAValueIsCountedAgainWhileItsKeyIsActive() {
        String fix = fix("SELECT /*+ STATE_TTL('purchases' = '0') */ shop, COUNT(DISTINCT buyer) AS buyers"
                + " FROM purchases GROUP BY shop");

        assertThat(fix).startsWith("Give it a TTL longer than a value of COUNT(DISTINCT buyer) keeps coming back to its key"
                        + " (shop), or only where a value counted again is acceptable")
                .contains("even while the key stays active")
                .contains("in place of the '0' of its STATE_TTL hint: STATE_TTL('purchases' = '1 d')")
                .doesNotContain("longer than a key (shop) stays active");
    }

    @Test
    void pinnedSumIsToldToOutlastTheKeysActivity() {
        String fix = fix("SELECT /*+ STATE_TTL('purchases' = '0') */ shop, SUM(amount) AS spent FROM purchases GROUP BY shop");

        assertThat(fix).startsWith("Give it a TTL longer than a key (shop) stays active, in place of the '0'");
    }
}
