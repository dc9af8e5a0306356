package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** {@code sql-guard.yaml}: found upward, read, and strict about keys it does not know. */
class ProjectFileTest {

    @Test
    void isFoundFromADirectoryBelowTheProjectAndResolvesPathsAgainstIt(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(ProjectFile.NAME), """
                include: ["jobs/**.sql"]
                exclude: jobs/scratch/**
                init: [init/catalogs.sql]
                jars: [lib/kafka.jar]
                classpath: [lib/udfs/]
                sql-guard.max-top-n: 100
                sql-guard:
                  rules:
                    large-top-n:
                      level: BLOCK
                table.exec.state.ttl: 1 d
                """);
        Path below = Files.createDirectories(dir.resolve("jobs/daily"));

        ProjectFile project = ProjectFile.find(below).orElseThrow();

        assertThat(project.root()).isEqualTo(dir.toAbsolutePath());
        assertThat(project.include()).containsExactly("jobs/**.sql");
        assertThat(project.exclude()).containsExactly("jobs/scratch/**");
        assertThat(project.init()).containsExactly(dir.toAbsolutePath().resolve("init/catalogs.sql"));
        assertThat(project.jars()).containsExactly(dir.toAbsolutePath().resolve("lib/kafka.jar"));
        assertThat(project.classpath()).containsExactly(dir.toAbsolutePath().resolve("lib/udfs"));
        assertThat(project.options()).isEqualTo(Map.of(
                "sql-guard.max-top-n", "100",
                "sql-guard.rules.large-top-n.level", "BLOCK",
                "table.exec.state.ttl", "1 d"));
    }

    @Test
    void isNotFoundWhereNoDirectoryAboveHasOne(@TempDir Path dir) {
        // A temporary directory's ancestors (/tmp, /) hold no sql-guard.yaml on a build machine.
        assertThat(ProjectFile.find(dir)).isEmpty();
    }

    @Test
    void refusesAKeyItDoesNotKnowNamingIt(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve(ProjectFile.NAME), "exlude: [a/**]\n");

        assertThatThrownBy(() -> ProjectFile.load(file))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown key 'exlude'")
                .hasMessageContaining("[classpath, exclude, include, init, jars, stand-in-connectors]");
    }

    @Test
    void readsStandInConnectorsAsABooleanAndNothingElse(@TempDir Path dir) throws Exception {
        Path on = Files.writeString(dir.resolve(ProjectFile.NAME), "stand-in-connectors: true\n");
        assertThat(ProjectFile.load(on).standInConnectors()).contains(true);
        Path unsaid = Files.writeString(dir.resolve(ProjectFile.NAME), "include: [a.sql]\n");
        assertThat(ProjectFile.load(unsaid).standInConnectors()).isEmpty();
        Path wrong = Files.writeString(dir.resolve(ProjectFile.NAME), "stand-in-connectors: kafka\n");

        assertThatThrownBy(() -> ProjectFile.load(wrong))
                .hasMessageContaining("'stand-in-connectors' must be true or false, not 'kafka'");
    }

    @Test
    void refusesYamlThatIsNotAMapping(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve(ProjectFile.NAME), "- a\n- b\n");

        assertThatThrownBy(() -> ProjectFile.load(file)).hasMessageContaining("expected a mapping");
    }

    @Test
    void selectsScriptsByIncludeAndExcludeGlobsRelativeToTheRoot(@TempDir Path dir) {
        ScriptFilter filter = new ScriptFilter(dir, java.util.List.of("jobs/**.sql", "**/init.sql"),
                java.util.List.of("jobs/scratch/**"));

        assertThat(filter.accepts(dir, dir.resolve("jobs/a.sql"))).isTrue();
        assertThat(filter.accepts(dir, dir.resolve("jobs/daily/b.sql"))).isTrue();
        assertThat(filter.accepts(dir, dir.resolve("jobs/scratch/c.sql"))).isFalse();
        assertThat(filter.accepts(dir, dir.resolve("other/d.sql"))).isFalse();
        assertThat(filter.accepts(dir, dir.resolve("init.sql"))).isTrue();
        assertThat(ScriptFilter.ALL_SQL.accepts(dir, dir.resolve("x/y.sql"))).isTrue();
        assertThat(ScriptFilter.ALL_SQL.accepts(dir, dir.resolve("x/y.txt"))).isFalse();
    }
}
