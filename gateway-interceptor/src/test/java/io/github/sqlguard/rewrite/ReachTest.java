package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.plan.OutputType;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rewrite.Candidate.Columns;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** What each family's candidate can change of a plan ({@link Reach}), declared in one place. */
class ReachTest {

    private static final PlanNode RANK = node(3, "Rank");
    private static final PlanNode JOIN = node(2, "Join");
    private static final PlanNode AGGREGATE = node(4, "GroupAggregate");
    private static final PlanNode CALC = node(5, "Calc");

    @Test
    void aStateTtlHintChangesTheJoinsAndAggregationsOnly() {
        Candidate hint = candidate(StateTtlHint.ID, Map.of(), List.of());

        assertThat(Reach.canChange(hint, Set.of(), JOIN)).isTrue();
        assertThat(Reach.canChange(hint, Set.of(), AGGREGATE)).isTrue();
        assertThat(Reach.canChange(hint, Set.of(), RANK)).isFalse();
        assertThat(Reach.canChange(hint, Set.of(), CALC)).isFalse();
    }

    @Test
    void aSetOfTheStateTtlChangesEveryStatefulOperatorUnlessTheCallOverridesIt() {
        Candidate session = candidate(SessionStateTtl.ID, Map.of("table.exec.state.ttl", "1 d"), List.of());
        Candidate hintWithSet = candidate(StateTtlHint.ID, Map.of("table.exec.state.ttl", "1 d"), List.of());

        assertThat(Reach.canChange(session, Set.of("table.exec.state.ttl"), RANK)).isTrue();
        assertThat(Reach.canChange(hintWithSet, Set.of("table.exec.state.ttl"), RANK)).isTrue();
        assertThat(Reach.canChange(session, Set.of("table.exec.state.ttl"), CALC)).isFalse();
        assertThat(Reach.canChange(session, Set.of(), RANK)).as("the call's own TTL wins over the SET").isFalse();
        assertThat(Reach.canChange(hintWithSet, Set.of(), RANK)).isFalse();
    }

    @Test
    void anyOtherChangeMayChangeEveryOperator() {
        TableChange table = new TableChange(List.of("c", "d", "t"), "t_1", Optional.of("ts"), 5, Optional.empty());

        assertThat(Reach.canChange(candidate(WindowTopN.ID, Map.of(), List.of()), Set.of(), CALC)).isTrue();
        assertThat(Reach.canChange(candidate(StateTtlHint.ID, Map.of(), List.of(table)), Set.of(), RANK)).isTrue();
        assertThat(Reach.canChange(candidate(StateTtlHint.ID, Map.of("table.exec.mini-batch.enabled", "true"), List.of()),
                Set.of("table.exec.mini-batch.enabled"), RANK)).isTrue();
    }

    private static Candidate candidate(String family, Map<String, String> config, List<TableChange> tables) {
        return new Candidate(family, AnsweredFinding.about("stateful-without-ttl", "Join[2]"), List.of(), "SELECT 1", "SELECT 1", config, tables,
                Intent.operatorTtl(Duration.ofDays(1), "Join"), Columns.SAME, "", "", Optional.empty());
    }

    private static PlanNode node(int id, String name) {
        return new PlanNode(id, name, "", name + "(...)", List.of(), OutputType.UNKNOWN, List.of(), Optional.empty());
    }
}
