package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launchers' first-run build ({@code sql_guard_mvn} in {@code bin/common.sh}) keeps Maven's
 * output aside: nothing of it on success (Maven 3.8's quiet batch mode still writes bare colour
 * resets, {@code ESC[0m}), all of it and Maven's exit status on failure. A stand-in {@code mvn} on
 * the {@code PATH} plays Maven, so the test never starts Maven inside Maven.
 */
class LauncherBuildOutputTest {

    private static final Path COMMON = Path.of("../bin/common.sh").toAbsolutePath().normalize();

    @TempDir Path dir;

    @Test
    void aBuildThatPassesPrintsNothing() throws Exception {
        Run run = build("printf '\\033[0m\\033[0m'; echo '[INFO] built'; exit 0");

        assertThat(run.exit()).isZero();
        assertThat(run.output()).isEqualTo("after\n");
    }

    @Test
    void aBuildThatFailsPrintsMavensOutputAndItsStatus() throws Exception {
        Run run = build("echo '[ERROR] Failed to execute goal'; exit 7");

        assertThat(run.exit()).isEqualTo(7);
        assertThat(run.output()).contains("[ERROR] Failed to execute goal").contains("The build failed (mvn -q -B)")
                .doesNotContain("after");
    }

    @Test
    void saysItDownloadsFlinkOnlyWhereFlinksPlannerIsNotInTheLocalMavenRepository() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));

        assertThat(buildLine(home, "")).isEqualTo("Building Flink SQL Guard (downloads Flink 2.3.0 from Maven Central first)...\n");
        assertThat(buildLine(home, "rebuild"))
                .isEqualTo("Rebuilding Flink SQL Guard (downloads Flink 2.3.0 from Maven Central first)...\n");

        Files.createDirectories(home.resolve(".m2/repository/org/apache/flink/flink-table-planner_2.12/2.3.0"));
        assertThat(buildLine(home, "")).isEqualTo("Building Flink SQL Guard...\n");
        assertThat(buildLine(home, "rebuild"))
                .isEqualTo("Rebuilding Flink SQL Guard (a source file changed since the last build)...\n");
    }

    @Test
    void readsTheLocalRepositoryOfMavensSettings() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        Files.createDirectories(dir.resolve("repo/org/apache/flink/flink-table-planner_2.12/2.3.0"));
        Files.writeString(Files.createDirectories(home.resolve(".m2")).resolve("settings.xml"),
                "<settings>\n  <localRepository>" + dir.resolve("repo") + "</localRepository>\n</settings>\n");

        assertThat(buildLine(home, "rebuild"))
                .isEqualTo("Rebuilding Flink SQL Guard (a source file changed since the last build)...\n");
    }

    /** What {@code sql_guard_build_line} prints for a build against Flink 2.3.0, {@code again} empty or "rebuild". */
    private String buildLine(Path home, String again) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("bash", "-c",
                "source '" + COMMON + "'; sql_guard_build_line 'Flink SQL Guard' 2.3.0 '" + again + "'")
                .redirectErrorStream(true);
        builder.environment().put("HOME", home.toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output;
    }

    private Run build(String mvnBody) throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/usr/bin/env bash\n" + mvnBody + "\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        ProcessBuilder builder = new ProcessBuilder("bash", "-c",
                "source '" + COMMON + "'; sql_guard_mvn -q -B; echo after").redirectErrorStream(true);
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        builder.environment().put("TMPDIR", dir.toString());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).as("the kept output is removed").containsExactly("bin");
        }
        return new Run(process.exitValue(), output);
    }

    private record Run(int exit, String output) {}
}
