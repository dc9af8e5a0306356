package io.github.sqlguard.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.time.Duration;

/** {@link StateTtl#format} on every Flink line, up to the largest TTL Flink accepts; {@link StateTtl#sameAs}. */
class StateTtlTest {

    @Test
    void formatsWithTheHighestExactUnit() {
        assertThat(StateTtl.format(Duration.ofDays(1))).isEqualTo("1 d");
        assertThat(StateTtl.format(Duration.ofMinutes(90))).isEqualTo("90 min");
        assertThat(StateTtl.format(Duration.ofMillis(24))).isEqualTo("24 ms");
    }

    @Test
    void formatsTheLargestTtlThatNanosecondsCannotHold() {
        // Flink 1.20's own formatter overflows here; the value is a valid table.exec.state.ttl.
        assertThat(StateTtl.format(Duration.ofMillis(Long.MAX_VALUE))).isEqualTo("9223372036854775807 ms");
        assertThat(StateTtl.format(Duration.ofDays(365L * 1000))).isEqualTo("365000 d");
        assertThat(StateTtl.whyNeverExpires(Duration.ofMillis(Long.MAX_VALUE), Duration.ofDays(365)))
                .isEqualTo("a TTL of 9223372036854775807 ms is above sql-guard.max-state-ttl (365 d): state never expires in practice");
    }

    @Test
    void theSessionsTtlIsTheSameAsAValueInAnotherUnit() {
        // One comparison for ttl-not-a-table-option's fix and the ttl-as-job-setting rewrite.
        assertThat(StateTtl.sameAs("1 d", "24 h")).isTrue();
        assertThat(StateTtl.sameAs("1 d", "2 d")).isFalse();
        assertThat(StateTtl.sameAs("1 d", "one day")).isFalse();
        assertThat(StateTtl.sameAs("one day", "one day")).isFalse();
    }
}
