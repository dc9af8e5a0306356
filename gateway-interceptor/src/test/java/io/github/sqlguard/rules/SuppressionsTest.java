package io.github.sqlguard.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SuppressionsTest {

    @Test
    void readsRuleIdsOfCommentsThatGiveAReason() {
        assertThat(Suppressions.allowedRuleIds(
                        "-- sql-guard:allow large-top-n leaderboard of 5000 is reviewed\nSELECT 1\n"
                                + "-- sql-guard:allow global-rank one partition is fine here"))
                .containsExactly("large-top-n", "global-rank");
    }

    @Test
    void ignoresCommentsWithoutReasonAndTextInsideLiterals() {
        assertThat(Suppressions.allowedRuleIds("-- sql-guard:allow unbounded-rank\nSELECT 1")).isEmpty();
        assertThat(Suppressions.allowedRuleIds("SELECT '-- sql-guard:allow unbounded-rank because' AS x")).isEmpty();
    }
}
