package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.configuration.Configuration;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One statement's rewrites plan a candidate once, whichever findings and families wrote it, and
 * whatever it sets that the call's own execution config overrides; and plan no more once their
 * budget is spent.
 */
class RewriteContextTest {

    @Test
    void plansACandidateOnceForEveryFindingThatProposesTheSameStatementAndConfiguration() {
        List<String> planned = new ArrayList<>();
        RewriteContext context = new RewriteContext(null, new Recording(planned, Set.of()), null);
        TableChange scratch = new TableChange(List.of("c", "d", "t"), "t_1", Optional.of("ts"), 5000, Optional.empty());

        RewriteSession.Judged forRank = context.judge("SELECT 1", Map.of("table.exec.state.ttl", "1 d"), List.of());
        RewriteSession.Judged forAggregate = context.judge("SELECT 1", Map.of("table.exec.state.ttl", "1 d"), List.of());
        context.judge("SELECT 1", Map.of("table.exec.state.ttl", "2 d"), List.of());
        context.judge("SELECT 1", Map.of("table.exec.state.ttl", "1 d"), List.of(scratch));
        context.judge("SELECT 2", Map.of("table.exec.state.ttl", "1 d"), List.of());

        assertThat(forAggregate).isSameAs(forRank);
        assertThat(planned).as("each distinct statement, configuration and table change planned once").hasSize(4);
    }

    @Test
    void plansCandidatesThatDifferOnlyInWhatTheCallsOwnExecutionConfigSetsOnce() {
        List<String> planned = new ArrayList<>();
        RewriteContext context = new RewriteContext(null, new Recording(planned, Set.of("table.exec.state.ttl")), null);

        RewriteSession.Judged asSent = context.judge("SELECT 1", Map.of(), List.of());
        RewriteSession.Judged withSet = context.judge("SELECT 1", Map.of("table.exec.state.ttl", "1 d"), List.of());
        context.judge("SELECT 1", Map.of("table.exec.state.ttl", "1 d", "table.exec.mini-batch.enabled", "true"), List.of());

        assertThat(withSet).as("the call's table.exec.state.ttl wins over the SET: the same planning").isSameAs(asSent);
        assertThat(planned).containsExactly("SELECT 1 {} []", "SELECT 1 {table.exec.mini-batch.enabled=true, table.exec.state.ttl=1 d} []");
    }

    @Test
    void refusesAFurtherPlanningOnceTheBudgetOfPlanningsIsMadeButNotAJudgementAlreadyMade() {
        List<String> planned = new ArrayList<>();
        RewriteSettings settings = RewriteSettings.fromConfiguration(
                Configuration.fromMap(Map.of(RewriteOptions.MAX_PLANNINGS.key(), "2")));
        RewriteContext context = new RewriteContext(null, new Recording(planned, Set.of()), settings);

        assertThat(context.budgetSpent("SELECT 1", Map.of(), List.of())).isEmpty();
        context.judge("SELECT 1", Map.of(), List.of());
        context.judge("SELECT 2", Map.of(), List.of());

        assertThat(context.plannings()).isEqualTo(2);
        assertThat(context.budgetSpent("SELECT 3", Map.of(), List.of())).hasValueSatisfying(reason -> assertThat(reason)
                .isEqualTo("the proofs have made 2 plannings, sql-guard.rewrite.max-plannings (2)"));
        assertThat(context.budgetSpent("SELECT 1", Map.of(), List.of())).as("judged already: no planning").isEmpty();
    }

    @Test
    void refusesAPlanningOnceTheSessionsOwnBudgetIsSpent() {
        List<String> planned = new ArrayList<>();
        Recording recording = new Recording(planned, Set.of());
        EmptyCatalogSession timed = new EmptyCatalogSession() {
            @Override
            public Judged judge(String statement, Map<String, String> config, List<TableChange> tables) {
                return recording.judge(statement, config, tables);
            }

            @Override
            public Optional<String> budgetSpent() {
                return planned.isEmpty() ? Optional.empty() : Optional.of("one sql-guard.explain-timeout planned");
            }
        };
        RewriteContext context = new RewriteContext(null, timed, RewriteSettings.DEFAULTS);

        assertThat(context.budgetSpent("SELECT 1", Map.of(), List.of())).isEmpty();
        context.judge("SELECT 1", Map.of(), List.of());

        assertThat(context.budgetSpent("SELECT 2", Map.of(), List.of())).contains("one sql-guard.explain-timeout planned");
        assertThat(context.budgetSpent("SELECT 1", Map.of(), List.of())).as("judged already: no planning").isEmpty();
    }

    /** A session that records what it is asked to plan and plans nothing. */
    private record Recording(List<String> planned, Set<String> callKeys) implements EmptyCatalogSession {

        @Override
        public Judged judge(String statement, Map<String, String> config, List<TableChange> tables) {
            planned.add(statement + " " + new TreeMap<>(config) + " " + tables);
            return new Judged(null, Optional.empty(), Optional.of("not planned in this test"));
        }
    }
}
