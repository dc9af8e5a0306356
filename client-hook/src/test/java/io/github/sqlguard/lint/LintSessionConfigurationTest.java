package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.config.TableConfigOptions;
import org.junit.jupiter.api.Test;

import java.util.Map;

/** The configuration lint's sessions start from ({@link LintSessionConfiguration}). */
class LintSessionConfigurationTest {

    @Test
    void turnsFlinksCodeSplittingOffWhereTheUserSetsNoThreshold() {
        Configuration user = Configuration.fromMap(Map.of("table.exec.state.ttl", "1 h"));

        Configuration session = LintSessionConfiguration.of(user);

        assertThat(session.get(TableConfigOptions.MAX_LENGTH_GENERATED_CODE)).isEqualTo(Integer.MAX_VALUE);
        assertThat(session.toMap())
                .containsEntry("table.exec.state.ttl", "1 h")
                .containsEntry("execution.target", "local")
                .containsEntry("execution.attached", "true");
        assertThat(user.contains(TableConfigOptions.MAX_LENGTH_GENERATED_CODE)).isFalse();
    }

    @Test
    void keepsTheUsersCodeSplittingThreshold() {
        Configuration user = Configuration.fromMap(Map.of("table.generated-code.max-length", "4000"));

        assertThat(LintSessionConfiguration.of(user).get(TableConfigOptions.MAX_LENGTH_GENERATED_CODE)).isEqualTo(4000);
    }
}
