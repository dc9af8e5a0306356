package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.sqlguard.testing.JavaProcess;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The repository's {@code .pre-commit-hooks.yaml} run for real by the {@code pre-commit} tool
 * ({@code pre-commit try-repo}) in a scratch git repository. The hooks reach this build through
 * {@code SQL_GUARD_HOME} (the {@code sql-guard-lint} hook) or {@code PATH} (the {@code
 * sql-guard-lint-system} hook), where a {@code bin/sql-guard.sh} runs the test classpath, so the test
 * never starts Maven inside Maven. Skipped where {@code pre-commit} or {@code git} is not installed.
 */
class PreCommitHookIT {

    private static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();

    @TempDir Path dir;
    private Path repo;
    private Path home;

    @BeforeEach
    void scratchRepositoryAndALauncherOfThisBuild() throws Exception {
        assumeTrue(onPath("pre-commit") && onPath("git"), "pre-commit and git are needed");
        repo = Files.createDirectories(dir.resolve("jobs-repo"));
        run(repo, Map.of(), "git", "init", "-q");
        home = Files.createDirectories(dir.resolve("sql-guard/bin")).getParent();
        // Lint's JVM as its fast start runs it (cli.FastStart#FLAGS): C1 only (JavaProcess's children) and Serial GC.
        String flags = String.join(" ", JavaProcess.inheritedFlags()) + " -XX:+UseSerialGC";
        Path launcher = home.resolve("bin/sql-guard.sh");
        Files.writeString(launcher, "#!/usr/bin/env bash\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java")
                + "' " + flags + " -cp '" + System.getProperty("java.class.path")
                + "' io.github.sqlguard.cli.SqlGuardCommand \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void failsACommitWithABlockingStatementAndPassesACleanOne() throws Exception {
        Files.copy(Path.of("src/test/resources/fixture-repo/jobs/clean.sql"), repo.resolve("clean.sql"));
        Files.writeString(repo.resolve("top.sql"), """
                CREATE TABLE orders (user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen');
                SELECT * FROM (
                  SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn FROM orders
                ) WHERE rn <= 3;
                """);
        Files.writeString(repo.resolve("notes.txt"), "not SQL: the hook must not see it\n");
        run(repo, Map.of(), "git", "add", "-A");
        Map<String, String> env = Map.of("SQL_GUARD_HOME", home.toString());

        Result blocked = tryRepo("sql-guard-lint", env, "top.sql", "notes.txt");
        assertThat(blocked.exit()).as(blocked.output()).isEqualTo(1);
        assertThat(blocked.output()).contains("Flink SQL Guard lint").contains("Failed")
                .contains("top.sql:2:1: BLOCK unbounded-rank").doesNotContain("notes.txt");

        Result clean = tryRepo("sql-guard-lint", env, "clean.sql");
        assertThat(clean.exit()).as(clean.output()).isEqualTo(0);
        assertThat(clean.output()).contains("Passed");

        // The system hook runs the sql-guard.sh found on PATH.
        Result system = tryRepo("sql-guard-lint-system",
                Map.of("PATH", home.resolve("bin") + ":" + System.getenv("PATH")), "top.sql");
        assertThat(system.exit()).as(system.output()).isEqualTo(1);
        assertThat(system.output()).contains("BLOCK unbounded-rank");
    }

    @Test
    void failsACommitThatCouldNotBeAnalysedWithExitCode3AndNoBlock() throws Exception {
        Files.writeString(repo.resolve("kafka.sql"), """
                CREATE TABLE clicks (user_id STRING, url STRING) WITH ('connector' = 'kafka', 'topic' = 'clicks',
                  'properties.bootstrap.servers' = 'kafka:9092', 'format' = 'json');
                SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id;
                """);
        run(repo, Map.of(), "git", "add", "-A");

        Result result = tryRepo("sql-guard-lint", Map.of("SQL_GUARD_HOME", home.toString()), "kafka.sql");

        assertThat(result.exit()).as(result.output()).isEqualTo(1);
        assertThat(result.output()).contains("exit code: 3").contains("UNANALYSED missing-dependency")
                .doesNotContain("BLOCK");
    }

    private Result tryRepo(String hook, Map<String, String> env, String... files) throws Exception {
        List<String> command = new ArrayList<>(List.of("pre-commit", "try-repo", PROJECT.toString(), hook, "--files"));
        command.addAll(List.of(files));
        return run(repo, env, command.toArray(String[]::new));
    }

    private record Result(int exit, String output) {}

    private Result run(Path cwd, Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
        builder.environment().put("PRE_COMMIT_HOME", dir.resolve("pre-commit-home").toString());
        builder.environment().put("GIT_AUTHOR_NAME", "t");
        builder.environment().put("GIT_AUTHOR_EMAIL", "t@example.com");
        builder.environment().put("GIT_COMMITTER_NAME", "t");
        builder.environment().put("GIT_COMMITTER_EMAIL", "t@example.com");
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " did not end: " + output);
        }
        return new Result(process.exitValue(), output);
    }

    private static boolean onPath(String tool) {
        for (String entry : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(entry, tool))) {
                return true;
            }
        }
        return false;
    }
}
