package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code lint} in the user's environment: jars, init scripts, ADD JAR and the project file. */
class LintEnvironmentTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String TABLE =
            "CREATE TABLE clicks (user_id STRING, url STRING) WITH ('connector' = 'datagen');\n";

    @Test
    void runsInitScriptsFirstInEverySessionAndReportsTheirFindingsOnceAtTheirOwnLines(@TempDir Path dir) throws Exception {
        Path init = Files.writeString(dir.resolve("init.sql"),
                "-- shared set-up\n" + TABLE + "SET 'table.exec.state.ttl' = '3600000';\n");
        Path a = Files.writeString(dir.resolve("a.sql"), "SELECT user_id, COUNT(*) FROM clicks GROUP BY user_id;\n");
        Path b = Files.writeString(dir.resolve("b.sql"), "SELECT url, COUNT(*) FROM clicks GROUP BY url;\n");
        Path out = dir.resolve("report.json");

        int exit = SqlGuardCommand.execute("lint", "-q", "--no-project", "--format", "json", "-o", out.toString(),
                "-i", init.toString(), a.toString(), b.toString());

        assertThat(exit).isEqualTo(LintCommand.OK);
        List<String> rows = rows(out);
        // The bare '3600000' (1 h as meant) is advised once, at init.sql:3:1; the queries plan against the
        // init's table and TTL, so neither is a planner error nor a GroupAggregate without TTL.
        assertThat(rows).containsExactly(
                Linter.display(init) + ":2:1 DDL OK",
                Linter.display(init) + ":3:1 SET INFO ttl-bare-number@3:1",
                Linter.display(a) + ":1:1 QUERY OK",
                Linter.display(b) + ":1:1 QUERY OK");
    }

    @Test
    void honoursAddJarInAScriptAndJarsOnTheCommandLine(@TempDir Path dir) throws Exception {
        Path jar = UdfJar.build(dir);
        String use = "CREATE TEMPORARY FUNCTION shout AS '" + UdfJar.CLASS + "';\n"
                + "SELECT shout(url) FROM clicks;\n";
        Path added = Files.writeString(dir.resolve("added.sql"), TABLE + "ADD JAR '" + jar + "';\n" + use);
        Path plain = Files.writeString(dir.resolve("plain.sql"), TABLE + use);
        Path out = dir.resolve("report.json");

        assertThat(SqlGuardCommand.execute("lint", "-q", "--no-project", "--format", "json", "-o", out.toString(),
                added.toString())).isEqualTo(LintCommand.OK);
        assertThat(rows(out)).allSatisfy(r -> assertThat(r).endsWith(" OK"));

        assertThat(SqlGuardCommand.execute("lint", "-q", "--no-project", "--format", "json", "-o", out.toString(),
                "--jar", jar.toString(), plain.toString())).isEqualTo(LintCommand.OK);
        assertThat(rows(out)).allSatisfy(r -> assertThat(r).endsWith(" OK"));

        assertThat(SqlGuardCommand.execute("lint", "-q", "--no-project", "--classpath", dir.toString(), "-o",
                out.toString(), plain.toString())).isEqualTo(LintCommand.OK);
    }

    @Test
    void refusesAJarThatIsNotThere(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("a.sql"), "SHOW TABLES;\n");

        assertThat(SqlGuardCommand.execute("lint", "-q", "--no-project", "--jar", dir.resolve("nope.jar").toString(),
                script.toString())).isEqualTo(LintCommand.USAGE);
    }

    @Test
    void aJarTheProjectFileNamesButThatIsNotThereIsAConfigurationErrorNamingTheFile(@TempDir Path dir)
            throws Exception {
        Path script = Files.writeString(dir.resolve("a.sql"), "SHOW TABLES;\n");
        Path project = Files.writeString(dir.resolve(ProjectFile.NAME), "jars: [lib/udfs.jar]\n");
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        int exit;
        try {
            exit = SqlGuardCommand.execute("lint", "-q", "--project", project.toString(), script.toString());
        } finally {
            System.setErr(err);
        }

        assertThat(exit).isEqualTo(LintCommand.FAILED);
        assertThat(captured.toString(StandardCharsets.UTF_8))
                .contains(project.toString() + " names a jar lint cannot use")
                .contains("udfs.jar: no such file");
    }

    @Test
    void takesScriptsInitAndOptionsFromTheProjectFileWithFlagsWinning(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("jobs/scratch"));
        Files.createDirectories(dir.resolve("init"));
        Files.writeString(dir.resolve("init/tables.sql"), TABLE);
        Files.writeString(dir.resolve("jobs/top.sql"), """
                SELECT * FROM (
                  SELECT user_id, url, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY url) AS rn FROM clicks
                ) WHERE rn <= 2000;
                """);
        Files.writeString(dir.resolve("jobs/scratch/broken.sql"), "SELEC nonsense;\n");
        Path project = Files.writeString(dir.resolve(ProjectFile.NAME), """
                include: ["jobs/**.sql"]
                exclude: ["jobs/scratch/**"]
                init: [init/tables.sql]
                sql-guard.rules.unbounded-rank.level: "OFF"
                sql-guard.max-top-n: 5000
                """);
        Path out = dir.resolve("report.json");

        int exit = SqlGuardCommand.execute("lint", "-q", "--project", project.toString(), "--format", "json", "-o",
                out.toString());

        assertThat(exit).isEqualTo(LintCommand.OK);
        List<String> rows = rows(out);
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).contains("init/tables.sql:1:1 DDL OK");
        assertThat(rows.get(1)).contains("jobs/top.sql:1:1 QUERY");
        assertThat(rows.get(1)).doesNotContain("large-top-n").doesNotContain("unbounded-rank");

        // -D wins over the file: the threshold back at its default reports the Top-2000.
        SqlGuardCommand.execute("lint", "-q", "--project", project.toString(), "--format", "json", "-o",
                out.toString(), "-D", "sql-guard.max-top-n=1000");
        assertThat(rows(out).get(1)).contains("large-top-n");
    }

    /** {@code file:line:column KIND VERDICT rule@line:column...} per statement of a JSON report. */
    private static List<String> rows(Path report) throws Exception {
        List<String> rows = new ArrayList<>();
        for (JsonNode s : JSON.readTree(report.toFile())) {
            StringBuilder row = new StringBuilder(s.path("file").asText() + ":" + s.path("line").asInt() + ":"
                    + s.path("column").asInt() + " " + s.path("kind").asText() + " " + s.path("verdict").asText());
            for (JsonNode f : s.path("findings")) {
                row.append(' ').append(f.path("rule").asText()).append('@').append(f.path("line").asInt()).append(':')
                        .append(f.path("column").asInt());
            }
            rows.add(row.toString());
        }
        return rows;
    }
}
