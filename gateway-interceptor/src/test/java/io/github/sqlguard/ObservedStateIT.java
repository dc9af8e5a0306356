package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.observe.StateWatcher;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.StandaloneCluster;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The observed state on a real standalone cluster (a JobManager and a TaskManager, each its own
 * JVM) with real checkpoints every second, through the guarded gateway with {@code
 * execution.target: remote} and {@code sql-guard.observe.*} on (interval 1 s): an INSERT that
 * groups an unbounded key space without a state TTL is reported as a growing {@code GroupAggregate}
 * and its {@code stateful-without-ttl} finding {@code confirmed}; the same over 100 keys levels and
 * is {@code not-confirmed}; a Top-N whose state TTL is seconds levels, its {@code large-top-n} finding
 * {@code not-confirmed}; a partitioned OVER without a TTL grows and its finding is {@code confirmed}, while a
 * bounded {@code RANGE} OVER over the same keys levels with no finding; a job with no checkpoints is {@code unobservable}; a job cancelled
 * mid-watch gets a {@code job-ended} record and leaves the watch, and the watcher's one thread is
 * idle, then gone when the gateway stops; last, the cluster is stopped under the watched jobs, which
 * are said unreachable once and then no longer watched. One cluster for the class, with a slot per job: every
 * job the tests watch is submitted before the first test ({@link #submitEveryWatchedJob}), so that their
 * observation windows pass at once rather than one after the other; each test then waits for its own jobs' records.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ObservedStateIT {

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    /** Two JVMs starting on a loaded 2-core machine: as CrossLineRestoreIT's. */
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration WITHIN_A_MINUTE = Duration.ofSeconds(60);

    private final Path workDir = Path.of("target", "observed-state").toAbsolutePath();
    private StandaloneCluster cluster;
    private GuardedGateway gateway;
    private String instance;
    private final List<String> jobs = new ArrayList<>();
    /** The job of each test, by name, submitted before the first test. */
    private final Map<String, String> watched = new HashMap<>();
    private boolean clusterStopped;

    @RegisterExtension
    final TestWatcher printLogsOnFailure = StandaloneCluster.logsOnFailure(() -> cluster);

    @BeforeAll
    void startClusterAndGateway() throws Exception {
        cluster = StandaloneCluster.start(workDir, START_TIMEOUT, Map.of("taskmanager.numberOfTaskSlots", "8"));
        instance = "observed-state-test-" + cluster.restPort();
        Map<String, String> config = new HashMap<>(cluster.clientConfig());
        config.put("sql-guard.instance-id", instance);
        config.put("sql-guard.observe.enabled", "true");
        config.put("sql-guard.observe.interval", "1 s");
        config.put("sql-guard.observe.window", "5");
        config.put("sql-guard.observe.request-timeout", "5 s");
        // Only the observed state is under test: no rewrites planned after each WARN.
        config.put("sql-guard.rewrite.enabled", "false");
        // A Top-N whose state expires within the test's minute (a TTL of seconds), warned as large.
        config.put("sql-guard.min-state-ttl", "1 s");
        config.put("sql-guard.max-top-n", "2");
        gateway = GuardedGateway.start(config);
        submitEveryWatchedJob();
    }

    /**
     * The eight jobs the tests watch, one slot each: an INSERT grouping an unbounded key space and one over 100
     * keys, a Top-N under a state TTL of 2 s, a partitioned OVER unbounded and one with a bounded RANGE, a job
     * without checkpoints, the job the tests cancel and the one whose JobManager they stop.
     */
    private void submitEveryWatchedJob() throws Exception {
        watched.put("growing", insert("growing", "1000000000", true));
        watched.put("levelled", insert("levelled", "100", true));

        Map<String, String> properties = checkpointing();
        properties.put("table.exec.state.ttl", "2 s");
        RestSession topN = gateway.openSession(properties);
        run(topN, "CREATE TABLE bids (k BIGINT, price INT) WITH ('connector' = 'datagen', 'rows-per-second' = '1000',"
                + " 'fields.k.min' = '1', 'fields.k.max' = '1000000000')");
        run(topN, "CREATE TABLE out_top_n (k BIGINT, price INT, rn BIGINT) WITH ('connector' = 'blackhole')");
        watched.put("top-n", jobOf(topN, "INSERT INTO out_top_n SELECT * FROM (SELECT k, price, ROW_NUMBER() OVER"
                + " (PARTITION BY k ORDER BY price DESC) AS rn FROM bids) WHERE rn <= 3"));

        RestSession over = gateway.openSession(checkpointing());
        run(over, "CREATE TABLE clicks (k BIGINT, pt AS PROCTIME()) WITH ('connector' = 'datagen',"
                + " 'rows-per-second' = '1000', 'fields.k.min' = '1', 'fields.k.max' = '1000000000')");
        run(over, "CREATE TABLE out_over (k BIGINT, c BIGINT) WITH ('connector' = 'blackhole')");
        watched.put("over-unbounded",
                jobOf(over, "INSERT INTO out_over SELECT k, COUNT(*) OVER (PARTITION BY k ORDER BY pt) FROM clicks"));
        watched.put("over-bounded", jobOf(over, "INSERT INTO out_over SELECT k, COUNT(*) OVER (PARTITION BY k ORDER BY pt"
                + " RANGE BETWEEN INTERVAL '2' SECOND PRECEDING AND CURRENT ROW) FROM clicks"));

        watched.put("no-checkpoints", insert("no-checkpoints", "100", false));
        watched.put("cancelled", insert("cancelled", "1000000000", true));
        watched.put("orphaned", insert("orphaned", "100", true));
    }

    @AfterAll
    void stopGatewayAndCluster() throws Exception {
        try {
            for (String job : clusterStopped ? List.<String>of() : jobs) {
                if ("RUNNING".equals(cluster.jobs().get(job))) {
                    cluster.cancel(job);
                }
            }
            if (gateway != null) {
                gateway.close();
                await("the observed-state thread stops with the gateway")
                        .atMost(Duration.ofSeconds(10))
                        .until(() -> observeThreads().isEmpty());
            }
        } finally {
            if (cluster != null) {
                cluster.close();
            }
        }
    }

    @Test
    void unboundedKeysWithoutTtlAreConfirmedGrowingAndHundredKeysLevelNotConfirmed() throws Exception {
        String growing = watched.get("growing");
        String levelled = watched.get("levelled");

        JsonNode confirmed = awaitRecord(growing, r -> finding(r, "stateful-without-ttl").filter("confirmed"::equals).isPresent());
        JsonNode notConfirmed =
                awaitRecord(levelled, r -> finding(r, "stateful-without-ttl").filter("not-confirmed"::equals).isPresent());

        JsonNode grows = confirmed.path("operators").get(0);
        assertThat(grows.path("operator").asText()).startsWith("GroupAggregate[");
        assertThat(grows.path("trend").asText()).isEqualTo("growing");
        assertThat(grows.path("mappedBy").asText()).isEqualTo("node-id");
        assertThat(grows.path("bytesPerHour").asLong()).isPositive();
        assertThat(grows.path("reachesThresholdInMs").isNumber()).isTrue();
        assertThat(confirmed.path("findings").get(0).path("node").asText()).isEqualTo(grows.path("operator").asText());
        assertThat(confirmed.path("outcome").asText()).isEqualTo("state-observed");
        assertThat(confirmed.path("verdict").asText()).isEqualTo("WARN");
        assertThat(notConfirmed.path("operators").get(0).path("trend").asText()).isEqualTo("levelled");
        JsonNode submitted = jobSubmitted(growing);
        assertThat(confirmed.path("decisionId")).isEqualTo(submitted.path("decisionId"));
        assertThat(confirmed.path("operationHandle")).isEqualTo(submitted.path("operationHandle"));

        GatewayRestClient.Response route = new GatewayRestClient(gateway.port()).getUnversioned("/sql-guard/v1/jobs");
        assertThat(route.ok()).as(route.errors()).isTrue();
        assertThat(route.body().path("observing").asBoolean()).isTrue();
        assertThat(route.body().path("jobs").findValuesAsText("jobId")).contains(growing, levelled);
    }

    @Test
    void aTopNWithAStateTtlLevelsAndItsFindingIsNotConfirmed() throws Exception {
        String job = watched.get("top-n");

        // Every key is new and forgotten 2 s after its last row: the Rank's state stops growing. (The first
        // checkpoints can hold more, before expired keys are cleaned up: shrinking, also not confirmed.)
        JsonNode record;
        try {
            record = awaitRecord(job, r -> r.path("operators").path(0).path("trend").asText().equals("levelled"));
        } finally {
            cluster.cancel(job);
        }

        JsonNode rank = record.path("operators").get(0);
        assertThat(rank.path("operator").asText()).startsWith("Rank[");
        assertThat(rank.path("stateBytes").asLong()).isPositive();
        assertThat(finding(record, "large-top-n")).contains("not-confirmed");
        assertThat(record.path("findings").get(0).path("node").asText()).isEqualTo(rank.path("operator").asText());
        assertThat(record.path("verdict").asText()).isEqualTo("WARN");
        assertThat(record.path("advisories")).as("no growth the guard did not find").isEmpty();
    }

    /**
     * A partitioned OVER by processing time over new keys: unbounded PRECEDING keeps an accumulator per key,
     * which no TTL frees (ProcTimeUnboundedPrecedingFunction), so its stateful-without-ttl finding is confirmed;
     * a bounded RANGE frame over the same keys frees each key by its own timer 1.5 times the range after its
     * last row (ProcTimeRangeBoundedPrecedingFunction, Flink 2.3.0): its state levels, and it has no finding.
     * Both jobs read the same datagen table, each in its own slot; each is cancelled once its record is read.
     */
    @Test
    void aPartitionedOverWithoutTtlIsConfirmedGrowingAndABoundedRangeLevels() throws Exception {
        String running = watched.get("over-unbounded");
        JsonNode confirmed;
        try {
            confirmed = awaitRecord(running, r -> finding(r, "stateful-without-ttl").filter("confirmed"::equals).isPresent());
        } finally {
            cluster.cancel(running);
        }
        String bounded = watched.get("over-bounded");
        JsonNode levelled;
        try {
            levelled = awaitRecord(bounded, r -> r.path("operators").path(0).path("trend").asText().equals("levelled"));
        } finally {
            cluster.cancel(bounded);
        }

        assertThat(confirmed.path("operators").get(0).path("operator").asText()).startsWith("OverAggregate[");
        assertThat(confirmed.path("operators").get(0).path("trend").asText()).isEqualTo("growing");
        assertThat(levelled.path("operators").get(0).path("operator").asText()).startsWith("OverAggregate[");
        assertThat(levelled.path("operators").get(0).path("stateBytes").asLong()).isPositive();
        assertThat(levelled.path("findings")).isEmpty();
        assertThat(levelled.path("advisories")).as("no growth the guard did not find").isEmpty();
    }

    @Test
    void aJobWithoutCheckpointsIsUnobservable() throws Exception {
        String job = watched.get("no-checkpoints");

        JsonNode record = awaitRecord(job, r -> r.path("outcome").asText().equals("unobservable"));

        assertThat(record.path("reason").asText()).contains("checkpoint");
        assertThat(record.path("findings").get(0).path("status").asText()).isEqualTo("unobserved");
    }

    @Test
    void aJobCancelledMidWatchLeavesARecordAndNoBusyThread() throws Exception {
        String job = watched.get("cancelled");
        awaitRecord(job, r -> r.path("outcome").asText().equals("state-observed"));

        cluster.cancel(job);

        JsonNode ended = awaitRecord(job, r -> r.path("outcome").asText().equals("job-ended"));
        assertThat(ended.path("jobStatus").asText()).isEqualTo("CANCELED");
        assertThat(ended.path("reason").asText()).isEqualTo("the job is CANCELED");
        assertThat(ended.path("operators").get(0).path("stateBytes").asLong()).isPositive();
        assertThat(gateway.runtime().guarded().watcher().watchedJobIds()).doesNotContain(job);
        assertThat(observeThreads()).hasSize(1);
        await("the observed-state thread waits for its next round")
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(observeThreads().get(0).getState())
                        .isIn(Thread.State.TIMED_WAITING, Thread.State.WAITING));
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void aJobManagerStoppedMidWatchIsSaidUnreachableOnceThenItsJobsAreNoLongerWatched() throws Exception {
        String job = watched.get("orphaned");
        awaitRecord(job, r -> r.path("outcome").asText().equals("state-observed"));

        cluster.close();
        clusterStopped = true;

        JsonNode stopped = awaitRecord(job, r -> r.path("outcome").asText().equals("watch-stopped"));
        assertThat(stopped.path("reason").asText())
                .contains("no answer in " + StateWatcher.MAX_FAILED_ROUNDS + " rounds in a row");
        assertThat(observed(job)).filteredOn(r -> r.path("outcome").asText().equals("unreachable")).hasSize(1);
        assertThat(gateway.runtime().guarded().watcher().watchedJobIds()).isEmpty();
        await("the observed-state thread waits for its next round")
                .atMost(Duration.ofSeconds(10))
                .untilAsserted(() -> assertThat(observeThreads()).singleElement()
                        .extracting(Thread::getState).isIn(Thread.State.TIMED_WAITING, Thread.State.WAITING));
    }

    /**
     * Runs an INSERT grouping a datagen key in 1..{@code keys} (1,000 rows a second) into a
     * blackhole, in a session of its own, checkpointing every second when {@code checkpoints};
     * fetches its result (which writes the jobSubmitted record) and returns the job id.
     */
    private String insert(String name, String keys, boolean checkpoints) throws Exception {
        RestSession session = gateway.openSession(checkpoints ? checkpointing() : new HashMap<>());
        run(session, "CREATE TABLE src (k BIGINT) WITH ('connector' = 'datagen', 'rows-per-second' = '1000',"
                + " 'fields.k.min' = '1', 'fields.k.max' = '" + keys + "')");
        run(session, "CREATE TABLE out_" + name.replace('-', '_') + " (k BIGINT, c BIGINT) WITH ('connector' = 'blackhole')");
        return jobOf(session, "INSERT INTO out_" + name.replace('-', '_') + " SELECT k, COUNT(*) FROM src GROUP BY k");
    }

    /** Session properties that checkpoint every second into the class's work directory. */
    private Map<String, String> checkpointing() {
        Map<String, String> properties = new HashMap<>();
        properties.put("execution.checkpointing.interval", "1 s");
        properties.put("execution.checkpointing.dir", workDir.resolve("checkpoints").toUri().toString());
        return properties;
    }

    /** Submits {@code insert}, fetches its result (which writes the jobSubmitted record) and returns the job id. */
    private String jobOf(RestSession session, String insert) throws Exception {
        String operation = session.submit(insert, Map.of());
        RestSession.StatementResult result = session.fetch(operation, 1, TIMEOUT, Duration.ofMillis(50));
        assertThat(result.error()).isNull();
        String jobId = result.rows().get(0).path("fields").get(0).asText();
        jobs.add(jobId);
        return jobId;
    }

    private static void run(RestSession session, String statement) throws Exception {
        RestSession.StatementResult result = session.execute(statement, 0, TIMEOUT);
        assertThat(result.error()).as(statement).isNull();
    }

    private JsonNode awaitRecord(String jobId, java.util.function.Predicate<JsonNode> matches) {
        return await("a jobObserved record of job " + jobId)
                .atMost(WITHIN_A_MINUTE)
                .pollInterval(Duration.ofMillis(500))
                .until(() -> observed(jobId).stream().filter(matches).findFirst(), Optional::isPresent)
                .orElseThrow();
    }

    private List<JsonNode> observed(String jobId) throws IOException {
        return AuditFile.allRecords().stream()
                .filter(r -> instance.equals(r.path("instance").asText()))
                .filter(r -> r.path("call").asText().equals("jobObserved") && r.path("jobId").asText().equals(jobId))
                .toList();
    }

    private JsonNode jobSubmitted(String jobId) throws IOException {
        return AuditFile.allRecords().stream()
                .filter(r -> r.path("call").asText().equals("jobSubmitted") && r.path("jobId").asText().equals(jobId))
                .findFirst()
                .orElseThrow();
    }

    /** The status of {@code record}'s finding of {@code rule}. */
    private static Optional<String> finding(JsonNode record, String rule) {
        for (JsonNode finding : record.path("findings")) {
            if (finding.path("id").asText().equals(rule)) {
                return Optional.of(finding.path("status").asText());
            }
        }
        return Optional.empty();
    }

    private static List<Thread> observeThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(StateWatcher.THREAD_NAME) && t.isAlive())
                .toList();
    }
}
