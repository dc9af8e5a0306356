package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;

class ContentionReportTest {

    private static final MachineLoad LOAD = new MachineLoad(2, 1.0, 1.0, 1.0);

    private static LatencyStats millis(long... values) {
        return new LatencyStats(java.util.Arrays.stream(values).map(v -> v * 1_000_000L).boxed().toList());
    }

    @Test
    void givesEachGatewaysLatencyAloneAndUnderTheHugeStatementAndTheGuardedOverPlainRatio() {
        ContentionCommand.Run plain = new ContentionCommand.Run("rest", millis(100, 120), millis(400, 600, 800), 0, null,
                new StatementRunner.Outcome(30_000_000_000L, 0, null, false), LOAD, LOAD);
        ContentionCommand.Run guarded = new ContentionCommand.Run("guard", millis(110, 130), millis(900, 1200), 1,
                "[sql-guard] refused | because\nsecond line", new StatementRunner.Outcome(60_000_000_000L, 0, "planning"
                        + " timed out", false), LOAD, LOAD);

        String report = ContentionCommand.report(List.of(plain, guarded), 280_000, "SELECT a FROM t WHERE a IN (1, 2");

        assertThat(report).contains("| rest | ").contains("| 2, 110.0 | 3, 600.0, 800.0 | 0 | 30000, ran |");
        assertThat(report).contains("| 2, 1050.0, 1200.0 | 1 ([sql-guard] refused / because) | 60000, failed: planning timed out |");
        assertThat(report).contains("Guarded over plain, B's median while A runs: 1.75")
                .contains("Session A: `SELECT a FROM t WHERE a IN (1, 2…` of 280,000 characters");
    }

    @Test
    void sessionAsTopNUnionIsAnInsertOfOneTopNPerBranchAndItsExplain() {
        String insert = ContentionCommand.hugeStatement("top-n-union", 0, 3);

        assertThat(insert).startsWith("INSERT INTO top_urls SELECT * FROM (SELECT user_id, url, ts, ROW_NUMBER()");
        assertThat(insert.split("UNION ALL", -1)).hasSize(3);
        assertThat(insert).contains("WHERE user_id % 3 = 2) WHERE rn <= 3");
        assertThat(ContentionCommand.hugeStatement("explain-top-n-union", 0, 3)).isEqualTo("EXPLAIN " + insert);
        assertThat(ContentionCommand.hugeStatement("in-list", 3, 0)).isEqualTo("SELECT a FROM t WHERE a IN (1, 2, 3)");
    }

    @Test
    void noRatioWithoutSamplesUnderLoad() {
        ContentionCommand.Run plain = new ContentionCommand.Run("rest", millis(100), millis(), 0, null,
                new StatementRunner.Outcome(1_000_000L, 0, null, false), LOAD, LOAD);

        assertThat(ContentionCommand.report(List.of(plain, plain), 10, "SELECT 1")).doesNotContain("Guarded over plain");
    }
}
