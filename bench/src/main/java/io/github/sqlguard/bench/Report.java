package io.github.sqlguard.bench;

import io.github.sqlguard.bench.Workload.Kind;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Renders the harness's results as markdown. Pure: no I/O, no clock. */
public final class Report {

    /** The statement kinds of the scaling table (issue 14: SET, heavy INSERT, heavy SELECT). */
    public static final Set<Kind> SCALING_KINDS = EnumSet.of(Kind.SET, Kind.HEAVY_INSERT, Kind.HEAVY_SELECT);

    private Report() {}

    /** The first lines of a {@code gateways} report. */
    public static String header(MachineLoad load, String heap, long pollMicros, String java, int jitWarmup,
            int jitWarmupHeavy) {
        return String.format(Locale.ROOT,
                "## Flink SQL Guard: plain (rest) vs guarded (guard) SQL Gateway%n%n"
                        + "Two gateway JVMs (-Xms/-Xmx %s, G1, heap pre-touched, local execution, parallelism 1), Java %s; %s at start."
                        + " Each gateway first ran %d cheap and %d heavy statements, not recorded (JIT warm-up).%n"
                        + "Latency: client clock from submit to the first result page with rows, end of stream or error,"
                        + " polling every %d µs (a latency includes up to one poll interval; the REST API reports no"
                        + " server-side timing). Only identical work is compared: statements the guard refuses are"
                        + " in their own table, out of every ratio and throughput.%n",
                heap, java, load, jitWarmup, jitWarmupHeavy, pollMicros);
    }

    /** One level: the compared statements, the refused ones, and the heaps. */
    public static String level(LevelResult r) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT,
                "%n### %d session%s (%d measured + %d warm-up rounds per gateway and kind; %s)%n%n",
                r.sessions(), r.sessions() == 1 ? "" : "s", r.measuredRounds(), r.warmupRounds(),
                MachineLoad.span(r.before(), r.after())));
        out.append("| statement | n | plain median ms | plain p99 ms | guarded median ms | guarded p99 ms"
                + " | guarded/plain median | guarded/plain p99 | plain stmt/s | guarded stmt/s"
                + " | guarded/plain throughput | unexpected |\n");
        out.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        List<Kind> refused = new ArrayList<>();
        for (Kind kind : Kind.values()) {
            Series plain = r.plain().get(kind);
            Series guarded = r.guarded().get(kind);
            if (plain == null || guarded == null) {
                continue;
            }
            if (kind.refused()) {
                refused.add(kind);
                continue;
            }
            LatencyStats a = plain.stats();
            LatencyStats b = guarded.stats();
            out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    kind.label(), count(a, b), ms(a.medianMs()), ms(a.percentileMs(99)), ms(b.medianMs()),
                    ms(b.percentileMs(99)), ratio(b.medianMs(), a.medianMs()),
                    ratio(b.percentileMs(99), a.percentileMs(99)), rate(plain.throughput()),
                    rate(guarded.throughput()), ratio(guarded.throughput(), plain.throughput()),
                    unexpected(plain, guarded)));
        }
        out.append(noise(r));
        out.append(requestPath(r));
        out.append(guardTimes(r));
        out.append(plainGuardTimes(r));
        if (!refused.isEmpty()) {
            out.append(String.format(Locale.ROOT,
                    "%nRefused by the guard, not identical work (out of the ratios and throughput above): the guarded"
                            + " gateway's time to refusal beside the plain gateway's EXPLAIN CHANGELOG_MODE of the same"
                            + " statement (%s).%n%n", MachineLoad.span(r.before(), r.after())));
            out.append("| statement | n | plain EXPLAIN median ms | plain EXPLAIN p99 ms | guarded refusal median ms"
                    + " | guarded refusal p99 ms | refusal/EXPLAIN median | unexpected |\n");
            out.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
            for (Kind kind : refused) {
                LatencyStats a = r.plain().get(kind).stats();
                LatencyStats b = r.guarded().get(kind).stats();
                out.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s |%n",
                        kind.label(), count(a, b), ms(a.medianMs()), ms(a.percentileMs(99)), ms(b.medianMs()),
                        ms(b.percentileMs(99)), ratio(b.medianMs(), a.medianMs()),
                        unexpected(r.plain().get(kind), r.guarded().get(kind))));
            }
        }
        if (r.busyStarts() > 0) {
            out.append(String.format(Locale.ROOT,
                    "%n%d measured round(s) started while a gateway was still busy after the idle wait.%n", r.busyStarts()));
        }
        out.append(String.format(Locale.ROOT,
                "%nGateway heap at the end of the level (used after a full GC / committed): plain %s, guarded %s.%n",
                heap(r.plainHeap()), heap(r.guardedHeap())));
        out.append(threadCpu(r.threadCpu()));
        return out.toString();
    }

    /**
     * Where each gateway's latency went on the client's side: the submit's answer (the operation handle) and the result
     * requests after it, of which all but the last found the result not ready and were followed by a poll interval.
     */
    static String requestPath(LevelResult r) {
        StringBuilder rows = new StringBuilder();
        for (Kind kind : Kind.values()) {
            Series plain = r.plain().get(kind);
            Series guarded = r.guarded().get(kind);
            if (plain == null || guarded == null || kind.refused() || plain.submitStats().count() == 0) {
                continue;
            }
            rows.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", kind.label(),
                    ms(plain.submitStats().medianMs()), ms(guarded.submitStats().medianMs()),
                    String.format(Locale.ROOT, "%.2f", plain.fetchesPerStatement()),
                    String.format(Locale.ROOT, "%.2f", guarded.fetchesPerStatement())));
        }
        if (rows.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT, "%nThe request's path on the client: the submit's answer (median ms) and the"
                + " result requests per statement (mean; every one but the last found the result not ready and was"
                + " followed by a poll interval).%n%n")
                + "| statement | plain submit median ms | guarded submit median ms | plain fetches | guarded fetches |\n"
                + "|---|---:|---:|---:|---:|\n"
                + rows;
    }

    /** Thread groups listed in {@link #threadCpu}: those that used the most CPU in either gateway. */
    static final int THREAD_GROUPS = 10;

    /**
     * The CPU time of each gateway's busiest thread groups during the level, in ms and as a share of
     * one core over the level's wall time; empty without readings.
     */
    static String threadCpu(LevelResult.ThreadCpu cpu) {
        if (cpu.wallNanos() <= 0 || (cpu.plain().isEmpty() && cpu.guarded().isEmpty())) {
            return "";
        }
        java.util.Set<String> groups = new java.util.TreeSet<>(cpu.plain().keySet());
        groups.addAll(cpu.guarded().keySet());
        List<String> busiest = groups.stream()
                .sorted(java.util.Comparator.comparingLong((String g) -> -Math.max(
                        cpu.plain().getOrDefault(g, 0L), cpu.guarded().getOrDefault(g, 0L))))
                .limit(THREAD_GROUPS)
                .toList();
        long plainTotal = cpu.plain().values().stream().mapToLong(Long::longValue).sum();
        long guardedTotal = cpu.guarded().values().stream().mapToLong(Long::longValue).sum();
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "%nCPU time of each gateway JVM's threads during the level (ThreadMXBean, read in the gateway; threads"
                        + " grouped by name without their numbers; %% of one core over the level's %.1f s), the %d busiest"
                        + " groups: plain %.0f ms (%.1f %%), guarded %.0f ms (%.1f %%) in all.%n%n",
                cpu.wallNanos() / 1e9, THREAD_GROUPS, plainTotal / 1e6, share(plainTotal, cpu.wallNanos()),
                guardedTotal / 1e6, share(guardedTotal, cpu.wallNanos())));
        out.append("| thread group | plain ms | plain % of a core | guarded ms | guarded % of a core |\n");
        out.append("|---|---:|---:|---:|---:|\n");
        for (String group : busiest) {
            long a = cpu.plain().getOrDefault(group, 0L);
            long b = cpu.guarded().getOrDefault(group, 0L);
            out.append(String.format(Locale.ROOT, "| %s | %.0f | %.1f | %.0f | %.1f |%n", group, a / 1e6,
                    share(a, cpu.wallNanos()), b / 1e6, share(b, cpu.wallNanos())));
        }
        return out.toString();
    }

    private static double share(long cpuNanos, long wallNanos) {
        return 100.0 * cpuNanos / wallNanos;
    }

    /**
     * The guard's own time per statement measured in the guarded gateway (its {@code
     * io.github.sqlguard.Statement} JFR events: the call held on the guard's thread, Flink's own
     * hand-off excluded), beside the plain gateway's median latency; empty when none was recorded.
     */
    static String guardTimes(LevelResult r) {
        StringBuilder rows = new StringBuilder();
        for (Kind kind : Kind.values()) {
            Series plain = r.plain().get(kind);
            Series guarded = r.guarded().get(kind);
            if (plain == null || guarded == null) {
                continue;
            }
            LatencyStats g = guarded.guardStats();
            if (g.count() == 0) {
                continue;
            }
            double plainMedian = plain.stats().medianMs();
            rows.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", kind.label(),
                    g.count(), us(g.medianMs()), us(g.percentileMs(99)),
                    us(guarded.guardStats(GuardTime::parse).medianMs()),
                    us(guarded.guardStats(GuardTime::decide).medianMs()),
                    us(guarded.guardStats(GuardTime::audit).medianMs()),
                    us(guarded.guardStats(GuardTime::rest).medianMs()),
                    us(guarded.guardStats(GuardTime::handOff).medianMs()),
                    ms(plainMedian), kind.cheap() ? ratio(plainMedian + g.medianMs(), plainMedian) : "n/a"));
        }
        if (rows.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT,
                "%nServer side: the time the guarded gateway held each statement on the guard's thread (the REST"
                        + " endpoint's parse included), Flink's own hand-off excluded and shown apart (JFR event"
                        + " io.github.sqlguard.Statement, measured rounds only), and the"
                        + " medians of its parts: Flink's SQL parser reading the statement, the decision (configuration"
                        + " checks, planning, rules), the audit records (of a statement handed on as its text: both"
                        + " in one logging event), and the rest (the session's previous"
                        + " change, the policy's scope, the advisory, metrics); beside the plain gateway's median"
                        + " latency. The last column, (plain median + guard median) / plain"
                        + " median, is what the guard adds to a statement Flink runs the same way behind either gateway"
                        + " (SET, RESET, DDL, SHOW); a planned statement's guard time is mostly planning, which for an"
                        + " INSERT run as its judged plan replaces Flink's own, so it is not added there.%n%n")
                + "| statement | n | guard median µs | guard p99 µs | parse median µs | decide median µs"
                + " | audit median µs | rest median µs | hand-off median µs | plain median ms | plain + guard / plain |\n"
                + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                + rows;
    }

    /**
     * The 'plain' gateway's own guard time beside the guarded one's, when the plain gateway is a
     * guarded one too ({@code --plain-endpoint guard}): the same JFR events in both JVMs, so a setting
     * compared (e.g. the observed state) shows in the server-side time of the same statements.
     */
    static String plainGuardTimes(LevelResult r) {
        StringBuilder rows = new StringBuilder();
        for (Kind kind : Kind.values()) {
            Series plain = r.plain().get(kind);
            Series guarded = r.guarded().get(kind);
            if (plain == null || guarded == null || plain.guardStats().count() == 0 || guarded.guardStats().count() == 0) {
                continue;
            }
            LatencyStats a = plain.guardStats();
            LatencyStats b = guarded.guardStats();
            rows.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s |%n", kind.label(),
                    count(a, b), us(a.medianMs()), us(b.medianMs()), ratio(b.medianMs(), a.medianMs()),
                    us(a.percentileMs(99)), us(b.percentileMs(99)), parts(plain) + " / " + parts(guarded)));
        }
        if (rows.isEmpty()) {
            return "";
        }
        return String.format(Locale.ROOT,
                "%nServer side in both JVMs (the 'plain' gateway is a guarded one too): the guard time of the same"
                        + " statements (JFR, measured rounds only).%n%n")
                + "| statement | n | plain guard median µs | guarded guard median µs | guarded/plain | plain p99 µs"
                + " | guarded p99 µs | parse, decide, audit, rest medians µs: plain / guarded |\n"
                + "|---|---:|---:|---:|---:|---:|---:|---|\n"
                + rows;
    }

    private static String parts(Series series) {
        return us(series.guardStats(GuardTime::parse).medianMs()) + ", " + us(series.guardStats(GuardTime::decide).medianMs())
                + ", " + us(series.guardStats(GuardTime::audit).medianMs()) + ", "
                + us(series.guardStats(GuardTime::rest).medianMs());
    }

    static String us(double millis) {
        return Double.isNaN(millis) ? "n/a" : String.format(Locale.ROOT, "%.0f", millis * 1000);
    }

    /** The scaling table: per level and kind of {@link #SCALING_KINDS}, the guarded/plain ratios. */
    public static String scaling(List<LevelResult> levels) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%n### Scaling: guarded/plain per concurrent sessions%n%n"));
        out.append("| sessions | statement | plain median ms | guarded median ms | guarded/plain median"
                + " | plain p99 ms | guarded p99 ms | guarded/plain p99 | guarded/plain throughput | cores, load before -> after |\n");
        out.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (LevelResult r : levels) {
            for (Kind kind : SCALING_KINDS) {
                Series plain = r.plain().get(kind);
                Series guarded = r.guarded().get(kind);
                if (plain == null || guarded == null) {
                    continue;
                }
                LatencyStats a = plain.stats();
                LatencyStats b = guarded.stats();
                out.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                        r.sessions(), kind.label(), ms(a.medianMs()), ms(b.medianMs()), ratio(b.medianMs(), a.medianMs()),
                        ms(a.percentileMs(99)), ms(b.percentileMs(99)), ratio(b.percentileMs(99), a.percentileMs(99)),
                        ratio(guarded.throughput(), plain.throughput()), MachineLoad.span(r.before(), r.after())));
            }
        }
        return out.toString();
    }

    /**
     * One heap reading of the {@code memory} mode.
     *
     * @param phase what ran before it
     * @param done statements (or sessions) done in that phase so far
     * @param usedBytes heap in use after a full GC
     * @param load the machine's load when it was read
     */
    public record HeapCheckpoint(String phase, long done, long usedBytes, MachineLoad load) {}

    /**
     * The {@code memory} mode's table: each reading, its growth over the first one, and the growth
     * per statement (or session) since the previous reading of the same phase.
     */
    public static String memory(String endpoint, String heap, List<HeapCheckpoint> checkpoints) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%n### Gateway heap over many statements and sessions (%s endpoint, -Xmx%s)%n%n",
                endpoint, heap));
        out.append("| phase | done | heap used after full GC MB | vs first reading KB | bytes per item since previous reading | cores, load |\n");
        out.append("|---|---:|---:|---:|---:|---|\n");
        HeapCheckpoint first = checkpoints.isEmpty() ? null : checkpoints.get(0);
        HeapCheckpoint previous = null;
        for (HeapCheckpoint c : checkpoints) {
            String perItem = "";
            if (previous != null && previous.phase().equals(c.phase()) && c.done() > previous.done()) {
                perItem = String.format(Locale.ROOT, "%,.0f",
                        (c.usedBytes() - previous.usedBytes()) / (double) (c.done() - previous.done()));
            }
            out.append(String.format(Locale.ROOT, "| %s | %,d | %.1f | %+,.0f | %s | %s |%n", c.phase(), c.done(),
                    c.usedBytes() / 1048576.0, (c.usedBytes() - first.usedBytes()) / 1024.0, perItem, c.load()));
            previous = c;
        }
        return out.toString();
    }

    static String count(LatencyStats plain, LatencyStats guarded) {
        return plain.count() == guarded.count() ? String.valueOf(plain.count()) : plain.count() + "/" + guarded.count();
    }

    static String ms(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.1f", value);
    }

    static String rate(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.1f", value);
    }

    /** {@code guarded / plain} with two decimals, {@code n/a} when either is missing or plain is 0. */
    /**
     * The noise of each compared kind's ratios: a 95 % interval of guarded/plain median and p99 by
     * bootstrap (each gateway's latencies resampled with replacement, 1,000 times, a fixed seed), so
     * a ratio is read with the spread the same samples allow on this machine at this load.
     */
    static String noise(LevelResult r) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "%nNoise of the ratios above: 95 %% bootstrap interval (1,000 resamples of each gateway's latencies).%n%n"
                        + "| statement | guarded/plain median | 95 %% interval | guarded/plain p99 | 95 %% interval |%n"
                        + "|---|---:|---|---:|---|%n"));
        boolean any = false;
        for (Kind kind : Kind.values()) {
            Series plain = r.plain().get(kind);
            Series guarded = r.guarded().get(kind);
            if (plain == null || guarded == null || kind.refused()) {
                continue;
            }
            List<Long> a = plain.latencies();
            List<Long> b = guarded.latencies();
            if (a.isEmpty() || b.isEmpty()) {
                continue;
            }
            any = true;
            double[] median = bootstrap(a, b, 50);
            double[] p99 = bootstrap(a, b, 99);
            out.append(String.format(Locale.ROOT, "| %s | %s | %.2f-%.2f | %s | %.2f-%.2f |%n", kind.label(),
                    ratio(guarded.stats().medianMs(), plain.stats().medianMs()), median[0], median[1],
                    ratio(guarded.stats().percentileMs(99), plain.stats().percentileMs(99)), p99[0], p99[1]));
        }
        return any ? out.toString() : "";
    }

    /** The 2.5th and 97.5th percentiles of guarded/plain at percentile {@code p} over 1,000 resamples. */
    static double[] bootstrap(List<Long> plain, List<Long> guarded, int p) {
        java.util.Random random = new java.util.Random(42);
        int n = 1_000;
        double[] ratios = new double[n];
        for (int i = 0; i < n; i++) {
            ratios[i] = percentile(resample(guarded, random), p) / percentile(resample(plain, random), p);
        }
        java.util.Arrays.sort(ratios);
        return new double[] {ratios[(int) (n * 0.025)], ratios[(int) (n * 0.975) - 1]};
    }

    private static List<Long> resample(List<Long> values, java.util.Random random) {
        List<Long> out = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            out.add(values.get(random.nextInt(values.size())));
        }
        return out;
    }

    /** Nearest-rank percentile {@code p} of {@code values} (as {@link LatencyStats}: below 100 samples p99 is the maximum). */
    static double percentile(List<Long> values, int p) {
        long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length, rank) - 1)];
    }

    static String ratio(double guarded, double plain) {
        return Double.isNaN(guarded) || Double.isNaN(plain) || plain == 0
                ? "n/a"
                : String.format(Locale.ROOT, "%.2f", guarded / plain);
    }

    private static String unexpected(Series plain, Series guarded) {
        int bad = plain.unexpected().size() + guarded.unexpected().size();
        return bad == 0 ? "" : String.valueOf(bad);
    }

    private static String heap(LevelResult.Heap heap) {
        return heap == null ? "n/a" : (heap.usedBytes() >> 20) + " / " + (heap.committedBytes() >> 20) + " MB";
    }
}
