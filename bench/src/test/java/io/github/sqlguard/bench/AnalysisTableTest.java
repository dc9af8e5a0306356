package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

class AnalysisTableTest {

    @Test
    void parsesTheFixtureLogByNodes() {
        Map<Integer, AnalysisTable.Fixture> fixtures = AnalysisTable.parseFixtures(List.of(
                "nodes=10 branches=2 executionNodes=9 allNodes=26 chars=2200 findings=4",
                "",
                "nodes=100 branches=20 executionNodes=99 allNodes=287 chars=31000 findings=40"));
        assertThat(fixtures).containsOnlyKeys(10, 100);
        assertThat(fixtures.get(100)).isEqualTo(new AnalysisTable.Fixture(100, 20, 99, 287, 31000, 40));
    }

    @Test
    void rendersOneRowPerSizeWithCostsPerHundredNodes() {
        AnalysisTable.Fixture f = new AnalysisTable.Fixture(100, 20, 200, 500, 31000, 40);
        String md = AnalysisTable.render("Plan analysis", new MachineLoad(2, 1, 1, 1), List.of(
                new AnalysisTable.Row(100, f, 500, 12.5, 1_024_000),
                new AnalysisTable.Row(1000, null, 5000, Double.NaN, Double.NaN)));
        assertThat(md).contains("Plan analysis (2 cores, load 1.00 1.00 1.00)");
        assertThat(md).contains("| 100 | 200 (500) | 31,000 | 40 | 500.0 | 12.5 | 250.0 | 1,024,000 | 500.0 |");
        assertThat(md).contains("| 1000 | n/a | n/a | n/a | 5,000.0 | n/a | n/a | n/a | n/a |");
    }
}
