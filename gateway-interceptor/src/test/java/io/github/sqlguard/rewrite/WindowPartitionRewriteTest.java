package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.testing.LintLikeSession;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;
import java.util.Map;

/**
 * {@code window-rank-not-recognized} and its {@code window-partition} rewrite through the guard's
 * pipeline and Flink's planner (every rewrite proven, as lint proves them): a Top-N over a window
 * partitioned by one window column gets the other added beside it, and the proof finds the
 * {@code WindowRank} (or {@code WindowDeduplicate}) Flink then plans.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WindowPartitionRewriteTest {

    private static final String PAGE_VIEWS =
            "CREATE TABLE page_views (page STRING, user_id STRING, viewed_at TIMESTAMP(3),"
                    + " WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')";

    private LintLikeSession lint;

    @BeforeAll
    void start() {
        lint = new LintLikeSession(Map.of("execution.runtime-mode", "streaming"));
    }

    @AfterAll
    void stop() {
        lint.close();
    }

    private Submission last(String statement) {
        List<Submission> all = lint.run(Map.of("table.exec.state.ttl", "1 h"), List.of(PAGE_VIEWS, statement), Map.of());
        return all.get(all.size() - 1);
    }

    @Test
    void topNOverAWindowAggregatePartitionedByWindowStartAloneGetsWindowEndBesideIt() {
        Submission last = last("SELECT window_start, window_end, page, view_count\n"
                + "FROM (\n"
                + "  SELECT window_start, window_end, page, view_count,\n"
                + "         ROW_NUMBER() OVER (PARTITION BY window_start ORDER BY view_count DESC) AS rn\n"
                + "  FROM (\n"
                + "    SELECT window_start, window_end, page, COUNT(*) AS view_count\n"
                + "    FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '10' MINUTE))\n"
                + "    GROUP BY window_start, window_end, page\n"
                + "  )\n"
                + ")\n"
                + "WHERE rn <= 3");

        assertThat(last.decision().verdict().findings()).extracting(Finding::ruleId)
                .containsExactly("window-rank-not-recognized");
        Rewrite rewrite = only(last, "window-partition");
        assertThat(rewrite.statement())
                .contains("ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY view_count DESC) AS rn")
                .as("the rest as the user wrote it").contains("    GROUP BY window_start, window_end, page\n")
                .endsWith("WHERE rn <= 3");
        assertThat(rewrite.operators()).contains("WindowRank").doesNotContain("Rank");
        assertThat(rewrite.columns()).isEqualTo("same");
        assertThat(rewrite.changes()).contains("once, when the window closes");
        assertThat(rewrite.remaining()).isEmpty();
    }

    @Test
    void qualifiedWindowColumnOfATvfTopNKeepsItsQualifierAndTheOtherKeys() {
        Submission last = last("SELECT window_start, window_end, page, user_id FROM (\n"
                + "  SELECT window_start, window_end, page, user_id,\n"
                + "         ROW_NUMBER() OVER (PARTITION BY t.window_end, page ORDER BY user_id DESC) AS rn\n"
                + "  FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '10' MINUTE)) t\n"
                + ") WHERE rn <= 3");

        Rewrite rewrite = only(last, "window-partition");
        assertThat(rewrite.statement()).contains("PARTITION BY t.window_start, t.window_end, page ORDER BY user_id DESC");
        assertThat(rewrite.operators()).contains("WindowRank");
    }

    @Test
    void topOneByTheTimeAttributeBecomesAWindowDeduplicate() {
        Submission last = last("SELECT window_start, window_end, page, user_id FROM (\n"
                + "  SELECT window_start, window_end, page, user_id,\n"
                + "         ROW_NUMBER() OVER (PARTITION BY window_start, page ORDER BY viewed_at DESC) AS rn\n"
                + "  FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '10' MINUTE))\n"
                + ") WHERE rn = 1");

        assertThat(last.decision().verdict().findings()).extracting(Finding::ruleId)
                .containsExactly("window-rank-not-recognized");
        Rewrite rewrite = only(last, "window-partition");
        assertThat(rewrite.operators()).contains("WindowDeduplicate").doesNotContain("Deduplicate");
    }

    private static Rewrite only(Submission submission, String family) {
        List<Rewrite> of = submission.decision().rewrites().verified().stream().filter(r -> r.family().equals(family))
                .toList();
        assertThat(of).as("proven %s rewrites in %s", family, submission.decision().rewrites()).hasSize(1);
        return of.get(0);
    }
}
