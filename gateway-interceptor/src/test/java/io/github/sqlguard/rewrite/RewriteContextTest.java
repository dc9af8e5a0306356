package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** One statement's rewrites plan a candidate once, whichever findings and families wrote it. */
class RewriteContextTest {

    @Test
    void plansACandidateOnceForEveryFindingThatProposesTheSameStatementAndConfiguration() {
        List<String> planned = new ArrayList<>();
        RewriteSession session = new RewriteSession() {
            @Override
            public Judged judge(String statement, Map<String, String> config, List<TableChange> tables) {
                planned.add(statement + " " + config + " " + tables);
                return new Judged(null, Optional.empty(), Optional.of("not planned in this test"));
            }

            @Override
            public Optional<List<Column>> columns(String query) {
                return Optional.empty();
            }

            @Override
            public Optional<CatalogObject> lookUp(List<String> names) {
                return Optional.empty();
            }

            @Override
            public boolean mayUseScratchTables() {
                return true;
            }
        };
        RewriteContext context = new RewriteContext(null, session, null);
        TableChange scratch = new TableChange(List.of("c", "d", "t"), "t_1", Optional.of("ts"), 5000, Optional.empty());

        RewriteSession.Judged forRank = context.judge("SELECT 1", Map.of("table.exec.state.ttl", "1 d"), List.of());
        RewriteSession.Judged forAggregate = context.judge("SELECT 1", Map.of("table.exec.state.ttl", "1 d"), List.of());
        context.judge("SELECT 1", Map.of("table.exec.state.ttl", "2 d"), List.of());
        context.judge("SELECT 1", Map.of("table.exec.state.ttl", "1 d"), List.of(scratch));
        context.judge("SELECT 2", Map.of("table.exec.state.ttl", "1 d"), List.of());

        assertThat(forAggregate).isSameAs(forRank);
        assertThat(planned).as("each distinct statement, configuration and table change planned once").hasSize(4);
    }
}
