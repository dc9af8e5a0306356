package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers run through a symlink to them, as when {@code bin/sql-guard.sh} is linked into a directory on
 * {@code PATH} (the pre-commit hook {@code sql-guard-lint-system} runs {@code sql-guard.sh} from {@code PATH}):
 * they find {@code common.sh} beside the script itself, not beside the link. Neither run starts Java or Maven: the
 * gateway's {@code --help}, and {@code sql-guard.sh} stopping at a {@code SQL_GUARD_CLI_JAR} that does not exist.
 */
class LauncherSymlinkTest {

    private static final Path BIN = Path.of("../bin").toAbsolutePath().normalize();

    @TempDir Path dir;

    @Test
    void theGatewayLauncherLinkedOnThePathPrintsItsHelp() throws Exception {
        Run run = runLinked("sql-guard-gateway.sh", "--help");

        assertThat(run.output()).doesNotContain("common.sh")
                .contains("Starts the guarded Flink SQL Gateway in the foreground");
        assertThat(run.exit()).isZero();
    }

    @Test
    void theCliLauncherLinkedOnThePathReadsItsOwnSettings() throws Exception {
        Run run = runLinked("sql-guard.sh", "--version");

        assertThat(run.output()).doesNotContain("common.sh")
                .contains("SQL_GUARD_CLI_JAR: no such file: " + dir.resolve("absent.jar"));
        assertThat(run.exit()).isEqualTo(1);
    }

    private Run runLinked(String script, String argument) throws Exception {
        Path onPath = Files.createDirectories(dir.resolve("path"));
        Path link = Files.createSymbolicLink(onPath.resolve(script), BIN.resolve(script));
        ProcessBuilder builder = new ProcessBuilder("bash", "-c", script + " " + argument)
                .directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().put("PATH", onPath + ":" + System.getenv("PATH"));
        builder.environment().put("SQL_GUARD_CLI_JAR", dir.resolve("absent.jar").toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        // Removed here: JUnit warns of a link out of its temporary directory when it deletes that directory.
        Files.delete(link);
        return new Run(process.exitValue(), output);
    }

    private record Run(int exit, String output) {}
}
