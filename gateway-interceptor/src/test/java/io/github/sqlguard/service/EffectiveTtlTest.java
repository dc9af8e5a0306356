package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rules.StateTtl;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The TTL of a configuration is {@link StateTtl#effective}'s, whatever was read before; a value read again is kept. */
class EffectiveTtlTest {

    @Test
    void theSameDurationsAsStateTtlWhateverCameBefore() {
        List<String> values = Arrays.asList("1 h", "1 h", null, "86400000", "bogus", "0", "1 h", "", "2 d", null, null, "2 d");
        for (int round = 0; round < 2; round++) {
            for (String value : values) {
                Map<String, String> config = new HashMap<>();
                config.put("parallelism.default", "1");
                if (value != null) {
                    config.put(StateTtl.KEY, value);
                }
                assertThat(EffectiveTtl.of(config)).as(String.valueOf(value)).isEqualTo(StateTtl.effective(config));
            }
        }
    }

    @Test
    void aValueReadAgainIsNotParsedAgain() {
        Map<String, String> config = Map.of(StateTtl.KEY, "36 h");
        // Flink's parse makes a new Duration each time; the kept one is the same instance.
        assertThat(EffectiveTtl.of(config)).isSameAs(EffectiveTtl.of(config));
    }
}
