package io.github.sqlguard.observe;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.ObservedStateRecord;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the watcher keeps of one job: where its JobManager is, how its vertices map to the judged
 * plan, and the most recent {@code window} samples of each mapped vertex. Owned by the watcher's
 * one thread; what other threads read is the immutable {@link #view()}.
 */
final class JobObservation {

    /** Finding statuses, as the audit, metrics and routes say them. */
    static final String CONFIRMED = "confirmed";
    static final String NOT_CONFIRMED = "not-confirmed";
    static final String PENDING = "pending";
    static final String UNOBSERVED = "unobserved";

    final WatchedJob job;
    final JobManagerApi.Address address;
    private final int window;
    private final TrendClassifier classifier;
    private final long thresholdBytes;

    private List<VertexMapping.MappedVertex> vertices;
    private final Map<String, ArrayDeque<Sample>> samples = new HashMap<>();
    private long lastCheckpointId = -1;
    private String jobStatus;
    int failedRounds;
    boolean saidUnreachable;
    boolean saidUnobservable;
    int roundsWithoutCheckpoint;
    private String reportedKey = "";
    private volatile ObservedStateRecord view;

    JobObservation(WatchedJob job, JobManagerApi.Address address, int window, TrendClassifier classifier, long thresholdBytes) {
        this.job = job;
        this.address = address;
        this.window = window;
        this.classifier = classifier;
        this.thresholdBytes = thresholdBytes;
        this.view = record("watching", null);
    }

    String jobId() {
        return job.jobId();
    }

    /** The job's status and vertices, as its JobManager said them; the vertices are mapped once. */
    void jobState(JobManagerApi.JobState state) {
        jobStatus = state.status();
        if (vertices == null) {
            vertices = VertexMapping.map(state.vertices(), job.statefulOperators(), job.runsJudgedPlan());
        }
    }

    /** True once the job's vertices were read and mapped ({@link #jobState} with its vertices). */
    boolean vertexNamesRead() {
        return vertices != null;
    }

    /** True when {@code checkpointId} is newer than the last sample's. */
    boolean isNew(long checkpointId) {
        return checkpointId > lastCheckpointId;
    }

    /** Adds one sample per mapped vertex from checkpoint {@code checkpointId}'s sizes; keeps the most recent {@code window}. */
    void sample(long checkpointId, long completedAtMs, Map<String, Long> sizes) {
        lastCheckpointId = checkpointId;
        roundsWithoutCheckpoint = 0;
        for (VertexMapping.MappedVertex vertex : mapped()) {
            Long bytes = sizes.get(vertex.vertexId());
            if (bytes != null) {
                ArrayDeque<Sample> kept = samples.computeIfAbsent(vertex.vertexId(), k -> new ArrayDeque<>(window + 1));
                kept.addLast(new Sample(completedAtMs, bytes));
                while (kept.size() > window) {
                    kept.removeFirst();
                }
            }
        }
    }

    List<VertexMapping.MappedVertex> mapped() {
        return vertices == null ? List.of() : vertices;
    }

    /** The trend of each mapped vertex, in the job's order. */
    Map<VertexMapping.MappedVertex, Trend> trends() {
        Map<VertexMapping.MappedVertex, Trend> trends = new java.util.LinkedHashMap<>();
        for (VertexMapping.MappedVertex vertex : mapped()) {
            trends.put(vertex, classifier.classify(List.copyOf(samples.getOrDefault(vertex.vertexId(), new ArrayDeque<>()))));
        }
        return trends;
    }

    /**
     * The record of the job now, with {@code outcome} and {@code reason}; also what {@link #view()}
     * answers from now on.
     */
    ObservedStateRecord record(String outcome, String reason) {
        Map<VertexMapping.MappedVertex, Trend> trends = trends();
        List<ObservedStateRecord.Operator> operators = new ArrayList<>();
        trends.forEach((vertex, trend) -> operators.add(new ObservedStateRecord.Operator(
                vertex.label(), vertex.vertexName(), vertex.mappedBy(), trend.bytes(), trend.kind().label(),
                trend.bytesPerHour(), trend.samples(), trend.spanMs(), trend.reachesThresholdInMs(), thresholdBytes)));
        List<ObservedStateRecord.FindingStatus> findings = new ArrayList<>();
        List<PlannedOperator> named = new ArrayList<>();
        for (AuditRecord.AuditFinding finding : job.submitted().decision().findings()) {
            Optional<PlannedOperator> operator = PlannedOperator.named(finding.node()).filter(job.statefulOperators()::contains);
            if (operator.isEmpty()) {
                continue;
            }
            named.add(operator.get());
            Optional<Trend> trend =
                    trends.entrySet().stream().filter(e -> e.getKey().holds(operator.get())).map(Map.Entry::getValue).findFirst();
            findings.add(new ObservedStateRecord.FindingStatus(
                    finding.id(), finding.level(), operator.get().label(), status(trend)));
        }
        List<ObservedStateRecord.Advisory> advisories = new ArrayList<>();
        trends.forEach((vertex, trend) -> {
            if (trend.kind() == Trend.Kind.GROWING && vertex.operators().stream().noneMatch(named::contains)) {
                unfoundGrowth(vertex, trend).ifPresent(text -> advisories.add(new ObservedStateRecord.Advisory(vertex.label(), text)));
            }
        });
        AuditRecord submitted = job.submitted();
        ObservedStateRecord record = new ObservedStateRecord(
                Instant.now().toString(), submitted.decisionId(), submitted.instance(), ObservedStateRecord.CALL,
                submitted.sessionId(), submitted.who(), submitted.statement().kind(), submitted.statement().statementSha256(),
                submitted.decision().verdict(), submitted.outcome().operationHandle(), outcome,
                submitted.outcome().execution(), job.jobId(), jobStatus, lastCheckpointId < 0 ? null : lastCheckpointId,
                reason, operators, findings, advisories);
        view = record;
        return record;
    }

    private static String status(Optional<Trend> trend) {
        if (trend.isEmpty()) {
            return UNOBSERVED;
        }
        return switch (trend.get().kind()) {
            case GROWING -> CONFIRMED;
            case LEVELLED, SHRINKING -> NOT_CONFIRMED;
            case UNKNOWN -> trend.get().samples() == 0 ? UNOBSERVED : PENDING;
        };
    }

    /**
     * True when {@code record}'s trends or finding statuses differ from the last reported ones and
     * at least one trend is known; remembers them as reported.
     */
    boolean changed(ObservedStateRecord record) {
        StringBuilder key = new StringBuilder();
        boolean known = false;
        for (ObservedStateRecord.Operator operator : record.operators()) {
            key.append(operator.operator()).append('=').append(operator.trend()).append(';');
            known |= !operator.trend().equals(Trend.Kind.UNKNOWN.label());
        }
        record.findings().forEach(f -> key.append(f.id()).append('@').append(f.node()).append('=').append(f.status()).append(';'));
        if (!known || key.toString().equals(reportedKey)) {
            return false;
        }
        reportedKey = key.toString();
        return true;
    }

    /** The job as last recorded or observed: what the route and the metrics read. */
    ObservedStateRecord view() {
        return view;
    }

    /**
     * The advisory for {@code vertex}, growing with no finding on it, or none: an operator whose state
     * TTL (the judged plan's) holds, at the observed rate, no more than the size threshold grows as a
     * TTL'd state does until its first keys expire, which is no news. The size it levels at is
     * inferred, not observed: the rate times the TTL, as if keys kept arriving as they did in the
     * window.
     */
    private Optional<String> unfoundGrowth(VertexMapping.MappedVertex vertex, Trend trend) {
        String named = vertex.label() + (vertex.vertexName().startsWith(vertex.label()) ? "" : " (job vertex '" + vertex.vertexName() + "')");
        String grows = named + " grows with no finding of the guard on it: " + trend.describe(thresholdBytes);
        Long ttlMs = stateTtlMs(vertex.operators());
        if (ttlMs == null) {
            return Optional.of(grows + ". The judged plan does not say its state TTL: check it, estimate its key space,"
                    + " or use a window.");
        }
        if (ttlMs == 0) {
            return Optional.of(grows + ". Its state never expires (no state TTL in the judged plan): estimate its key"
                    + " space and give it a state TTL, or a window.");
        }
        double levelsAt = (double) trend.bytesPerHour() * ttlMs / 3_600_000d;
        if (levelsAt <= thresholdBytes) {
            return Optional.empty();
        }
        return Optional.of(grows + ". Its state TTL of " + Bytes.duration(ttlMs) + " keeps each key that long: at this"
                + " rate (inferred, if keys keep arriving so) it holds about " + Bytes.human((long) Math.min(levelsAt, Long.MAX_VALUE))
                + " before keys expire, above " + Bytes.human(thresholdBytes) + ". Estimate its key space; a shorter state"
                + " TTL or a window bounds it.");
    }

    /** The state TTL of a vertex's operators: none (0) when one of them never expires, unknown ({@code null}) when one is not known. */
    private static Long stateTtlMs(List<PlannedOperator> operators) {
        if (operators.stream().anyMatch(operator -> operator.stateTtlMs() == null)) {
            return null;
        }
        return PlannedOperator.stateTtlMs(operators.stream().map(operator -> Duration.ofMillis(operator.stateTtlMs())).toList());
    }
}
