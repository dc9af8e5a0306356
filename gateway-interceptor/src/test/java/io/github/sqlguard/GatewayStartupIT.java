package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.testing.GuardedGateway;

import org.junit.jupiter.api.Test;

import java.util.Map;

/** A wrong guard option stops Flink's real SqlGateway at start-up with a message naming the key. */
class GatewayStartupIT {

    @Test
    void unknownRuleIdStopsStartUp() {
        assertThatThrownBy(() -> GuardedGateway.start(Map.of("sql-guard.rules.unbounded-rnak.level", "BLOCK")).close())
                .rootCause()
                .hasMessageContaining("'sql-guard.rules.unbounded-rnak.level'");
    }

    @Test
    void garbageValueStopsStartUp() {
        assertThatThrownBy(() -> GuardedGateway.start(Map.of("sql-guard.min-state-ttl", "soon")).close())
                .hasStackTraceContaining("'sql-guard.min-state-ttl'");
    }

    @Test
    void aNegativeWaitThresholdStopsStartUp() {
        assertThatThrownBy(() -> GuardedGateway.start(Map.of("sql-guard.fetch-results.max-wait", "-1 ms")).close())
                .hasStackTraceContaining("Invalid value '-1 ms' for option 'sql-guard.fetch-results.max-wait': it must"
                        + " not be negative");
    }
}
