package io.github.sqlguard.rewrite;

import static io.github.sqlguard.flink.TopNSavepoint.SALES;
import static io.github.sqlguard.flink.TopNSavepoint.SINK;
import static io.github.sqlguard.flink.TopNSavepoint.TOP_N;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.flink.JobVersion;
import io.github.sqlguard.flink.TopNSavepoint;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.service.RestoreBaseline;
import io.github.sqlguard.service.Submission;
import io.github.sqlguard.testing.AuditedInProcessGateway;
import io.github.sqlguard.testing.LintLikeSession;

import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Issue 30, round 55's new user: the rewrites of a statement that restores state are judged as that restore
 * too, by the check the statement gets ({@code Decider#restoring}), through the guard's pipeline over Flink's
 * gateway service and planner in this JVM. An unbounded Top-N that restores the state of its own unchanged job:
 * its window Top-N replaces the {@code Rank} whose state the savepoint holds (Flink refuses it: "Cannot map
 * checkpoint/savepoint state for operator ... to the new program"), its session state TTL keeps the {@code Rank}
 * (Flink 2.2+ migrates its state to the TTL: {@code state-changes/05-ttl-enabled}). The rewrite that restores comes
 * first; the other is still shown, after it, and says what it loses.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RewritesOfARestoreTest {

    private static final boolean FLINK_1 = EnvironmentInformation.getVersion().startsWith("1.");

    /** What the savepoint is, as the restore findings name it. */
    private static final String AGAINST = "of the job of the unchanged statement";

    @RegisterExtension
    final AuditedInProcessGateway guarded = new AuditedInProcessGateway();

    @TempDir Path dir;

    /**
     * The refusal at the gateway ({@code BEST_PER_BLOCK}) of the Top-N sent with a savepoint of its own job: the
     * savepoint holds state of the {@code Rank} under the operator id Flink 2.3 gives it (the id the new user's real
     * savepoint named, c27dcf7b...). The refusal showed the window Top-N, "proven in this session", which the same
     * session refuses as a restore; it shows the state TTL, and says EXPLAIN shows the rest.
     */
    @Test
    void theRefusalOfATopNThatRestoresShowsTheRewriteThatRestores() throws Exception {
        assumeFalse(FLINK_1, "the Rank's operator id is Flink 2.3's; on 1.20 a TTL switched on does not restore either");
        Path savepoint = TopNSavepoint.withRankState(dir);
        SessionHandle session = guarded.gateway().openSession(Map.of("execution.runtime-mode", "streaming",
                "execution.state-recovery.path", savepoint.toUri().toString()));
        guarded.gateway().runToEnd(session, SALES);
        guarded.gateway().runToEnd(session, SINK);

        String error = errorOf(session, TOP_N);

        assertThat(error).contains("BLOCK unbounded-rank").doesNotContain("restore-unclaimed-state")
                .contains("rewrite (session-state-ttl, proven in this session)")
                .doesNotContain("rewrite (window-top-n")
                .contains(Rewriter.EVERY_IN_EXPLAIN);
    }

    private String errorOf(SessionHandle session, String statement) {
        return guarded.gateway().service().getOperationInfo(session, guarded.gateway().runToEnd(session, statement))
                .getException().map(ExceptionUtils::stringifyException)
                .orElseThrow(() -> new AssertionError("not refused: " + statement));
    }

    @Test
    void aTopNThatRestoresShowsTheStateTtlFirstAndSaysTheWindowTopNDoesNotRestore() {
        List<Rewrite> rewrites;
        try (LintLikeSession session = LintLikeSession.restoringFrom(Map.of(), new UnchangedJob())) {
            Submission last = session.run(Map.of("execution.runtime-mode", "streaming"), List.of(SALES, SINK, TOP_N), Map.of())
                    .get(2);
            assertThat(last.decision().restore()).as("the statement restores its own job's state")
                    .hasValueSatisfying(r -> assertThat(r.unclaimed()).isEmpty());
            rewrites = last.decision().rewrites().verified();
        }

        Rewrite window = rewrites.stream().filter(r -> r.family().equals("window-top-n")).findFirst().orElseThrow();
        assertThat(window.restores()).isFalse();
        assertThat(window.changes()).contains("it does not restore the savepoint " + AGAINST
                + ": Flink refuses to start it, as no operator of its job claims the state of", "Rank[",
                "(restore-unclaimed-state); it runs only without the state of the savepoint");
        System.out.println("[rewrites-of-a-restore] window-top-n changes: " + window.changes());
        assertThat(StillReported.printed(window.remaining())).contains("BLOCK restore-unclaimed-state");
        if (FLINK_1) {
            // Flink 1.20 fails the restore of a Rank whose state gains a TTL (StateMigrationException): none restores,
            // and the structural rewrite stays first.
            assertThat(rewrites).allSatisfy(r -> assertThat(r.restores()).as(r.family()).isFalse());
            assertThat(rewrites.get(0).family()).isEqualTo("window-top-n");
        } else {
            assertThat(rewrites.get(0).family()).isEqualTo("session-state-ttl");
            assertThat(rewrites.get(0).restores()).isTrue();
            assertThat(rewrites.get(0).changes()).doesNotContain("does not restore");
            assertThat(rewrites.indexOf(window)).isPositive();
        }
    }

    /**
     * The savepoint of the statement's own job as it runs today: the first job judged ({@code restoreOf} of the
     * statement itself), and every later one (its rewrites') restores from it.
     */
    private static final class UnchangedJob implements RestoreBaseline {

        private JobVersion first;

        @Override
        public Optional<Restore> restoreOf(
                Map<String, String> config, String compiledPlan, Supplier<TableEnvironmentInternal> tEnv) {
            JobVersion job = JobVersion.ofJudgedPlan(tEnv.get(), compiledPlan);
            if (first == null) {
                first = job;
            }
            return Optional.of(job.restoreFrom(first, AGAINST, config).restore());
        }
    }
}
