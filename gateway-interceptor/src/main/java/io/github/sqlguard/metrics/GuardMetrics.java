package io.github.sqlguard.metrics;

import io.github.sqlguard.flink.SqlGatewayMetrics;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.metrics.DescriptiveStatisticsHistogram;
import org.apache.flink.runtime.metrics.groups.AbstractMetricGroup;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntSupplier;

/**
 * The guard's metrics, reported through Flink's own metric system: the {@code metrics.reporter.*}
 * options of {@code config.yaml} set up the same reporters (Prometheus, JMX, SLF4J, …, from {@code
 * lib/} or {@code plugins/}) with the same filters and scope options as on a JobManager.
 *
 * <p>Metrics, under {@code <host>.sqlgateway.sqlguard} (Prometheus: {@code
 * flink_sqlgateway_sqlguard_…}, with the key/value groups as labels):
 *
 * <table>
 *   <tr><th>metric</th><th>type</th><th>labels</th></tr>
 *   <tr><td>{@code statements.kind.<kind>.verdict.<verdict>.count}</td><td>counter</td><td>kind, verdict</td></tr>
 *   <tr><td>{@code findings.rule.<id>.level.<level>.count}</td><td>counter</td><td>rule, level</td></tr>
 *   <tr><td>{@code refusals}</td><td>counter</td><td></td></tr>
 *   <tr><td>{@code wouldBlock}</td><td>counter</td><td>(report mode: statements enforce mode would refuse)</td></tr>
 *   <tr><td>{@code failModeDecisions.mode.<mode>.count}</td><td>counter</td><td>mode</td></tr>
 *   <tr><td>{@code explainTimeouts}</td><td>counter</td><td></td></tr>
 *   <tr><td>{@code auditWriteFailures}</td><td>counter</td><td></td></tr>
 *   <tr><td>{@code identityRejections}</td><td>counter</td><td>(identity headers from untrusted addresses)</td></tr>
 *   <tr><td>{@code policyReloads.outcome.<outcome>.count}</td><td>counter</td><td>outcome</td></tr>
 *   <tr><td>{@code sessionsOpen}</td><td>gauge</td><td></td></tr>
 *   <tr><td>{@code rewrites.rule.<id>.result.<offered|verified|rejected>.count}</td><td>counter</td><td>rule, result</td></tr>
 *   <tr><td>{@code observedJobs}</td><td>gauge</td><td>(jobs whose state is watched: docs/operations/observed-state.md)</td></tr>
 *   <tr><td>{@code observed.job_id.<id>.operator.<label>.stateBytes}, {@code …bytesPerHour}</td><td>gauge</td><td>job_id, operator</td></tr>
 *   <tr><td>{@code observed.job_id.<id>.findingsConfirmed}, {@code …findingsNotConfirmed}</td><td>gauge</td><td>job_id</td></tr>
 *   <tr><td>{@code observedFindings.rule.<id>.status.<confirmed|not-confirmed>.count}</td><td>counter</td><td>rule, status</td></tr>
 *   <tr><td>{@code analysisTimeMs}, {@code explainTimeMs}, {@code guardTimeUs}, {@code rewriteTimeMs}</td><td>histogram</td><td></td></tr>
 * </table>
 *
 * plus the JVM's {@code Status.JVM.*} metrics under {@code <host>.sqlgateway}, as a JobManager has.
 *
 * <p>Thread-safe; one per gateway. Stability: public, evolving.
 */
public final class GuardMetrics implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GuardMetrics.class);

    /** Samples kept by each histogram (the most recent). */
    static final int HISTOGRAM_WINDOW = 1000;

    private final MetricGroup guard;
    private final AutoCloseable onClose;
    private final Map<List<String>, Counter> labelled = new ConcurrentHashMap<>();
    private final Counter refusals;
    private final Counter wouldBlock;
    private final Counter explainTimeouts;
    private final Counter auditWriteFailures;
    private final Counter identityRejections;
    private final Histogram analysisTime;
    private final Histogram explainTime;
    private final Histogram guardTime;
    private final Histogram rewriteTime;
    private volatile IntSupplier sessionsOpen = () -> 0;
    private volatile IntSupplier observedJobs = () -> 0;

    /**
     * @param guard the group the guard's metrics are added to
     * @param onClose what {@link #close()} releases (the registry and its reporters)
     */
    GuardMetrics(MetricGroup guard, AutoCloseable onClose) {
        this.guard = guard;
        this.onClose = onClose;
        this.refusals = guard.counter("refusals");
        this.wouldBlock = guard.counter("wouldBlock");
        this.explainTimeouts = guard.counter("explainTimeouts");
        this.auditWriteFailures = guard.counter("auditWriteFailures");
        this.identityRejections = guard.counter("identityRejections");
        this.analysisTime = guard.histogram("analysisTimeMs", new DescriptiveStatisticsHistogram(HISTOGRAM_WINDOW));
        this.explainTime = guard.histogram("explainTimeMs", new DescriptiveStatisticsHistogram(HISTOGRAM_WINDOW));
        this.guardTime = guard.histogram("guardTimeUs", new DescriptiveStatisticsHistogram(HISTOGRAM_WINDOW));
        this.rewriteTime = guard.histogram("rewriteTimeMs", new DescriptiveStatisticsHistogram(HISTOGRAM_WINDOW));
        guard.gauge("sessionsOpen", (Gauge<Integer>) () -> sessionsOpen.getAsInt());
        guard.gauge("observedJobs", (Gauge<Integer>) () -> observedJobs.getAsInt());
    }

    /**
     * Sets up Flink's metric registry from {@code config} as a JobManager does ({@code
     * metrics.reporter.<name>.*}, {@code metrics.reporters}, scope and filter options; reporter
     * factories from the classpath and from Flink's plugins directory), with the gateway's root
     * group for {@code hostname}. Reporters that cannot start are logged by Flink and skipped, as on
     * a JobManager; the guard runs with or without them.
     */
    public static GuardMetrics fromConfiguration(Configuration config, String hostname) {
        SqlGatewayMetrics.Root root = SqlGatewayMetrics.open(config, hostname);
        LOG.info("Flink SQL Guard: metrics of {}.sqlgateway go to {} reporter(s).", hostname, root.reporters());
        return new GuardMetrics(root.group().addGroup("sqlguard"), root.close());
    }

    /** Metrics that are counted but reported nowhere: for tests and tools without a gateway. */
    public static GuardMetrics unregistered() {
        return new GuardMetrics(new UnregisteredMetricsGroup(), () -> {});
    }

    /** One statement (or configuration call) decided: its statement kind and verdict label. */
    public void statement(String kind, String verdict) {
        labelled("statements", "kind", kind, "verdict", verdict).inc();
    }

    /** One finding reported, at the level it was reported (after policy and suppression). */
    public void finding(String ruleId, String level) {
        labelled("findings", "rule", ruleId, "level", level).inc();
    }

    /** A statement refused (enforce mode). */
    public void refused() {
        refusals.inc();
    }

    /** A statement run in report mode that enforce mode would have refused. */
    public void wouldBlock() {
        wouldBlock.inc();
    }

    /** The guard could not decide and {@code sql-guard.fail-mode} ({@code open} or {@code closed}) did. */
    public void failMode(String mode) {
        labelled("failModeDecisions", "mode", mode).inc();
    }

    /** EXPLAIN did not finish within {@code sql-guard.explain-timeout}. */
    public void explainTimeout() {
        explainTimeouts.inc();
    }

    /** An audit record could not be written. */
    public void auditWriteFailure() {
        auditWriteFailures.inc();
    }

    /** An identity header came from an address that is not a trusted proxy and was ignored. */
    public void identityRejected() {
        identityRejections.inc();
    }

    /** A policy reload ended with {@code outcome} ({@code applied}, {@code rejected}, …). */
    public void policyReload(String outcome) {
        labelled("policyReloads", "outcome", outcome).inc();
    }

    /** Time the guard spent deciding one statement, EXPLAIN included. */
    public void analysisMillis(long millis) {
        analysisTime.update(millis);
    }

    /**
     * Time the guard held one {@code executeStatement} call on its thread, µs, Flink's own hand-off
     * of the statement excluded: what the guard adds to a statement's latency.
     */
    public void guardMicros(long micros) {
        guardTime.update(micros);
    }

    /**
     * The rewrites written for findings of {@code ruleId} in one statement: {@code offered}
     * candidates, of which {@code verified} were proven and {@code rejected} were not.
     */
    public void rewrites(String ruleId, int offered, int verified, int rejected) {
        labelled("rewrites", "rule", ruleId, "result", "offered").inc(offered);
        labelled("rewrites", "rule", ruleId, "result", "verified").inc(verified);
        labelled("rewrites", "rule", ruleId, "result", "rejected").inc(rejected);
    }

    /** Time the rewrites of one statement took to write and prove. */
    public void rewriteMillis(long millis) {
        rewriteTime.update(millis);
    }

    /** Time one EXPLAIN took in the user's session. */
    public void explainMillis(long millis) {
        explainTime.update(millis);
    }

    /** Where the {@code sessionsOpen} gauge reads the number of open sessions from. */
    public void sessionsOpen(IntSupplier openSessions) {
        this.sessionsOpen = openSessions;
    }

    /**
     * A finding's status changed to {@code status} ({@code confirmed}, {@code not-confirmed}) by
     * the state its job's operator really keeps.
     */
    public void observedFinding(String ruleId, String status) {
        labelled("observedFindings", "rule", ruleId, "status", status).inc();
    }

    /** The group of one watched job's gauges: {@code observed.job_id.<id>}. */
    public MetricGroup observedJob(String jobId) {
        return guard.addGroup("observed").addGroup("job_id", jobId);
    }

    /**
     * Unregisters a watched job's gauges ({@link #observedJob}): Flink closes the group
     * ({@code AbstractMetricGroup#close}), which removes its metrics from the reporters. The closed,
     * empty group stays in its parent's map (Flink offers no removal of a child group): a few
     * hundred bytes per job ever watched.
     */
    public void forgetObservedJob(MetricGroup job) {
        if (job instanceof AbstractMetricGroup<?> group) {
            group.close();
        }
    }

    /** Where the {@code observedJobs} gauge reads the number of jobs whose state is watched from. */
    public void observedJobs(IntSupplier watched) {
        this.observedJobs = watched;
    }

    /** The {@code sqlguard} group, for metrics beyond these. */
    public MetricGroup group() {
        return guard;
    }

    /** Unregisters the metrics and closes the reporters (a Prometheus reporter frees its port). */
    @Override
    public void close() throws Exception {
        onClose.close();
    }

    /** The counter {@code group.k1.v1[.k2.v2].count}, created on first use. */
    private Counter labelled(String group, String... keysAndValues) {
        List<String> id = new ArrayList<>(keysAndValues.length + 1);
        id.add(group);
        for (String part : keysAndValues) {
            id.add(String.valueOf(part));
        }
        return labelled.computeIfAbsent(List.copyOf(id), k -> {
            MetricGroup target = guard.addGroup(group);
            for (int i = 0; i < keysAndValues.length; i += 2) {
                target = target.addGroup(keysAndValues[i], String.valueOf(keysAndValues[i + 1]));
            }
            return target.counter("count");
        });
    }
}
