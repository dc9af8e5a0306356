package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.SqlClient;
import io.github.sqlguard.testing.StandaloneCluster;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The guarded gateway in front of a real standalone Flink cluster: a JobManager and a TaskManager,
 * each its own JVM, the one the restore tests of this JVM share ({@link StandaloneCluster#forRestores}:
 * one cluster start per test JVM, not one per class), and the guarded gateway with {@code
 * execution.target: remote} pointing at the JobManager (the shipped {@code
 * conf/deployments/standalone/config.yaml}, its addresses and ports replaced by the test's), driven
 * by the stock SQL Client in its own JVM. A blocked statement never reaches the cluster; an allowed INSERT runs there as a job and
 * finishes, and the audit log names that job.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StandaloneClusterIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** Two JVMs starting on a loaded 2-core machine: as CrossLineRestoreIT's. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration CLIENT_TIMEOUT = Duration.ofMinutes(3);
    private static final Pattern JOB_ID = Pattern.compile("Job ID: ([0-9a-f]{32})");

    /** A bounded source into a blackhole sink: an allowed INSERT whose job finishes by itself. */
    private static final String BOUNDED_INSERT =
            "CREATE TABLE numbers (id BIGINT, label STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '500');\n"
                    + "CREATE TABLE discard (id BIGINT, label STRING) WITH ('connector' = 'blackhole');\n"
                    + "INSERT INTO discard SELECT id, label FROM numbers;\n";

    private final Path workDir = Path.of("target", "standalone-cluster").toAbsolutePath();
    private StandaloneCluster cluster;
    private GuardedGateway gateway;
    private String instance;

    @RegisterExtension
    final TestWatcher printLogsOnFailure = StandaloneCluster.logsOnFailure(() -> cluster);

    @BeforeAll
    void startClusterAndGateway() throws Exception {
        cluster = StandaloneCluster.forRestores(START_TIMEOUT);
        instance = "standalone-cluster-test-" + cluster.restPort();
        Map<String, String> config = new HashMap<>(DeploymentConfigsTest.load("standalone"));
        // The test gateway's own REST endpoint (free port, loopback) is set by GuardedGateway.
        config.keySet().removeIf(key -> key.startsWith("sql-gateway.endpoint.rest."));
        config.putAll(cluster.clientConfig());
        config.put("sql-guard.instance-id", instance);
        gateway = GuardedGateway.start(config);
    }

    /** The gateway only: the shared cluster stops when the test JVM exits. */
    @AfterAll
    void stopGateway() {
        if (gateway != null) {
            gateway.close();
        }
    }

    @Test
    void blockedTopNNeverReachesTheCluster() throws Exception {
        Set<String> jobsBefore = cluster.jobs().keySet();
        Path script = script("top-n.sql", topNCase());

        String output = SqlClient.runScript(workDir.resolve("client-top-n"), gateway.endpoint(), script, CLIENT_TIMEOUT);

        assertThat(output)
                .contains("[ERROR] Could not execute SQL statement.")
                .contains("[sql-guard] Statement blocked by policy: unbounded-rank");
        List<JsonNode> query =
                records().stream().filter(r -> r.path("kind").asText().equals("QUERY")).toList();
        assertThat(query).extracting(r -> r.path("outcome").asText()).containsExactly("decided", "blocked");
        assertThat(query.get(0).path("decisionId")).isEqualTo(query.get(1).path("decisionId"));
        List<JsonNode> blocked = query.subList(1, 2);
        assertThat(blocked.get(0).path("outcome").asText()).isEqualTo("blocked");
        assertThat(blocked.get(0).path("verdict").asText()).isEqualTo("BLOCK");
        assertThat(records())
                .as("no job record for the blocked operation")
                .noneMatch(r -> r.path("call").asText().equals("jobSubmitted")
                        && r.path("operationHandle").equals(blocked.get(0).path("operationHandle")));
        assertThat(cluster.jobs().keySet()).as("jobs on the cluster").isEqualTo(jobsBefore);
    }

    @Test
    void allowedInsertRunsOnTheClusterAndItsAuditRecordCarriesTheJobId() throws Exception {
        Path script = script("insert.sql", BOUNDED_INSERT);

        String output = SqlClient.runScript(workDir.resolve("client-insert"), gateway.endpoint(), script, CLIENT_TIMEOUT);

        Matcher matcher = JOB_ID.matcher(output);
        assertThat(matcher.find()).as("a job id in the SQL Client output:\n%s", output).isTrue();
        String jobId = matcher.group(1);
        await("job " + jobId + " FINISHED on the cluster")
                .atMost(TIMEOUT)
                // The shared cluster's REST API answers from caches of 100 ms (web.refresh-interval).
                .pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(cluster.jobs()).containsEntry(jobId, "FINISHED"));

        List<JsonNode> inserts =
                records().stream()
                        .filter(r -> r.path("kind").asText().equals("INSERT"))
                        // This INSERT's records only: the class's other tests run INSERTs of their own.
                        .filter(r -> r.path("statement").asText().contains("INSERT INTO discard"))
                        .filter(r -> !r.path("outcome").asText().equals("decided"))
                        .collect(Collectors.toList());
        assertThat(inserts).extracting(r -> r.path("call").asText()).containsExactly("executeStatement", "jobSubmitted");
        JsonNode submitted = inserts.get(0);
        JsonNode job = inserts.get(1);
        assertThat(submitted.path("outcome").asText()).isEqualTo("submitted");
        // The job on the cluster is the compiled plan the guard judged, not a second planning.
        assertThat(submitted.path("execution").asText()).isEqualTo("judged-plan");
        assertThat(submitted.path("verdict").asText()).isEqualTo("OK");
        assertThat(submitted.path("jobId").isNull()).isTrue();
        assertThat(job.path("jobId").asText()).isEqualTo(jobId);
        assertThat(job.path("outcome").asText()).isEqualTo("job-submitted");
        assertThat(job.path("operationHandle").asText()).isEqualTo(submitted.path("operationHandle").asText());
        assertThat(job.path("statementSha256").asText()).isEqualTo(submitted.path("statementSha256").asText());
    }

    /** An unbounded source into a blackhole sink: an allowed INSERT whose job runs until it is stopped. */
    private static final String UNBOUNDED_INSERT =
            "CREATE TABLE ticks (id BIGINT, label STRING) WITH ('connector' = 'datagen', 'rows-per-second' = '5');\n"
                    + "CREATE TABLE dropped (id BIGINT, label STRING) WITH ('connector' = 'blackhole');\n"
                    + "INSERT INTO dropped SELECT id, label FROM ticks;\n";

    /**
     * Round 55's new user (finding 7): a {@code STOP JOB ... WITH SAVEPOINT} was audited as {@code DDL}, with no job
     * and no savepoint. Its records say {@code STOP_JOB}, and its {@code jobStopped} record names the job and the
     * savepoint Flink returned.
     */
    @Test
    void stoppingAJobWithASavepointIsAuditedWithTheJobAndTheSavepoint() throws Exception {
        String started = SqlClient.runScript(
                workDir.resolve("client-unbounded"), gateway.endpoint(), script("unbounded.sql", UNBOUNDED_INSERT), CLIENT_TIMEOUT);
        Matcher matcher = JOB_ID.matcher(started);
        assertThat(matcher.find()).as("a job id in the SQL Client output:\n%s", started).isTrue();
        String jobId = matcher.group(1);
        await("job " + jobId + " RUNNING on the cluster").atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(cluster.jobs()).containsEntry(jobId, "RUNNING"));

        String output = SqlClient.runScript(workDir.resolve("client-stop"), gateway.endpoint(),
                script("stop.sql", "STOP JOB '" + jobId + "' WITH SAVEPOINT;\n"), CLIENT_TIMEOUT);

        await("job " + jobId + " stopped").atMost(TIMEOUT).pollInterval(Duration.ofMillis(100))
                .untilAsserted(() -> assertThat(cluster.jobs()).containsEntry(jobId, "FINISHED"));
        List<JsonNode> stop = records().stream().filter(r -> r.path("statement").asText().contains(jobId)).toList();
        assertThat(stop).extracting(r -> r.path("kind").asText()).containsOnly("STOP_JOB");
        JsonNode stopped = stop.stream().filter(r -> r.path("call").asText().equals("jobStopped")).findFirst()
                .orElseThrow(() -> new AssertionError("no jobStopped record: " + stop));
        assertThat(stopped.path("outcome").asText()).isEqualTo("job-stopped");
        assertThat(stopped.path("jobId").asText()).isEqualTo(jobId);
        String savepoint = stopped.path("savepointPath").asText();
        assertThat(savepoint).as("the savepoint Flink returned").contains("savepoint-");
        assertThat(output).as("the SQL Client shows the same savepoint").contains(savepoint);
        assertThat(stop).filteredOn(r -> !r.path("call").asText().equals("jobStopped"))
                .allSatisfy(r -> assertThat(r.path("savepointPath").isNull()).isTrue());
    }

    /** The Top-N of shared case 03, without its comment lines. */
    private static String topNCase() throws IOException {
        return Files.readString(CaseCorpus.sharedDir().resolve("03-top-n-business-column.sql")).lines()
                .filter(line -> !line.strip().startsWith("--"))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    private Path script(String name, String text) throws IOException {
        Path file = Files.createDirectories(workDir.resolve("scripts")).resolve(name);
        Files.writeString(file, text);
        return file;
    }

    /** Audit records of this class's gateway instance, decision records included. */
    private List<JsonNode> records() throws IOException {
        return AuditFile.allRecords().stream().filter(r -> instance.equals(r.path("instance").asText())).toList();
    }
}
