package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.bench.Workload.Kind;
import io.github.sqlguard.bench.Workload.Step;
import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;

import java.util.List;

class WorkloadTest {

    private final StatementParser parser = new StatementParser();

    @Test
    void aPassHasEveryKindAndRepeatsTheCheapOnes() {
        List<Step> pass = new Workload(3).pass(0, 0);
        assertThat(pass).extracting(Step::kind).containsOnly(Kind.values());
        assertThat(pass.stream().filter(s -> s.kind() == Kind.SHOW)).hasSize(3);
        assertThat(pass.stream().filter(s -> s.kind() == Kind.INSERT)).hasSize(1);
    }

    @Test
    void onlyTheTopNWithTtlZeroIsMeantToBeBlocked() {
        assertThat(new Workload(1).pass(0, 0))
                .filteredOn(Step::blockedByGuard)
                .singleElement()
                .satisfies(s -> {
                    assertThat(s.kind()).isEqualTo(Kind.TOP_N_BLOCKED);
                    assertThat(s.executionConfig()).containsEntry("table.exec.state.ttl", "0");
                });
    }

    @Test
    void everyStatementParsesAsItsKind() {
        Workload workload = new Workload(1);
        workload.setup(2).forEach(sql -> assertThat(parser.parse(sql).kind()).isEqualTo(StatementKind.DDL));
        for (Step step : workload.pass(2, 5)) {
            StatementKind expected =
                    switch (step.kind()) {
                        case SET -> StatementKind.SET;
                        case DDL -> StatementKind.DDL;
                        case SHOW -> StatementKind.METADATA;
                        case INSERT -> StatementKind.INSERT;
                        default -> StatementKind.QUERY;
                    };
            assertThat(parser.parse(step.sql()).kind()).as(step.sql()).isEqualTo(expected);
        }
    }

    @Test
    void tableNamesDifferBetweenSessionsAndPasses() {
        Workload workload = new Workload(2);
        List<String> ddl =
                List.of(workload.pass(0, 0), workload.pass(0, 1), workload.pass(1, 0)).stream()
                        .flatMap(List::stream)
                        .filter(s -> s.kind() == Kind.DDL)
                        .map(Step::sql)
                        .toList();
        assertThat(ddl).doesNotHaveDuplicates().hasSize(6);
    }
}
