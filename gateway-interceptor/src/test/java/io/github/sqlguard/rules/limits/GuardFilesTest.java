package io.github.sqlguard.rules.limits;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptionsInternal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The locations where the guard keeps its own files, and a statement's location read as Flink opens it. */
class GuardFilesTest {

    @TempDir Path dir;

    @Test
    void takesItsOwnLocationsFromTheGatewaysConfigurationAndProcess() {
        Configuration config = new Configuration();
        config.set(DeploymentOptionsInternal.CONF_DIR, "/opt/flink/conf");
        config.setString("env.log.dir", "/var/log/flink");
        List<String> own = GuardFiles.ownLocations(
                config,
                Map.of("log.file", "/var/log/gw/flink-sql-gateway.log", "sql-guard.audit.file", "/audit/a.jsonl",
                        "sql-guard.log.dir", "/srv/guard/log", "log4j.configurationFile",
                        "file:/etc/flink/log4j.properties,classpath:x.xml"),
                Map.of("FLINK_CONF_DIR", "/opt/flink/conf"));
        assertThat(own).containsExactly(
                "file:/opt/flink/conf", "file:/var/log/flink", "file:/srv/guard/log", "file:/var/log/gw", "file:/audit",
                "file:/etc/flink");
    }

    @Test
    void theGuardsPlanDirectoryIsOneOfItsOwnLocations() {
        Configuration config = new Configuration();
        config.setString("sql-guard.restore.plan-dir", "/srv/guard/plans");
        assertThat(GuardFiles.ownLocations(config, Map.of(), Map.of())).contains("file:/srv/guard/plans");
        assertThat(GuardFiles.ownLocations(new Configuration(), Map.of("java.io.tmpdir", "/scratch"), Map.of()))
                .contains("file:/scratch/sql-guard-plans");
    }

    @Test
    void coversALocationHoweverAStatementWritesIt() throws Exception {
        Path conf = Files.createDirectories(dir.resolve("conf"));
        GuardFiles guarded = GuardFiles.of(List.of(conf.toString()));
        assertThat(guarded.covers(conf.resolve("config.yaml").toString())).isTrue();
        assertThat(guarded.covers("file://" + conf.resolve("config.yaml"))).isTrue();
        assertThat(guarded.covers("file:" + conf + "/../conf/./config.yaml")).isTrue();
        assertThat(guarded.covers(conf + "x/config.yaml")).isFalse();
        assertThat(guarded.covers(dir.resolve("elsewhere.json").toString())).isFalse();

        // Relative: from the working directory, as Flink's local file system opens it.
        Path relative = Path.of("").toAbsolutePath().relativize(conf.resolve("config.yaml"));
        assertThat(guarded.covers(relative.toString())).isTrue();

        // A symbolic link to the protected directory.
        Path link = Files.createSymbolicLink(dir.resolve("link"), conf);
        assertThat(guarded.covers(link.resolve("config.yaml").toString())).isTrue();
        assertThat(GuardFiles.of(List.of(link.toString())).covers(conf.resolve("config.yaml").toString())).isTrue();
    }

    @Test
    void coversAFileCreatedThroughASymbolicLinkWhoseTargetIsNotThereYet() throws Exception {
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Path user = Files.createDirectories(dir.resolve("user"));
        GuardFiles guarded = GuardFiles.of(List.of(conf.toString()));
        // Creating user/plan.json creates conf/new.json: the file system follows a final link to a missing file.
        Path dangling = Files.createSymbolicLink(user.resolve("plan.json"), conf.resolve("new.json"));
        assertThat(guarded.covers(dangling.toString())).isTrue();
        assertThat(guarded.covers("file://" + dangling)).isTrue();
        // A chain of links, one of them relative, to a missing directory under the protected one.
        Files.createSymbolicLink(user.resolve("second"), Path.of("../conf/sub"));
        Path first = Files.createSymbolicLink(user.resolve("first"), user.resolve("second"));
        assertThat(guarded.covers(first.resolve("x.json").toString())).isTrue();
        // Flink's Path takes '..' off the text before the file system sees it (URI#normalize): user/other.json is opened.
        Files.createDirectories(conf.resolve("inner"));
        Path inner = Files.createSymbolicLink(user.resolve("inner"), conf.resolve("inner"));
        assertThat(guarded.covers(inner + "/../other.json")).isFalse();
        assertThat(guarded.covers(inner + "/other.json")).isTrue();
        assertThat(guarded.covers(user.resolve("plain.json").toString())).isFalse();
        // A loop of links is not followed past Linux's limit, and is compared as written.
        Files.createSymbolicLink(user.resolve("loop-a"), user.resolve("loop-b"));
        Files.createSymbolicLink(user.resolve("loop-b"), user.resolve("loop-a"));
        assertThat(guarded.covers(user.resolve("loop-a").toString())).isFalse();
    }
}
