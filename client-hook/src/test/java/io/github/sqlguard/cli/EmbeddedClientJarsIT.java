package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.lint.UdfJar;

import org.apache.flink.table.client.cli.TerminalUtils;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code sql-guard.sh client --jar} in embedded mode: the user's jar is in the session, as with sql-client.sh. */
class EmbeddedClientJarsIT {

    @Test
    void runsAUdfFromAJarGivenOnTheCommandLine(@TempDir Path dir) throws Exception {
        Path jar = UdfJar.build(dir);
        Path script = Files.writeString(dir.resolve("udf.sql"),
                "SET 'sql-client.execution.result-mode' = 'tableau';\n"
                        + "CREATE TEMPORARY FUNCTION shout AS '" + UdfJar.CLASS + "';\n"
                        + "SELECT shout('quiet please') AS loud;\n"
                        + "SHOW JARS;\n");
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();

        int exit = new CommandLine(new ClientCommand().withTerminalFactory(() -> TerminalUtils.createDumbTerminal(terminal)))
                .execute("--jar", jar.toString(), "-f", script.toString(), "--history", dir.resolve("history").toString());

        String output = terminal.toString(StandardCharsets.UTF_8);
        assertThat(exit).as(output).isZero();
        assertThat(output).contains("QUIET PLEASE").contains(jar.getFileName().toString()).doesNotContain("[ERROR]");
    }

    @Test
    void refusesJarsForARemoteGatewayAndJarsThatAreNotThere(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("a.sql"), "SHOW TABLES;\n");

        assertThat(new CommandLine(new ClientCommand()).execute("--endpoint", "127.0.0.1:1", "--jar",
                UdfJar.build(dir).toString(), "-f", script.toString())).isEqualTo(2);
        assertThat(new CommandLine(new ClientCommand()).execute("--jar", dir.resolve("nope.jar").toString(), "-f",
                script.toString())).isEqualTo(2);
    }
}
