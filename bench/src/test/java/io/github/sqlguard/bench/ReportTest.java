package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.bench.Workload.Kind;

import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

class ReportTest {

    private static final MachineLoad BEFORE = new MachineLoad(2, 1, 2, 3);
    private static final MachineLoad AFTER = new MachineLoad(2, 4, 5, 6);

    private static Series series(long statements, long wallMs, long... millis) {
        Series s = new Series();
        for (long m : millis) {
            s.add(m * 1_000_000L, null);
        }
        s.addRound(statements, wallMs * 1_000_000L);
        return s;
    }

    private static LevelResult level(int sessions) {
        Map<Kind, Series> plain = new EnumMap<>(Kind.class);
        Map<Kind, Series> guarded = new EnumMap<>(Kind.class);
        plain.put(Kind.SET, series(4, 100, 10, 10, 20, 40));
        guarded.put(Kind.SET, series(4, 125, 11, 11, 22, 80));
        plain.put(Kind.HEAVY_INSERT, series(2, 2000, 1000, 1000));
        guarded.put(Kind.HEAVY_INSERT, series(2, 2000, 1100, 1100));
        plain.put(Kind.REFUSED, series(2, 1000, 300, 300));
        Series refused = series(2, 400, 330, 330);
        refused.add(5_000_000L, "ran although the guard should refuse it");
        guarded.put(Kind.REFUSED, refused);
        return new LevelResult(sessions, 2, 1, BEFORE, AFTER, plain, guarded,
                new LevelResult.Heap(70L << 20, 2048L << 20), new LevelResult.Heap(72L << 20, 2048L << 20), 0);
    }

    @Test
    void eachComparedRatioHasItsBootstrapIntervalAndTheRefusalNone() {
        String md = Report.level(level(4));
        String noise = md.substring(md.indexOf("Noise of the ratios above"), md.indexOf("Refused by the guard"));
        // Heavy INSERT: every sample 1000 ms plain and 1100 ms guarded, so every resample's ratio is 1.10.
        assertThat(noise).contains("| heavy INSERT (job submitted) | 1.10 | 1.10-1.10 | 1.10 | 1.10-1.10 |");
        assertThat(noise).contains("| SET | 1.10 |");
        assertThat(noise).doesNotContain("TTL 0");
    }

    @Test
    void aLevelComparesOnlyIdenticalWorkAndShowsLoadAndCores() {
        String md = Report.level(level(4));
        assertThat(md).contains("### 4 sessions (2 measured + 1 warm-up rounds per gateway and kind;"
                + " 2 cores, load 1.00 2.00 3.00 -> 4.00 5.00 6.00)");
        // SET: medians 15 and 16.5 ms, p99 = max, throughput 40 vs 32 statements/s.
        assertThat(md).contains("| SET | 4 | 15.0 | 40.0 | 16.5 | 80.0 | 1.10 | 2.00 | 40.0 | 32.0 | 0.80 |  |");
        assertThat(md).contains("| heavy INSERT (job submitted) | 2 | 1000.0 | 1000.0 | 1100.0 | 1100.0 | 1.10 | 1.10 | 1.0 | 1.0 | 1.00 |  |");
        String compared = md.substring(0, md.indexOf("Refused by the guard"));
        assertThat(compared).doesNotContain("TTL 0");
    }

    @Test
    void refusedStatementsHaveTheirOwnTableWithoutThroughput() {
        String md = Report.level(level(1));
        String refused = md.substring(md.indexOf("Refused by the guard"));
        assertThat(refused).contains("2 cores, load 1.00 2.00 3.00 -> 4.00 5.00 6.00");
        assertThat(refused).contains("| plain EXPLAIN median ms |");
        // 3 guarded samples (330, 330, 5): median 330; the unexpected one is counted.
        assertThat(refused).contains("| heavy SELECT, TTL 0 | 2/3 | 300.0 | 300.0 | 330.0 | 330.0 | 1.10 | 1 |");
        assertThat(refused).doesNotContain("stmt/s");
        assertThat(md).contains("plain 70 / 2048 MB, guarded 72 / 2048 MB");
    }

    @Test
    void theGuardsServerSideTimeIsAddedToThePlainLatencyOnlyForStatementsFlinkRunsTheSameWay() {
        LevelResult r = level(1);
        assertThat(Report.level(r)).doesNotContain("Server side");
        r.guarded().get(Kind.SET).addGuardTimes(List.of(
                new GuardTime(100_000L, 40_000L, 20_000L, 30_000L, 5_000L),
                new GuardTime(300_000L, 90_000L, 60_000L, 100_000L, 25_000L),
                new GuardTime(200_000L, 60_000L, 40_000L, 70_000L, 15_000L)));
        r.guarded().get(Kind.HEAVY_INSERT).addGuardTimes(List.of(GuardTime.ofWire("50000000")));
        String md = Report.level(r);
        // SET: guard median 200 µs over a plain median of 15 ms -> (15 + 0.2) / 15; the parts' medians
        // (parse 60, decide 40, audit 70), the rest's (10, 50, 30 -> 30) and the hand-off's, outside the guard time (15).
        assertThat(md).contains("| SET | 3 | 200 | 300 | 60 | 40 | 70 | 30 | 15 | 15.0 | 1.01 |");
        // An INSERT's guard time is its planning, which the judged plan's execution does not repeat.
        assertThat(md).contains("| heavy INSERT (job submitted) | 1 | 50000 | 50000 | 0 | 0 | 0 | 50000 | 0 | 1000.0 | n/a |");
    }

    @Test
    void theRequestsPathShowsEachGatewaysSubmitAnswerAndResultRequestsPerStatement() {
        LevelResult r = level(1);
        r.plain().get(Kind.SET).addPath(1_000_000L, 2);
        r.plain().get(Kind.SET).addPath(1_200_000L, 3);
        r.guarded().get(Kind.SET).addPath(1_400_000L, 2);
        r.guarded().get(Kind.SET).addPath(1_600_000L, 2);
        // Medians of the submits' answers (1.1 and 1.5 ms) and the mean result requests (2.5 and 2).
        assertThat(Report.level(r)).contains("The request's path").contains("| SET | 1.1 | 1.5 | 2.50 | 2.00 |");
    }

    @Test
    void aGuardTimesWireCarriesTheHandOffAndAnEarlierBuildsWireReadsWithoutIt() {
        GuardTime time = new GuardTime(300_000L, 90_000L, 60_000L, 100_000L, 25_000L);
        assertThat(GuardTime.ofWire(time.wire())).isEqualTo(time);
        assertThat(GuardTime.ofWire("300000:90000:60000:100000")).isEqualTo(new GuardTime(300_000L, 90_000L, 60_000L, 100_000L, 0));
    }

    @Test
    void whenThePlainGatewayIsGuardedTooBothGuardTimesAreSideBySide() {
        LevelResult r = level(1);
        r.guarded().get(Kind.SET).addGuardTimes(List.of(new GuardTime(300_000L, 90_000L, 60_000L, 100_000L)));
        assertThat(Report.level(r)).doesNotContain("Server side in both JVMs");
        r.plain().get(Kind.SET).addGuardTimes(List.of(new GuardTime(200_000L, 60_000L, 40_000L, 70_000L)));
        // guarded/plain 300 / 200 µs; parts parse, decide, audit, rest of each side.
        assertThat(Report.level(r)).contains("| SET | 1 | 200 | 300 | 1.50 | 200 | 300 | 60, 40, 70, 30 / 90, 60, 100, 50 |");
    }

    @Test
    void theBusiestThreadGroupsOfBothGatewaysAreListedWithTheirShareOfACore() {
        LevelResult r = level(1);
        LevelResult withCpu = new LevelResult(1, 2, 1, BEFORE, AFTER, r.plain(), r.guarded(), r.plainHeap(), r.guardedHeap(),
                0, new LevelResult.ThreadCpu(10_000_000_000L,
                        Map.of("sql-gateway-operation-pool-thread", 1_000_000_000L),
                        Map.of("sql-gateway-operation-pool-thread", 1_200_000_000L, "sql-guard-observe", 50_000_000L)));
        String md = Report.level(withCpu);
        assertThat(md).contains("plain 1000 ms (10.0 %), guarded 1250 ms (12.5 %) in all");
        assertThat(md).contains("| sql-gateway-operation-pool-thread | 1000 | 10.0 | 1200 | 12.0 |");
        assertThat(md).contains("| sql-guard-observe | 0 | 0.0 | 50 | 0.5 |");
        assertThat(Report.level(r)).doesNotContain("CPU time of each gateway");
        assertThat(ServeCommand.threadGroup("flink-rest-server-netty-worker-thread-3"))
                .isEqualTo("flink-rest-server-netty-worker-thread");
        assertThat(ServeCommand.threadGroup("C2 CompilerThread1")).isEqualTo("C2 CompilerThread");
    }

    @Test
    void busyStartsAreReported() {
        LevelResult r = level(1);
        LevelResult busy = new LevelResult(1, 2, 1, BEFORE, AFTER, r.plain(), r.guarded(), r.plainHeap(), r.guardedHeap(), 3);
        assertThat(Report.level(busy)).contains("3 measured round(s) started while a gateway was still busy");
        assertThat(Report.level(r)).doesNotContain("still busy");
    }

    @Test
    void theScalingTableHasOneRowPerLevelAndScalingKind() {
        String md = Report.scaling(List.of(level(1), level(16)));
        assertThat(md).contains("| 1 | SET | 15.0 | 16.5 | 1.10 | 40.0 | 80.0 | 2.00 | 0.80 | 2 cores, load 1.00 2.00 3.00 -> 4.00 5.00 6.00 |");
        assertThat(md).contains("| 16 | heavy INSERT (job submitted) | 1000.0 | 1100.0 | 1.10 |");
        assertThat(md).doesNotContain("TTL 0").doesNotContain("heavy SELECT");
        assertThat(md.lines().filter(l -> l.startsWith("| 1") || l.startsWith("| 16"))).hasSize(4);
    }

    @Test
    void theHeaderStatesThePollingAndTheMethod() {
        String md = Report.header(BEFORE, "2g", 1000, "17.0.9", 2000, 6);
        assertThat(md).contains("-Xmx 2g", "Java 17.0.9", "2 cores, load 1.00 2.00 3.00", "polling every 1000 µs",
                "first ran 2000 cheap and 6 heavy statements, not recorded (JIT warm-up)",
                "Only identical work is compared");
    }

    @Test
    void ratiosOfMissingValuesAreNotAvailable() {
        assertThat(Report.ratio(1, 0)).isEqualTo("n/a");
        assertThat(Report.ratio(Double.NaN, 1)).isEqualTo("n/a");
        assertThat(Report.ratio(3, 2)).isEqualTo("1.50");
        assertThat(Report.ms(Double.NaN)).isEqualTo("n/a");
    }

    @Test
    void theMemoryTableShowsGrowthPerItemWithinAPhase() {
        List<Report.HeapCheckpoint> readings =
                List.of(
                        new Report.HeapCheckpoint("before", 0, 100L << 20, BEFORE),
                        new Report.HeapCheckpoint("statements in one session", 1000, (100L << 20) + 100_000, BEFORE),
                        new Report.HeapCheckpoint("statements in one session", 2000, (100L << 20) + 150_000, BEFORE),
                        new Report.HeapCheckpoint("sessions opened and closed", 100, (100L << 20) + 150_000, AFTER));
        String md = Report.memory("guard", "2g", readings);
        assertThat(md).contains("| before | 0 | 100.0 | +0 |  | 2 cores, load 1.00 2.00 3.00 |");
        assertThat(md).contains("| statements in one session | 2,000 | 100.1 | +146 | 50 |");
        // A new phase has no per-item growth in its first row.
        assertThat(md).contains("| sessions opened and closed | 100 | 100.1 | +146 |  | 2 cores, load 4.00 5.00 6.00 |");
    }
}
