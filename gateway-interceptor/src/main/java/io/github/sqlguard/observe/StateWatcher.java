package io.github.sqlguard.observe;

import io.github.sqlguard.audit.AuditWriteException;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.ObservedStateRecord;
import io.github.sqlguard.metrics.GuardMetrics;

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Watches the state of the jobs the guard submitted: every {@code sql-guard.observe.interval} it
 * reads each watched job's latest completed checkpoint from the job's JobManager ({@link
 * JobManagerApi}), keeps the most recent samples of each stateful operator of the judged plan
 * ({@link VertexMapping}), classifies their trend ({@link TrendClassifier}) and tells whether the
 * statement's findings on those operators come true: in the audit ({@link ObservedStateRecord}),
 * in metrics and in {@link #jobs()}.
 *
 * <p>Bounded: one scheduler thread (and the REST client's one I/O thread), per job and round the
 * job's status ({@code /jobs/:jobid/status}; its vertices, with the job's plan, only the first time)
 * and checkpoint counts, and a new checkpoint's per-vertex sizes, at most {@code
 * sql-guard.observe.max-jobs} jobs with at most {@code window} samples per operator, every request
 * waited for at most {@code sql-guard.observe.request-timeout}; a JobManager that failed once in a
 * round is not asked again in that round. {@link #watch} only adds a job to the watch: nothing
 * here runs on a statement's path. Only jobs the guard submitted are ever handed to it. With {@code
 * sql-guard.observe.resume-file} the watched jobs are kept in a file ({@link ResumeFile}) and watched
 * again after a restart.
 *
 * <p>Thread-safe; {@link #close()} stops its threads.
 */
public final class StateWatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StateWatcher.class);

    /** Rounds in a row a job's JobManager may fail to answer before the job is no longer watched. */
    public static final int MAX_FAILED_ROUNDS = 10;

    /** Records of jobs that left the watch, kept for {@link #jobs()}: the most recent. */
    static final int MAX_ENDED = 256;

    /** The name of the watcher's thread. */
    public static final String THREAD_NAME = "sql-guard-observe";

    private final ObserveOptions.Settings settings;
    private final Auditor auditor;
    private final GuardMetrics metrics;
    private final JobManagerApi api;
    private final TrendClassifier classifier;
    private final ScheduledExecutorService scheduler;
    private final Map<String, JobObservation> watched = new ConcurrentHashMap<>();
    private final Map<String, MetricGroup> jobMetrics = new ConcurrentHashMap<>();
    /** Set by {@link #close()}: a request it interrupts is not the JobManager's failure. */
    private volatile boolean closing;
    /** Where the watched jobs are kept across restarts ({@code sql-guard.observe.resume-file}), or {@code null}. */
    private final ResumeFile resume;
    private final Map<String, ObservedStateRecord> ended =
            new LinkedHashMap<>() {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, ObservedStateRecord> eldest) {
                    return size() > MAX_ENDED;
                }
            };

    /** A watcher that watches nothing ({@code sql-guard.observe.enabled: false}): no thread, no client. */
    private StateWatcher() {
        this.settings = null;
        this.auditor = null;
        this.metrics = null;
        this.api = null;
        this.classifier = null;
        this.scheduler = null;
        this.resume = null;
    }

    StateWatcher(ObserveOptions.Settings settings, Auditor auditor, GuardMetrics metrics, JobManagerApi api) {
        this.settings = settings;
        this.auditor = auditor;
        this.metrics = metrics;
        this.api = api;
        this.classifier = new TrendClassifier(settings.sizeThresholdBytes());
        this.scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, THREAD_NAME);
            thread.setDaemon(true);
            return thread;
        });
        this.resume = settings.resumeFile() == null ? null : new ResumeFile(Path.of(settings.resumeFile()));
        metrics.observedJobs(watched::size);
        resumeJobs();
        long interval = settings.interval().toMillis();
        scheduler.scheduleWithFixedDelay(this::round, interval, interval, TimeUnit.MILLISECONDS);
    }

    /** Watches again the jobs the resume file lists (a restarted gateway), each with a {@code watch-resumed} record. */
    private void resumeJobs() {
        if (resume == null) {
            return;
        }
        List<ResumeFile.Entry> entries;
        try {
            entries = resume.read();
        } catch (IOException | RuntimeException e) {
            LOG.error("Flink SQL Guard: the resume file {} cannot be read; the jobs it lists are not watched again.",
                    settings.resumeFile(), e);
            return;
        }
        for (ResumeFile.Entry entry : entries) {
            if (watched.size() >= settings.maxJobs()) {
                LOG.warn("Flink SQL Guard: the resume file lists more than sql-guard.observe.max-jobs ({}) jobs; job {} is"
                        + " not watched again.", settings.maxJobs(), entry.jobId());
                continue;
            }
            JobObservation observation = new JobObservation(
                    entry.job(), entry.address(), settings.window(), classifier, settings.sizeThresholdBytes());
            watched.put(entry.jobId(), observation);
            registerMetrics(observation);
            write(observation.record("watch-resumed", "the gateway started again; watching the job it watched before"));
        }
        LOG.info("Flink SQL Guard: watching again {} job(s) listed in {}.", watched.size(), settings.resumeFile());
    }

    /** Writes the watched jobs to the resume file, on the watcher's thread (never on a client's call). */
    private void persist() {
        if (resume == null || closing) {
            return;
        }
        try {
            scheduler.execute(() -> {
                List<ResumeFile.Entry> entries = new ArrayList<>();
                watched.values().forEach(o -> entries.add(ResumeFile.Entry.of(o.job, o.address)));
                try {
                    resume.write(entries);
                } catch (IOException | RuntimeException e) {
                    LOG.error("Flink SQL Guard: the resume file {} cannot be written; a restart would not watch these jobs"
                            + " again.", settings.resumeFile(), e);
                }
            });
        } catch (RejectedExecutionException e) {
            LOG.info("Flink SQL Guard: the watcher is stopping; the resume file keeps its last list.");
        }
    }

    /** The watcher of {@code config}'s {@code sql-guard.observe.*} options: one that watches nothing when off. */
    public static StateWatcher fromConfiguration(Configuration config, Auditor auditor, GuardMetrics metrics) {
        ObserveOptions.Settings settings = ObserveOptions.settings(config);
        if (!settings.enabled()) {
            return disabled();
        }
        LOG.info("Flink SQL Guard: watching the state of the jobs it submits every {} ({} samples, threshold {}, at most {}"
                        + " jobs).", settings.interval(), settings.window(), Bytes.human(settings.sizeThresholdBytes()),
                settings.maxJobs());
        return new StateWatcher(settings, auditor, metrics, new FlinkRestApi(config, settings.requestTimeout()));
    }

    /** A watcher that watches nothing. */
    public static StateWatcher disabled() {
        return new StateWatcher();
    }

    public boolean enabled() {
        return scheduler != null;
    }

    /**
     * Adds a job the guard submitted to the watch, or records why it cannot be watched: its
     * session sends jobs elsewhere than a JobManager's REST API ({@code unobservable}), or the
     * watch is full ({@code not-watched}). Returns at once.
     */
    public void watch(WatchedJob job) {
        if (!enabled() || job.jobId() == null) {
            return;
        }
        Configuration session = Configuration.fromMap(job.sessionConfig());
        String target = session.get(DeploymentOptions.TARGET);
        Optional<JobManagerApi.Address> address =
                Optional.ofNullable(session.get(RestOptions.ADDRESS))
                        .map(host -> new JobManagerApi.Address(host, session.get(RestOptions.PORT)));
        JobObservation observation = new JobObservation(
                job, address.orElse(null), settings.window(), classifier, settings.sizeThresholdBytes());
        if (!"remote".equals(target) || address.isEmpty()) {
            leave(observation, "unobservable",
                    "remote".equals(target)
                            ? "the session's execution.target is 'remote' but it sets no rest.address"
                            : "the session's execution.target is '" + target + "': the guard reads checkpoints only from a"
                                    + " JobManager it can reach over REST (execution.target 'remote', rest.address,"
                                    + " rest.port); a local MiniCluster per job and application clusters are not");
            return;
        }
        if (session.getOptional(CheckpointingOptions.CHECKPOINTING_INTERVAL).filter(d -> !d.isZero()).isEmpty()) {
            leave(observation, "unobservable",
                    "the session sets no execution.checkpointing.interval: the job takes no checkpoints, so its state"
                            + " cannot be read");
            return;
        }
        synchronized (watched) {
            if (watched.size() >= settings.maxJobs()) {
                leave(observation, "not-watched",
                        "the guard already watches " + watched.size() + " jobs (sql-guard.observe.max-jobs)");
                return;
            }
            watched.put(job.jobId(), observation);
        }
        registerMetrics(observation);
        persist();
    }

    /** Every job watched now and the most recent that left the watch, as last observed. */
    public List<ObservedStateRecord> jobs() {
        List<ObservedStateRecord> jobs = new ArrayList<>();
        synchronized (ended) {
            jobs.addAll(ended.values());
        }
        watched.values().forEach(o -> jobs.add(o.view()));
        return jobs;
    }

    /** The ids of the jobs watched now. */
    public Set<String> watchedJobIds() {
        return Set.copyOf(watched.keySet());
    }

    /** One round: each watched job read once. Never throws: a round that fails is logged, the next one runs. */
    private void round() {
        Set<JobManagerApi.Address> failed = new HashSet<>();
        for (JobObservation observation : List.copyOf(watched.values())) {
            try {
                poll(observation, failed);
            } catch (RuntimeException e) {
                LOG.error("Flink SQL Guard: observing job {} failed; it is read again next round.", observation.jobId(), e);
            }
        }
    }

    private void poll(JobObservation observation, Set<JobManagerApi.Address> failedThisRound) {
        String jobId = observation.jobId();
        JobManagerApi.Address at = observation.address;
        if (failedThisRound.contains(at)) {
            failedRound(observation, "the JobManager at " + at + " did not answer earlier in this round");
            return;
        }
        JobManagerApi.JobState state;
        try {
            // The job's vertices are mapped once; after that each round asks only the job's status.
            state = observation.vertexNamesRead() ? api.status(at, jobId) : api.job(at, jobId);
        } catch (JobManagerApi.NotFound e) {
            leave(observation, "job-ended", "the JobManager at " + at + " no longer knows the job (" + e.getMessage() + ")");
            return;
        } catch (JobManagerApi.Unanswered e) {
            failedThisRound.add(at);
            failedRound(observation, e.getMessage());
            return;
        }
        observation.failedRounds = 0;
        observation.saidUnreachable = false;
        observation.jobState(state);
        if (state.terminal()) {
            leave(observation, "job-ended", "the job is " + state.status());
            return;
        }
        try {
            JobManagerApi.Checkpoints checkpoints = api.checkpoints(at, jobId);
            if (checkpoints.latestCompletedId().isEmpty()) {
                // Checkpoints start once every task runs; said once after a window of rounds, still watched.
                observation.roundsWithoutCheckpoint++;
                if (observation.roundsWithoutCheckpoint >= settings.window() && !observation.saidUnobservable) {
                    observation.saidUnobservable = true;
                    write(observation.record("unobservable", "no completed checkpoint in " + observation.roundsWithoutCheckpoint
                            + " rounds (" + checkpoints.triggered() + " triggered); still watched"));
                }
                return;
            }
            long id = checkpoints.latestCompletedId().get();
            if (!observation.isNew(id)) {
                return;
            }
            observation.sample(id, checkpoints.latestCompletedAtMs(), api.stateSizes(at, jobId, id));
        } catch (JobManagerApi.NotFound e) {
            leave(observation, "unobservable", "the job keeps no checkpoint statistics (" + e.getMessage() + ")");
            return;
        } catch (JobManagerApi.Unanswered e) {
            failedThisRound.add(at);
            failedRound(observation, e.getMessage());
            return;
        }
        ObservedStateRecord record = observation.record("state-observed", null);
        if (observation.changed(record)) {
            write(record);
            record.findings().stream()
                    .filter(f -> f.status().equals(JobObservation.CONFIRMED) || f.status().equals(JobObservation.NOT_CONFIRMED))
                    .forEach(f -> metrics.observedFinding(f.id(), f.status()));
        }
    }

    /** A round in which the job's JobManager did not answer: said once, and after {@link #MAX_FAILED_ROUNDS} the watch stops. */
    private void failedRound(JobObservation observation, String reason) {
        if (closing) {
            return;
        }
        observation.failedRounds++;
        if (observation.failedRounds >= MAX_FAILED_ROUNDS) {
            leave(observation, "watch-stopped",
                    reason + "; no answer in " + observation.failedRounds + " rounds in a row, the job is no longer watched");
        } else if (!observation.saidUnreachable) {
            observation.saidUnreachable = true;
            write(observation.record("unreachable", reason));
        }
    }

    /** The job leaves the watch with a last record saying why. */
    private void leave(JobObservation observation, String outcome, String reason) {
        ObservedStateRecord last = observation.record(outcome, reason);
        watched.remove(observation.jobId(), observation);
        synchronized (ended) {
            ended.put(observation.jobId(), last);
        }
        MetricGroup group = jobMetrics.remove(observation.jobId());
        if (group != null) {
            metrics.forgetObservedJob(group);
        }
        write(last);
        persist();
    }

    private void write(ObservedStateRecord record) {
        try {
            auditor.write(record);
        } catch (AuditWriteException e) {
            // The job runs whatever the audit does; the failure is counted and logged.
            metrics.auditWriteFailure();
            LOG.error("Flink SQL Guard could not write the {} record of job {}.", record.outcome(), record.jobId(), e);
        }
    }

    /**
     * Gauges of a watched job, under {@code observed.job_id.<id>}: per operator {@code stateBytes} and
     * {@code bytesPerHour}, and the job's {@code findingsConfirmed} and {@code findingsNotConfirmed}.
     * They read the job's latest view; they are removed when the job leaves the watch.
     */
    private void registerMetrics(JobObservation observation) {
        MetricGroup job = metrics.observedJob(observation.jobId());
        jobMetrics.put(observation.jobId(), job);
        job.gauge("findingsConfirmed", (Gauge<Long>) () -> count(observation, JobObservation.CONFIRMED));
        job.gauge("findingsNotConfirmed", (Gauge<Long>) () -> count(observation, JobObservation.NOT_CONFIRMED));
        for (PlannedOperator operator : observation.job.statefulOperators()) {
            MetricGroup group = job.addGroup("operator", operator.label());
            group.gauge("stateBytes", (Gauge<Long>) () -> of(observation, operator, ObservedStateRecord.Operator::stateBytes));
            group.gauge("bytesPerHour", (Gauge<Long>) () -> of(observation, operator, ObservedStateRecord.Operator::bytesPerHour));
        }
    }

    private static long count(JobObservation observation, String status) {
        return observation.view().findings().stream().filter(f -> f.status().equals(status)).count();
    }

    /** The value of the view's entry holding {@code operator} (a chain's entry for each of its operators); 0 without one. */
    private static long of(
            JobObservation observation, PlannedOperator operator, Function<ObservedStateRecord.Operator, Long> value) {
        for (ObservedStateRecord.Operator entry : observation.view().operators()) {
            if (List.of(entry.operator().split(" \\+ ")).contains(operator.label())) {
                return value.apply(entry);
            }
        }
        return 0L;
    }

    /**
     * Stops the scheduler thread (interrupting a request in progress) and the REST client, then
     * writes a {@code watch-stopped} record for each job still watched: the gateway stopped, the
     * job may still run.
     */
    @Override
    public void close() {
        if (!enabled()) {
            return;
        }
        closing = true;
        scheduler.shutdownNow();
        try {
            if (!scheduler.awaitTermination(settings.requestTimeout().toMillis() + 1000, TimeUnit.MILLISECONDS)) {
                LOG.warn("Flink SQL Guard: the observed-state thread did not stop within the request timeout.");
            }
        } catch (InterruptedException e) {
            LOG.warn("Flink SQL Guard: interrupted while stopping the observed-state thread.");
            Thread.currentThread().interrupt();
        } finally {
            api.close();
            for (JobObservation observation : List.copyOf(watched.values())) {
                leave(observation, "watch-stopped", "the gateway stopped; the job may still run");
            }
        }
    }
}
