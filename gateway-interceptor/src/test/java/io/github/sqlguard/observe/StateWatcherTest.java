package io.github.sqlguard.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.testing.AuditCapture;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The watcher's bookkeeping with a stand-in for the JobManager's REST API (what a real JobManager
 * answers is {@code ObservedStateIT}'s): which records it writes, when a job leaves the watch, and
 * that it is bounded.
 */
class StateWatcherTest {

    private static final String JOB = "0123456789abcdef0123456789abcdef";
    private static final Map<String, String> REMOTE =
            Map.of("execution.target", "remote", "rest.address", "127.0.0.1", "rest.port", "8081",
                    "execution.checkpointing.interval", "1 s");

    private final AuditCapture audit = AuditCapture.start();
    private final List<StateWatcher> watchers = new ArrayList<>();

    @AfterEach
    void stop() {
        watchers.forEach(StateWatcher::close);
        audit.close();
    }

    /** A JobManager that knows one RUNNING job with one vertex, whose state grows by {@code step} bytes a checkpoint. */
    private static final class FakeJobManager implements JobManagerApi {
        final AtomicLong checkpoint = new AtomicLong();
        final AtomicBoolean answers = new AtomicBoolean(true);
        final AtomicBoolean ended = new AtomicBoolean();
        final AtomicInteger requests = new AtomicInteger();
        /** Requests of the job's status only ({@link #status}), also counted in {@link #requests}. */
        final AtomicInteger statusRequests = new AtomicInteger();
        final List<String> asked = new CopyOnWriteArrayList<>();
        final long step;
        /** The name of the vertex {@code v2}, which holds {@code GroupAggregate[3]}. */
        final String aggregateVertex;

        FakeJobManager(long step) {
            this(step, "GroupAggregate[3] -> out[4]: Writer");
        }

        FakeJobManager(long step, String aggregateVertex) {
            this.step = step;
            this.aggregateVertex = aggregateVertex;
        }

        @Override
        public JobState job(Address at, String jobId) throws Unanswered {
            requests.incrementAndGet();
            asked.add(jobId);
            if (!answers.get()) {
                throw new Unanswered("the JobManager at " + at + " did not answer within 10 ms (job " + jobId + ")", null);
            }
            return new JobState(ended.get() ? "CANCELED" : "RUNNING", ended.get(),
                    Map.of("v1", "Source: src[1]", "v2", aggregateVertex));
        }

        @Override
        public JobState status(Address at, String jobId) throws Unanswered {
            statusRequests.incrementAndGet();
            JobState job = job(at, jobId);
            return new JobState(job.status(), job.terminal(), Map.of());
        }

        @Override
        public Checkpoints checkpoints(Address at, String jobId) {
            long id = checkpoint.incrementAndGet();
            return new Checkpoints(id, Optional.of(id), 1_000_000 + id * 1000);
        }

        @Override
        public Map<String, Long> stateSizes(Address at, String jobId, long checkpointId) {
            return Map.of("v1", 100L, "v2", 10_000 + checkpointId * step);
        }

        @Override
        public void close() {}
    }

    private StateWatcher watcher(FakeJobManager api, int maxJobs) {
        return watcher(api, maxJobs, null);
    }

    private StateWatcher watcher(FakeJobManager api, int maxJobs, Path resumeFile) {
        ObserveOptions.Settings settings = new ObserveOptions.Settings(
                true, Duration.ofMillis(10), 5, 1L << 30, maxJobs, Duration.ofSeconds(1),
                resumeFile == null ? null : resumeFile.toString());
        StateWatcher watcher =
                new StateWatcher(settings, new Auditor(new AuditLog(), "test", 1000), GuardMetrics.unregistered(), api);
        watchers.add(watcher);
        return watcher;
    }

    private static WatchedJob job(String jobId, Map<String, String> sessionConfig) {
        AuditRecord.Decided decided = new AuditRecord.Decided(
                "WARN", List.of(new AuditRecord.AuditFinding("stateful-without-ttl", "WARN", "GroupAggregate[3]")),
                List.of(), 0L, Map.of("GroupAggregate", 1), List.of(), 0, List.of(), List.of(), null);
        AuditRecord submitted = new AuditRecord(
                "2026-12-01T00:00:00Z", "decision-1", "test", "jobSubmitted", "session-1",
                Subject.unknown("hash"), new AuditRecord.Statement("INSERT", "INSERT …", false, "sha"), decided,
                new AuditRecord.Happened("operation-1", "job-submitted", "judged-plan", null, jobId));
        return new WatchedJob(submitted, List.of(new PlannedOperator(3, "GroupAggregate")), sessionConfig);
    }

    /** A job the guard let through with no finding, its one GroupAggregate[3] given {@code stateTtlMs} by the judged plan. */
    private static WatchedJob unfoundJob(String jobId, Long stateTtlMs) {
        AuditRecord.Decided decided = new AuditRecord.Decided(
                "OK", List.of(), List.of(), 0L, Map.of("GroupAggregate", 1), List.of(), 0, List.of(), List.of(), null);
        AuditRecord submitted = new AuditRecord(
                "2026-12-01T00:00:00Z", "decision-2", "test", "jobSubmitted", "session-2",
                Subject.unknown("hash"), new AuditRecord.Statement("INSERT", "INSERT …", false, "sha"), decided,
                new AuditRecord.Happened("operation-2", "job-submitted", "judged-plan", null, jobId));
        return new WatchedJob(submitted, List.of(new PlannedOperator(3, "GroupAggregate", 3, stateTtlMs)), REMOTE);
    }

    /** The advisories of the first record that has a growing trend of {@code unfoundJob}. */
    private JsonNode advisoriesOnceGrowing(Long stateTtlMs) {
        // 50 KB a checkpoint, one checkpoint a second: +180 MB/h; the threshold is 1 GB.
        StateWatcher watcher = watcher(new FakeJobManager(50_000), 10);
        watcher.watch(unfoundJob(JOB, stateTtlMs));
        await().atMost(Duration.ofSeconds(10)).until(() -> observed("state-observed").stream()
                .anyMatch(r -> r.path("operators").path(0).path("trend").asText().equals("growing")));
        return observed("state-observed").stream()
                .filter(r -> r.path("operators").path(0).path("trend").asText().equals("growing"))
                .findFirst().orElseThrow().path("advisories");
    }

    @Test
    void growthWithinAStateTtlThatBoundsItBelowTheThresholdIsNoAdvisory() {
        // +180 MB/h for at most 1 h: about 180 MB, under 1 GB; a TTL'd state grows until its first keys expire.
        assertThat(advisoriesOnceGrowing(Duration.ofHours(1).toMillis())).isEmpty();
    }

    @Test
    void growthWhoseStateTtlLetsItPassTheThresholdSaysTheSizeItLevelsAt() {
        JsonNode advisories = advisoriesOnceGrowing(Duration.ofDays(7).toMillis());

        assertThat(advisories).hasSize(1);
        assertThat(advisories.get(0).path("message").asText())
                .contains("GroupAggregate[3] grows with no finding of the guard on it")
                .contains("Its state TTL of 7 d keeps each key that long")
                .contains("inferred")
                .contains("above 1.0 GB")
                .doesNotContain("give it a state TTL");
    }

    @Test
    void growthOfAStateThatNeverExpiresAsksForATtlOrAWindow() {
        JsonNode advisories = advisoriesOnceGrowing(0L);

        assertThat(advisories).hasSize(1);
        assertThat(advisories.get(0).path("message").asText())
                .contains("Its state never expires")
                .contains("give it a state TTL, or a window");
    }

    @Test
    void growthOfAnOperatorWhoseTtlThePlanDoesNotSayAsksToCheckIt() {
        assertThat(advisoriesOnceGrowing(null).get(0).path("message").asText())
                .contains("The judged plan does not say its state TTL: check it");
    }

    private List<JsonNode> observed(String outcome) {
        return audit.records().stream()
                .filter(r -> r.path("call").asText().equals("jobObserved") && r.path("outcome").asText().equals(outcome))
                .toList();
    }

    @Test
    void aGrowingOperatorConfirmsItsFindingAndAnEndedJobLeavesTheWatchWithItsLastRecord() {
        FakeJobManager api = new FakeJobManager(50_000);
        StateWatcher watcher = watcher(api, 10);

        watcher.watch(job(JOB, REMOTE));

        await().atMost(Duration.ofSeconds(10)).until(() -> !observed("state-observed").isEmpty());
        JsonNode record = observed("state-observed").get(0);
        assertThat(record.path("decisionId").asText()).isEqualTo("decision-1");
        assertThat(record.path("operators").get(0).path("operator").asText()).isEqualTo("GroupAggregate[3]");
        assertThat(record.path("operators").get(0).path("trend").asText()).isEqualTo("growing");
        assertThat(record.path("findings").get(0).path("status").asText()).isEqualTo("confirmed");
        assertThat(watcher.watchedJobIds()).containsExactly(JOB);

        api.ended.set(true);

        await().atMost(Duration.ofSeconds(10)).until(() -> !observed("job-ended").isEmpty());
        assertThat(observed("job-ended").get(0).path("jobStatus").asText()).isEqualTo("CANCELED");
        assertThat(watcher.watchedJobIds()).isEmpty();
        assertThat(observed("state-observed")).as("one record per change, not per sample").hasSize(1);
        assertThat(watcher.jobs()).extracting(r -> r.outcome()).containsExactly("job-ended");
    }

    /**
     * A vertex's name is Flink's, and with {@code table.exec.simplify-operator-name-enabled: false}
     * it is made of its operators' descriptions, so a chained {@code Calc} may quote a literal of the
     * query: the {@code jobObserved} record and the watcher's view ({@code GET /sql-guard/v1/jobs})
     * carry it masked (hostile-secrets-r36 read this in the code; this is its test).
     */
    @Test
    void anObservedVertexsNameIsMaskedWhereItQuotesASecret() {
        FakeJobManager api = new FakeJobManager(50_000, "GroupAggregate[3] -> Calc[4](select=[user_id, c,"
                + " 'https://reader:S3CR3T-OBS@db.example/x' AS url, 'jdbc:mysql://db/x?password=S3CR3T-OBS2' AS j])"
                + " -> out[5]: Writer");
        StateWatcher watcher = watcher(api, 10);

        watcher.watch(job(JOB, REMOTE));

        await().atMost(Duration.ofSeconds(10)).until(() -> !observed("state-observed").isEmpty());
        JsonNode record = observed("state-observed").get(0);
        String vertex = record.path("operators").get(0).path("vertex").asText();
        assertThat(vertex).startsWith("GroupAggregate[3] -> Calc[4]").contains("****")
                .doesNotContain("S3CR3T-OBS");
        assertThat(audit.records().toString()).doesNotContain("S3CR3T-OBS");
        assertThat(watcher.jobs()).singleElement()
                .satisfies(view -> assertThat(view.operators().get(0).vertex()).doesNotContain("S3CR3T-OBS"));
    }

    @Test
    void theJobsVerticesAreAskedOnceAndEachLaterRoundAsksOnlyItsStatus() {
        FakeJobManager api = new FakeJobManager(50_000);
        StateWatcher watcher = watcher(api, 10);

        watcher.watch(job(JOB, REMOTE));

        await().atMost(Duration.ofSeconds(10)).until(() -> api.statusRequests.get() >= 3);
        assertThat(api.requests.get() - api.statusRequests.get()).as("requests of the job's details").isEqualTo(1);
        assertThat(observed("state-observed")).isNotEmpty();
        assertThat(observed("state-observed").get(observed("state-observed").size() - 1)
                .path("operators").get(0).path("operator").asText()).isEqualTo("GroupAggregate[3]");
    }

    @Test
    void aJobOfALocalSessionIsUnobservableAndNeverAsked() {
        FakeJobManager api = new FakeJobManager(0);
        StateWatcher watcher = watcher(api, 10);

        watcher.watch(job(JOB, Map.of("execution.target", "local")));

        assertThat(observed("unobservable")).singleElement()
                .satisfies(r -> assertThat(r.path("reason").asText()).contains("execution.target is 'local'"));
        assertThat(watcher.watchedJobIds()).isEmpty();
        assertThat(api.requests).hasValue(0);
    }

    @Test
    void aJobOfASessionWithoutCheckpointsIsUnobservableAndNeverAsked() {
        FakeJobManager api = new FakeJobManager(0);
        StateWatcher watcher = watcher(api, 10);
        Map<String, String> noCheckpoints = new java.util.HashMap<>(REMOTE);
        noCheckpoints.remove("execution.checkpointing.interval");

        watcher.watch(job(JOB, noCheckpoints));

        assertThat(observed("unobservable")).singleElement()
                .satisfies(r -> assertThat(r.path("reason").asText()).contains("no execution.checkpointing.interval"));
        assertThat(watcher.watchedJobIds()).isEmpty();
        assertThat(api.requests).hasValue(0);
    }

    @Test
    void aJobBeyondMaxJobsIsNotWatchedAndSaysSo() {
        StateWatcher watcher = watcher(new FakeJobManager(0), 1);

        watcher.watch(job(JOB, REMOTE));
        watcher.watch(job("fedcba9876543210fedcba9876543210", REMOTE));

        assertThat(watcher.watchedJobIds()).containsExactly(JOB);
        assertThat(observed("not-watched")).singleElement()
                .satisfies(r -> assertThat(r.path("reason").asText()).contains("sql-guard.observe.max-jobs"));
    }

    @Test
    void aJobManagerThatDoesNotAnswerIsSaidOnceThenTheJobIsNoLongerWatched() {
        FakeJobManager api = new FakeJobManager(0);
        api.answers.set(false);
        StateWatcher watcher = watcher(api, 10);

        watcher.watch(job(JOB, REMOTE));

        await().atMost(Duration.ofSeconds(10)).until(() -> !observed("watch-stopped").isEmpty());
        assertThat(observed("unreachable")).hasSize(1);
        assertThat(observed("watch-stopped").get(0).path("reason").asText())
                .contains("no answer in " + StateWatcher.MAX_FAILED_ROUNDS + " rounds");
        assertThat(watcher.watchedJobIds()).isEmpty();
        assertThat(api.requests).hasValue(StateWatcher.MAX_FAILED_ROUNDS);
    }

    @Test
    void aJobManagerThatFailedIsAskedOnceARoundWhateverTheNumberOfItsJobs() throws Exception {
        FakeJobManager api = new FakeJobManager(0);
        api.answers.set(false);
        StateWatcher watcher = watcher(api, 10);
        watcher.watch(job(JOB, REMOTE));
        watcher.watch(job("fedcba9876543210fedcba9876543210", REMOTE));

        await().atMost(Duration.ofSeconds(10)).until(() -> observed("watch-stopped").size() == 2);

        assertThat(api.requests).hasValue(StateWatcher.MAX_FAILED_ROUNDS);
    }

    @Test
    void stoppingTheWatcherEndsItsThreadAndSaysWhichJobsWereStillWatched() {
        StateWatcher watcher = watcher(new FakeJobManager(0), 10);
        watcher.watch(job(JOB, REMOTE));

        watcher.close();

        assertThat(observed("watch-stopped")).singleElement()
                .satisfies(r -> assertThat(r.path("reason").asText()).contains("the gateway stopped"));
        await().atMost(Duration.ofSeconds(5)).until(() -> Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().equals(StateWatcher.THREAD_NAME) && t.isAlive()));
    }

    @Test
    void aRestartedWatcherWatchesAgainTheJobsItsResumeFileLists(@TempDir Path dir) {
        Path file = dir.resolve("watched.jsonl");
        StateWatcher before = watcher(new FakeJobManager(0), 10, file);
        before.watch(job(JOB, REMOTE));
        await().atMost(Duration.ofSeconds(10)).until(() -> java.nio.file.Files.exists(file));
        before.close();
        audit.clear();

        FakeJobManager api = new FakeJobManager(50_000);
        StateWatcher after = watcher(api, 10, file);

        assertThat(after.watchedJobIds()).containsExactly(JOB);
        assertThat(observed("watch-resumed")).singleElement()
                .satisfies(r -> assertThat(r.path("decisionId").asText()).isEqualTo("decision-1"));
        await().atMost(Duration.ofSeconds(10)).until(() -> !observed("state-observed").isEmpty());
        assertThat(observed("state-observed").get(0).path("findings").get(0).path("status").asText()).isEqualTo("confirmed");
        api.ended.set(true);
        await().atMost(Duration.ofSeconds(10)).until(() -> !observed("job-ended").isEmpty());
        await("the ended job leaves the resume file").atMost(Duration.ofSeconds(10))
                .until(() -> java.nio.file.Files.readString(file).isBlank());
    }

    @Test
    void aDisabledWatcherHasNoThreadAndIgnoresJobs() {
        StateWatcher watcher = StateWatcher.disabled();

        watcher.watch(job(JOB, REMOTE));

        assertThat(watcher.enabled()).isFalse();
        assertThat(watcher.jobs()).isEmpty();
        assertThat(audit.records()).isEmpty();
    }
}
