package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The usage lines name the command as the user started it. */
class SqlGuardCommandNameTest {

    @Test
    void theLauncherNamesItself() {
        assertThat(SqlGuardCommand.commandName("bin/sql-guard.sh", "/opt/guard/flink-sql-guard-cli-0.1.0-flink-2.3.jar"))
                .isEqualTo("bin/sql-guard.sh");
    }

    @Test
    void startedFromTheJarItIsJavaDashJar() {
        assertThat(SqlGuardCommand.commandName(null, "/opt/guard/flink-sql-guard-cli-0.1.0-flink-2.3.jar"))
                .isEqualTo("java -jar flink-sql-guard-cli-0.1.0-flink-2.3.jar");
    }

    @Test
    void fromClassesItIsTheScriptsName() {
        assertThat(SqlGuardCommand.commandName(" ", "/work/client-hook/target/classes/")).isEqualTo("sql-guard.sh");
        assertThat(SqlGuardCommand.commandName(null, null)).isEqualTo("sql-guard.sh");
    }
}
