package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

class SeriesTest {

    @Test
    void throughputIsAllStatementsOverAllRoundsWallTime() {
        Series s = new Series();
        s.addRound(10, 1_000_000_000L);
        s.addRound(30, 3_000_000_000L);
        assertThat(s.throughput()).isEqualTo(10.0);
    }

    @Test
    void noRoundMeansNoThroughput() {
        assertThat(new Series().throughput()).isNaN();
    }

    @Test
    void keepsLatenciesAndProblems() {
        Series s = new Series();
        s.add(2_000_000L, null);
        s.add(4_000_000L, "timed out");
        assertThat(s.stats().medianMs()).isEqualTo(3.0);
        assertThat(s.unexpected()).containsExactly("timed out");
    }

    @Test
    void aProblemOnlyWhenTheOutcomeDiffersFromTheExpectation() {
        assertThat(GatewaysCommand.problem(false, new StatementRunner.Outcome(1, 1, null, false))).isNull();
        assertThat(GatewaysCommand.problem(true, new StatementRunner.Outcome(1, 0, "blocked", false))).isNull();
        assertThat(GatewaysCommand.problem(true, new StatementRunner.Outcome(1, 1, null, false)))
                .isEqualTo("ran although the guard should refuse it");
        assertThat(GatewaysCommand.problem(false, new StatementRunner.Outcome(1, 0, "boom", false))).isEqualTo("boom");
        assertThat(GatewaysCommand.problem(false, new StatementRunner.Outcome(1, 0, null, true))).isEqualTo("timed out");
    }

    @Test
    void guardTimesGoToTheRoundOfTheirGatewayDuringWhichTheCallStarted() {
        Instant t0 = Instant.parse("2026-12-02T10:00:00Z");
        Series setGuarded = new Series();
        Series showGuarded = new Series();
        Series setPlain = new Series();
        List<GatewaysCommand.Window> windows = List.of(
                new GatewaysCommand.Window(false, t0, t0.plusMillis(50), setPlain),
                new GatewaysCommand.Window(true, t0.plusMillis(400), t0.plusMillis(450), setGuarded),
                new GatewaysCommand.Window(true, t0.plusMillis(800), t0.plusMillis(850), showGuarded));
        GatewaysCommand.attribute(List.of(
                new GatewayProcess.TimedGuardTime(t0.plusMillis(10), new GuardTime(1_000_000L, 0, 0, 0)),
                new GatewayProcess.TimedGuardTime(t0.plusMillis(420), new GuardTime(2_000_000L, 0, 0, 0)),
                // a few ms outside its round on the client's clock: still that round's
                new GatewayProcess.TimedGuardTime(t0.plusMillis(853), new GuardTime(3_000_000L, 0, 0, 0)),
                // in no round of this gateway (a warm-up round): dropped
                new GatewayProcess.TimedGuardTime(t0.plusMillis(2000), new GuardTime(4_000_000L, 0, 0, 0))), true, windows);
        assertThat(setGuarded.guardStats().count()).isEqualTo(1);
        assertThat(setGuarded.guardStats().medianMs()).isEqualTo(2.0);
        assertThat(showGuarded.guardStats().medianMs()).isEqualTo(3.0);
        assertThat(setPlain.guardStats().count()).isZero();
    }
}
