package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
}
