package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.bench.Workload.Kind;
import io.github.sqlguard.bench.Workload.Step;
import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.StatementParser;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.Stream;

class WorkloadTest {

    private final StatementParser parser = new StatementParser();
    private final Workload workload = new Workload(3, 1);

    @Test
    void cheapKindsRepeatAndHeavyKindsDoNot() {
        assertThat(workload.steps(Kind.SET, 0, 0)).hasSize(3);
        assertThat(workload.steps(Kind.SHOW, 0, 0)).hasSize(3);
        assertThat(workload.steps(Kind.HEAVY_INSERT, 0, 0)).hasSize(1);
        assertThat(new Workload(3, 2).steps(Kind.HEAVY_SELECT, 0, 0)).hasSize(2);
    }

    @Test
    void everyKindButTheRefusedOneIsIdenticalWorkOnBothGateways() {
        for (Kind kind : Kind.values()) {
            for (Step step : workload.steps(kind, 1, 2)) {
                if (kind.refused()) {
                    assertThat(step.refusedByGuard()).isTrue();
                    assertThat(step.expectFailure(true)).isTrue();
                    assertThat(step.expectFailure(false)).isEqualTo(step.failsOnPlain());
                } else {
                    assertThat(step.plainSql()).isEqualTo(step.guardedSql());
                    if (!kind.untimed()) {
                        assertThat(step.executionConfig()).isEmpty();
                    }
                    assertThat(step.expectFailure(true)).isFalse();
                    assertThat(step.expectFailure(false)).isFalse();
                }
            }
        }
    }

    @Test
    void thePlainGatewayExplainsTheStatementTheGuardRefuses() {
        Step step = workload.steps(Kind.REFUSED, 4, 0).get(0);
        assertThat(step.guardedSql()).isEqualTo(Workload.heavyQuery(4));
        assertThat(step.plainSql()).isEqualTo("EXPLAIN CHANGELOG_MODE " + Workload.heavyQuery(4));
        assertThat(step.executionConfig()).containsEntry("table.exec.state.ttl", "0");
    }

    @Test
    void theHeavyQueryJoinsFiveTablesThroughTheTopNAndDedupViews() {
        String query = Workload.heavyQuery(7);
        assertThat(query.split("\\bJOIN\\b")).hasSize(5);
        assertThat(query).contains("top_products_7", "latest_users_7", "orders_7", "regions_7", "categories_7");
        String views = String.join("\n", workload.setup(7));
        assertThat(views).contains("CREATE TEMPORARY VIEW latest_users_7", "ORDER BY proc DESC) AS rn", "WHERE rn = 1");
        assertThat(views).contains("CREATE TEMPORARY VIEW top_products_7", "WHERE rn <= 3");
    }

    @Test
    void setupSetsTheTtlFirstAndEverySourceIsBounded() {
        List<String> setup = workload.setup(0);
        assertThat(setup.get(0)).isEqualTo("SET 'table.exec.state.ttl' = '" + Workload.SESSION_TTL + "'");
        setup.stream()
                .filter(s -> s.contains("'datagen'"))
                .forEach(s -> assertThat(s).as(s).containsAnyOf("'number-of-rows'", "'sequence'"));
    }

    @Test
    void theRefusalsOfOtherShapesRunWithoutAStateTtlBesideThePlainExplainOfTheirRewrite() {
        List<String> setup = workload.untimedSetup(3);
        assertThat(setup).noneMatch(s -> s.contains("ttl")).allMatch(s -> s.startsWith("CREATE TABLE "))
                .noneMatch(s -> s.contains("TEMPORARY"));
        setup.stream().filter(s -> s.contains("'datagen'"))
                .forEach(s -> assertThat(s).as(s).containsAnyOf("'number-of-rows'", "'sequence'"));
        for (Kind kind : List.of(Kind.TOP_N_JOIN, Kind.DEDUP_PLAIN_TIME, Kind.GROUP_BY_TTL_HINT)) {
            assertThat(kind.untimed()).isTrue();
            assertThat(kind.refused()).isTrue();
            Step step = workload.steps(kind, 3, 0).get(0);
            assertThat(step.plainSql()).isEqualTo("EXPLAIN CHANGELOG_MODE " + step.guardedSql());
            assertThat(step.executionConfig()).isEmpty();
            assertThat(step.guardedSql()).contains("_3");
        }
        assertThat(workload.steps(Kind.TOP_N_JOIN_REWRITE, 3, 0).get(0).executionConfig())
                .containsExactly(java.util.Map.entry("table.exec.state.ttl", "1 d"));
        assertThat(workload.steps(Kind.DEDUP_PLAIN_TIME_REWRITE, 3, 0).get(0).plainSql()).contains("FROM statuses_wm_3");
        assertThat(workload.steps(Kind.GROUP_BY_TTL_HINT, 3, 0).get(0).guardedSql()).contains("STATE_TTL('o' = '1 d')");
        assertThat(workload.steps(Kind.GROUP_BY_TTL_HINT_REWRITE, 3, 0).get(0).plainSql())
                .contains("STATE_TTL('t_orders_3' = '1 d')");
        assertThat(Kind.REFUSED.untimed()).isFalse();
        assertThat(Kind.HEAVY_SELECT.untimed()).isFalse();
    }

    @Test
    void resetNeverResetsTheStateTtl() {
        assertThat(workload.steps(Kind.RESET, 0, 0)).allSatisfy(s -> assertThat(s.plainSql()).doesNotContain("ttl"));
    }

    @Test
    void everyStatementParsesAsItsKind() {
        workload.setup(2).stream()
                .skip(1)
                .forEach(sql -> assertThat(parser.parse(sql).kind()).as(sql).isEqualTo(StatementKind.DDL));
        assertThat(parser.parse(workload.setup(2).get(0)).kind()).isEqualTo(StatementKind.SET);
        for (Kind kind : Kind.values()) {
            StatementKind expected =
                    switch (kind) {
                        case SET, SET_UNQUOTED -> StatementKind.SET;
                        case RESET -> StatementKind.RESET;
                        case DDL -> StatementKind.DDL;
                        case SHOW -> StatementKind.METADATA;
                        case HEAVY_INSERT -> StatementKind.INSERT;
                        case HEAVY_SELECT, REFUSED, TOP_N_JOIN, DEDUP_PLAIN_TIME, GROUP_BY_TTL_HINT -> StatementKind.QUERY;
                        case TOP_N_JOIN_REWRITE, DEDUP_PLAIN_TIME_REWRITE, GROUP_BY_TTL_HINT_REWRITE -> StatementKind.EXPLAIN;
                    };
            for (Step step : workload.steps(kind, 2, 5)) {
                assertThat(parser.parse(step.guardedSql()).kind()).as(step.guardedSql()).isEqualTo(expected);
            }
        }
    }

    @Test
    void tableNamesDifferBetweenSessionsAndRounds() {
        List<String> ddl =
                Stream.of(workload.steps(Kind.DDL, 0, 0), workload.steps(Kind.DDL, 0, 1), workload.steps(Kind.DDL, 1, 0))
                        .flatMap(List::stream)
                        .map(Step::plainSql)
                        .toList();
        assertThat(ddl).doesNotHaveDuplicates().hasSize(9);
    }

    @Test
    void rejectsNoRepeats() {
        assertThatThrownBy(() -> new Workload(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Workload(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
