package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The second JVM of lint's fast start: its flags, the archive it maps or writes, the options it keeps. */
class FastStartTest {

    private static final Path JAVA = Path.of("/jdk/bin/java");
    private static final Path JAR = Path.of("/opt/guard/flink-sql-guard-cli-0.1.0-flink-2.3.jar");
    private static final Path ARCHIVE = Path.of("/cache/sql-guard/cli.jsa");

    @Test
    void writesTheArchiveOnTheFirstRunAfterTheTrainingScriptAndKeepsTheUsersOptionsLast() {
        List<String> command = FastStart.command(new String[] {"lint", "-q", "jobs"}, JAVA,
                new String[] {"-Xmx1g", "-Dsql-guard.command=bin/sql-guard.sh", "-jar", JAR.toString(), "lint", "-q", "jobs"},
                JAR, ARCHIVE, false, 42).orElseThrow();

        assertThat(command).containsExactly("/jdk/bin/java", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-XX:-UsePerfData", "-Xlog:cds*=off", "-XX:ArchiveClassesAtExit=/cache/sql-guard/cli.jsa.42.tmp",
                "-Dsql-guard.fast-start.training=true", "-Xmx1g", "-Dsql-guard.command=bin/sql-guard.sh",
                "-Dsql-guard.fast-start.started=true", "-jar", JAR.toString(), "lint", "-q", "jobs");
    }

    @Test
    void mapsTheArchiveOnceItExists() {
        List<String> command = FastStart.command(new String[] {"lint", "a.sql"}, JAVA,
                new String[] {"-jar", JAR.toString(), "lint", "a.sql"}, JAR, ARCHIVE, true, 42).orElseThrow();

        assertThat(command).contains("-XX:SharedArchiveFile=/cache/sql-guard/cli.jsa", "-XX:TieredStopAtLevel=1")
                .noneMatch(option -> option.startsWith("-XX:ArchiveClassesAtExit") || option.contains("training"));
    }

    @Test
    void leavesAJvmNotStartedWithDashJarAsItIs() {
        assertThat(FastStart.command(new String[] {"lint", "a.sql"}, JAVA,
                new String[] {"-cp", JAR.toString(), "io.github.sqlguard.cli.SqlGuardCommand", "lint", "a.sql"}, JAR,
                ARCHIVE, true, 42)).isEmpty();
    }

    @Test
    void onlyLintIsStartedAgain() {
        assertThat(FastStart.command(new String[] {"client"})).isEmpty();
        assertThat(FastStart.command(new String[] {"compare", "a.json", "b.json"})).isEmpty();
        assertThat(FastStart.command(new String[0])).isEmpty();
    }

    @Test
    void namesTheArchiveAfterTheJarItsSizeAndTimeAndTheJvm(@TempDir Path dir) throws Exception {
        Path jar = Files.write(dir.resolve("flink-sql-guard-cli-0.1.0-flink-2.3.jar"), new byte[] {1, 2, 3});

        Path archive = FastStart.archive(jar);

        assertThat(archive.getParent()).isEqualTo(FastStart.cacheDirectory());
        assertThat(archive.getFileName().toString())
                .startsWith("flink-sql-guard-cli-0.1.0-flink-2.3-3-" + Files.getLastModifiedTime(jar).toMillis() + "-java")
                .endsWith(".jsa");
    }
}
