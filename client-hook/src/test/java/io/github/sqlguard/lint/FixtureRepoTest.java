package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.cli.SqlGuardCommand;
import io.github.sqlguard.flink.SqlClientLine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code lint} over a repository of real-looking jobs (src/test/resources/fixture-repo: Kafka,
 * upsert-kafka, a Debezium CDC topic, a view chain, init scripts with a catalog and a UDF from a
 * jar), with and without the real {@code flink-sql-connector-kafka} jar from Maven Central.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FixtureRepoTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Path dir;
    private Path repo;
    private Path kafkaJar;

    @BeforeAll
    void copyTheRepositoryAndBuildItsUdfJar(@TempDir Path tmp) throws Exception {
        dir = tmp;
        repo = dir.resolve("repo");
        Path fixture = Path.of("src/test/resources/fixture-repo");
        try (Stream<Path> files = Files.walk(fixture)) {
            for (Path from : files.toList()) {
                Path to = repo.resolve(fixture.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to);
                }
            }
        }
        Path lib = Files.createDirectories(repo.resolve("lib"));
        Files.move(UdfJar.build(dir), lib.resolve("udfs.jar"));
        kafkaJar = Path.of(System.getProperty("sql-guard.kafka.jar",
                "target/connector-jars/flink-sql-connector-kafka-5.0.0-2.2.jar"));
        assertThat(kafkaJar).as("copied by maven-dependency-plugin at process-test-resources").isRegularFile();
    }

    @Test
    void givesTheRealVerdictsWithTheKafkaConnectorJar() throws Exception {
        Path out = dir.resolve("with-jar.json");

        int exit = SqlGuardCommand.execute("lint", "-q", "--project", repo.resolve(ProjectFile.NAME).toString(),
                "--jar", kafkaJar.toString(), "--format", "json", "-o", out.toString());

        assertThat(exit).isEqualTo(LintCommand.FINDINGS);
        Map<String, String> last = lastVerdicts(out);
        assertThat(last).containsOnlyKeys("init/catalog.sql", "init/tables.sql", "jobs/clean.sql",
                "jobs/customer_orders.sql", "jobs/latest_big_order.sql", "jobs/paid_per_order.sql", "jobs/top_spenders.sql");
        assertThat(last).containsEntry("jobs/top_spenders.sql", "BLOCK unbounded-rank")
                .containsEntry("jobs/customer_orders.sql", FixtureVerdicts.CUSTOMER_ORDERS)
                // through two views, the ROW_NUMBER by event time is a Deduplicate
                .containsEntry("jobs/latest_big_order.sql", "INFO stateful-without-ttl")
                .containsEntry("jobs/paid_per_order.sql", "OK")
                .containsEntry("jobs/clean.sql", "OK")
                .containsEntry("init/catalog.sql", "OK")
                .containsEntry("init/tables.sql", "OK");
        assertThat(Files.readString(out)).doesNotContain(MissingDependency.ID).doesNotContain("planner-error")
                .doesNotContain("drafts/wip.sql");
    }

    @Test
    void reportsWhatIsMissingWithoutTheJarAndNeverBlocks() throws Exception {
        Path out = dir.resolve("without-jar.json");
        Path text = dir.resolve("without-jar.txt");

        int exit = SqlGuardCommand.execute("lint", "-q", "--project", repo.resolve(ProjectFile.NAME).toString(),
                "--format", "json", "-o", out.toString());
        SqlGuardCommand.execute("lint", "-q", "--project", repo.resolve(ProjectFile.NAME).toString(), "-o",
                text.toString());

        assertThat(exit).isEqualTo(LintCommand.INCOMPLETE);
        Map<String, String> last = lastVerdicts(out);
        assertThat(last).containsEntry("jobs/top_spenders.sql", "UNANALYSED missing-dependency")
                .containsEntry("jobs/customer_orders.sql", "UNANALYSED missing-dependency")
                .containsEntry("jobs/latest_big_order.sql", "UNANALYSED missing-dependency")
                .containsEntry("jobs/paid_per_order.sql", "UNANALYSED missing-dependency")
                .containsEntry("jobs/clean.sql", "OK");
        for (JsonNode s : JSON.readTree(out.toFile())) {
            assertThat(s.path("verdict").asText()).as("%s:%d", s.path("file"), s.path("line").asInt()).isNotEqualTo("BLOCK");
        }
        assertThat(Files.readString(text))
                .contains("top_spenders.sql:2:1: UNANALYSED missing-dependency: Analysis could not run: no connector"
                        + " 'kafka' is in lint's environment")
                .contains("fix: Give lint the connector's jar with --jar FILE (or --classpath DIR); it is"
                        + " " + SqlClientLine.current().wellKnownJars().get("kafka") + " on Maven Central.")
                // the second view is built on the first, which could not be created
                .contains("latest_big_order.sql:5:1: UNANALYSED missing-dependency: Analysis could not run: this"
                        + " statement uses what an earlier statement")
                .contains("0 blocking").contains("not analysed (missing-dependency)");
    }

    @Test
    void plansTheInitScriptsUdfFromItsJarAndReportsItMissingWithout() throws Exception {
        Path out = dir.resolve("udf.txt");
        String job = repo.resolve("jobs/customer_orders.sql").toString();

        int exit = SqlGuardCommand.execute("lint", "-q", "--project", repo.resolve(ProjectFile.NAME).toString(),
                "--jar", kafkaJar.toString(), "-o", out.toString(), job);
        String withUdf = Files.readString(out);
        // The same init scripts and job without the project's lib/udfs.jar.
        int exitWithout = SqlGuardCommand.execute("lint", "-q", "--no-project", "--jar", kafkaJar.toString(),
                "-i", repo.resolve("init/catalog.sql").toString(), "-i", repo.resolve("init/tables.sql").toString(),
                "-o", out.toString(), job);
        String withoutUdf = Files.readString(out);

        assertThat(exit).as(withUdf).isEqualTo(LintCommand.OK);
        assertThat(withUdf).contains("WARN stateful-without-ttl").doesNotContain(MissingDependency.ID);
        assertThat(exitWithout).as(withoutUdf).isEqualTo(LintCommand.INCOMPLETE);
        assertThat(withoutUdf).contains("customer_orders.sql:2:1: UNANALYSED missing-dependency: Analysis could not run:"
                + " the class " + UdfJar.CLASS + " is not in lint's environment").contains("0 blocking");
    }

    /** The verdict and rule ids of the last statement of each file, by path relative to the repository. */
    private Map<String, String> lastVerdicts(Path report) throws Exception {
        Map<String, String> last = new LinkedHashMap<>();
        for (JsonNode s : JSON.readTree(report.toFile())) {
            StringBuilder v = new StringBuilder(s.path("verdict").asText());
            for (JsonNode f : s.path("findings")) {
                v.append(' ').append(f.path("rule").asText());
            }
            String file = repo.toAbsolutePath().relativize(Path.of(s.path("file").asText()).toAbsolutePath()).toString();
            last.put(file, v.toString());
        }
        return last;
    }
}
