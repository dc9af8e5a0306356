package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.flink.PlannerRuns;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.testing.AuditedInProcessGateway;
import io.github.sqlguard.testing.InProcessGateway;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How many plannings the proofs of a refusal make (issue 32: a refusal within 2x the plain EXPLAIN),
 * counted from the audit record's {@code rewriteCounts} ({@code planned}: each distinct judgement
 * once) and, for the whole refusal, where the guard calls Flink's planner ({@link PlannerRuns}: table
 * environments, parses, optimizer runs, translations), not timed; through the guard's pipeline over
 * Flink's real gateway service and planner in this JVM. The shapes are the benchmark's refused ones ({@code bench} {@code Workload.Kind}), in a
 * session without a state TTL. A refusal proves the best rewrite of each BLOCK finding and stops
 * (one planning beside the statement's own); an {@code EXPLAIN} of the same statement proves and
 * shows every rewrite, as it did.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RefusalPlanningsTest {

    private static final Map<String, String> STREAMING = Map.of("execution.runtime-mode", "streaming");

    @RegisterExtension
    final AuditedInProcessGateway guarded = new AuditedInProcessGateway();

    private InProcessGateway gateway() {
        return guarded.gateway();
    }

    @Test
    void aTopNOverAJoinPlansOnlyTheSessionTtlItsBlockNeedsAndExplainStillShowsTheHint() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE)"
                + " WITH ('connector' = 'datagen')");
        gateway().runToEnd(session, "CREATE TABLE users (user_id STRING, country STRING) WITH ('connector' = 'datagen')");
        String topN = "SELECT * FROM (\n"
                + "  SELECT o.order_id, u.country, o.amount,\n"
                + "         ROW_NUMBER() OVER (PARTITION BY u.country ORDER BY o.amount DESC) AS rn\n"
                + "  FROM orders o JOIN users u ON o.user_id = u.user_id\n"
                + ") WHERE rn <= 2";

        PlannerRuns.Count before = runs();
        OperationHandle refused = gateway().runToEnd(session, topN);
        PlannerRuns.Count refusal = runs().since(before);

        // unbounded-rank's best proven rewrite is the session TTL (no window, no watermark: nothing structural
        // plans); the join's WARN stateful-without-ttl is not proven for the refusal (its STATE_TTL hint, with the
        // SET, was the second planning): EXPLAIN shows it, and the refusal says so in one line.
        String error = errorOf(session, refused);
        // The rule's page under sql-guard.docs-base-url: a SQL Client user has no docs/ directory to open.
        assertThat(error).contains("  see: " + GuardOptions.DOCS_BASE_URL.defaultValue() + "docs/rules/unbounded-rank.md\n");
        assertThat(error).contains("BLOCK unbounded-rank").contains("WARN stateful-without-ttl")
                .contains("rewrite (session-state-ttl, proven in this session):")
                .doesNotContain("rewrite (state-ttl-hint")
                .contains(Rewriter.EVERY_IN_EXPLAIN);
        assertThat(shown(refused)).containsExactly("unbounded-rank session-state-ttl");
        Counts counts = counts(refused);
        assertThat(counts.planned).as("the session TTL alone: %s", counts).isEqualTo(1);
        assertThat(counts.offered).as("the candidates tried, each counted: %s", counts)
                .isEqualTo(counts.verified + counts.rejected);
        // The statement and its session TTL, each parsed, optimized and translated once, each in a table environment of
        // its own (the TTL's as the call's execution config), and one for the rewrites' reads of the catalog.
        assertThat(refusal).isEqualTo(new PlannerRuns.Count(3, 2, 2, 2));
        assertEachCandidatePlannedOnceAndNoneBeyondWhatIsShown(refusal, refused);

        // EXPLAIN of the same statement proves and shows every rewrite, as before.
        PlannerRuns.Count beforeExplain = runs();
        OperationHandle explained = gateway().runToEnd(session, "EXPLAIN " + topN);
        assertEachCandidatePlannedOnce(runs().since(beforeExplain), explained);
        assertThat(shown(explained)).containsExactly(
                "unbounded-rank session-state-ttl", "stateful-without-ttl state-ttl-hint",
                "stateful-without-ttl session-state-ttl");
        assertThat(counts(explained).planned).as("%s", counts(explained)).isEqualTo(2);
    }

    @Test
    void aLatestRowPerKeyByAPlainTimestampPlansOnlyItsWatermarkAndExplainStillShowsEveryRewrite() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, "CREATE TABLE statuses (id STRING, status STRING, updated TIMESTAMP(3))"
                + " WITH ('connector' = 'datagen')");
        String latest = "SELECT id, status, updated FROM (\n"
                + "  SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY updated DESC) AS rn FROM statuses\n"
                + ") WHERE rn = 1";

        PlannerRuns.Count before = runs();
        OperationHandle refused = gateway().runToEnd(session, latest);
        PlannerRuns.Count refusal = runs().since(before);

        // unbounded-rank's first family that plans is the watermark (a Deduplicate): proven, the session TTL after it
        // is not tried, nor dedup-not-recognized's (a WARN) watermark and LAST_VALUE.
        String error = errorOf(session, refused);
        assertThat(error).contains("BLOCK unbounded-rank").contains("dedup-not-recognized")
                .contains("rewrite (watermark, proven in this session):")
                .doesNotContain("rewrite (session-state-ttl").doesNotContain("rewrite (last-value")
                .contains(Rewriter.EVERY_IN_EXPLAIN);
        assertThat(shown(refused)).containsExactly("unbounded-rank watermark");
        Counts counts = counts(refused);
        assertThat(counts.planned).as("the watermark alone: %s", counts).isEqualTo(1);
        // The statement and the watermark's candidate, each parsed, optimized and translated once; one more parse, the
        // watermark family's read of the table's columns with their time attributes (SELECT * FROM statuses).
        assertThat(refusal).isEqualTo(new PlannerRuns.Count(3, 3, 2, 2));
        assertEachCandidatePlannedOnceAndNoneBeyondWhatIsShown(refusal, refused);

        // EXPLAIN: the watermark planned once for both findings, the session TTL, LAST_VALUE (3 plannings, as before),
        // LAST_VALUE lent to unbounded-rank too (a structural rewrite of the same Rank): the refusal would show it,
        // after the watermark, only where the watermark did not prove.
        // Flink 1.20's LAST_VALUE takes no TIMESTAMP(3): there the candidate is not written (it could only fail to
        // plan) and the fix does not offer it.
        boolean lastValueTakesUpdated = FlinkLine.current().firstLastValueTakes(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE);
        assertThat(error).contains(lastValueTakesUpdated
                ? "to keep the latest value per key without ordering, use GROUP BY id with LAST_VALUE of each column."
                : "(GROUP BY with LAST_VALUE is no way here: Flink 1.20's LAST_VALUE takes no TIMESTAMP(3), the type of updated).");
        PlannerRuns.Count beforeExplain = runs();
        OperationHandle explained = gateway().runToEnd(session, "EXPLAIN " + latest);
        assertEachCandidatePlannedOnce(runs().since(beforeExplain), explained);
        assertThat(shown(explained)).containsExactlyElementsOf(lastValueTakesUpdated
                ? List.of("unbounded-rank watermark", "unbounded-rank last-value", "unbounded-rank session-state-ttl",
                        "dedup-not-recognized watermark", "dedup-not-recognized last-value")
                : List.of("unbounded-rank watermark", "unbounded-rank session-state-ttl", "dedup-not-recognized watermark"));
        assertThat(counts(explained).planned).as("%s", counts(explained)).isEqualTo(lastValueTakesUpdated ? 3 : 2);
        assertThat(counts(explained).distinct).isEqualTo(counts(explained).planned);
    }

    @Test
    void aTopNPartitionedByWindowEndAloneIsShownTheWindowPartitionLentByItsWarningAsEXPLAINShowsItFirst() {
        // Own case 264: BLOCK unbounded-rank and WARN window-rank-not-recognized on one Rank. unbounded-rank's own
        // structural families prove nothing; the window-partition written for the WARN (a WindowRank) is lent to it,
        // before its session TTL: the refusal proves it for the WARN, then for the BLOCK on the same judgement.
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, "CREATE TABLE page_views (page STRING, user_id STRING, viewed_at TIMESTAMP(3),"
                + " WATERMARK FOR viewed_at AS viewed_at - INTERVAL '5' SECOND) WITH ('connector' = 'datagen')");
        String topN = "SELECT window_start, window_end, page, view_count FROM (\n"
                + "  SELECT window_start, window_end, page, view_count,\n"
                + "         ROW_NUMBER() OVER (PARTITION BY window_end ORDER BY view_count DESC) AS rn\n"
                + "  FROM (SELECT window_start, window_end, page, COUNT(*) AS view_count\n"
                + "        FROM TABLE(TUMBLE(TABLE page_views, DESCRIPTOR(viewed_at), INTERVAL '10' MINUTE))\n"
                + "        GROUP BY window_start, window_end, page)\n"
                + ") WHERE rn <= 3";

        PlannerRuns.Count before = runs();
        OperationHandle refused = gateway().runToEnd(session, topN);
        assertEachCandidatePlannedOnceAndNoneBeyondWhatIsShown(runs().since(before), refused);
        PlannerRuns.Count beforeExplain = runs();
        OperationHandle explained = gateway().runToEnd(session, "EXPLAIN " + topN);
        assertEachCandidatePlannedOnce(runs().since(beforeExplain), explained);

        String firstExplained = shown(explained).stream().filter(r -> r.startsWith("unbounded-rank ")).findFirst()
                .orElseThrow();
        assertThat(firstExplained).isEqualTo("unbounded-rank window-partition");
        assertThat(shown(refused)).containsExactly(firstExplained);
        assertThat(errorOf(session, refused)).contains("BLOCK unbounded-rank").contains("WARN window-rank-not-recognized")
                .contains("rewrite (window-partition, proven in this session):")
                .doesNotContain("rewrite (session-state-ttl");
        Counts counts = counts(refused);
        assertThat(counts.planned).as("the window-partition, once for both rules: %s", counts).isEqualTo(1);
    }

    @Test
    void aGroupByWhoseHintNamesNoInputIsOptimizedOnceAndItsMovedHintOnce() {
        // Flink rejects the statement in its optimizer's first step (QueryHintsResolver): explaining it after the
        // compilation failed would optimize it again to the same error (3 optimizer runs before). The proof plans the
        // moved hint once; one more parse names its columns as Flink's validator does (the statement has none to
        // compare with: Prover#columns).
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, "CREATE TABLE t_orders (order_id STRING, user_id STRING, amount DOUBLE)"
                + " WITH ('connector' = 'datagen')");
        String hinted = "SELECT /*+ STATE_TTL('o' = '1 d') */ user_id, COUNT(*) AS cnt FROM t_orders GROUP BY user_id";

        PlannerRuns.Count before = runs();
        OperationHandle refused = gateway().runToEnd(session, hinted);
        PlannerRuns.Count refusal = runs().since(before);

        assertThat(errorOf(session, refused)).contains("BLOCK ttl-hint-ignored")
                .contains("The options of following hints cannot match the name of input tables or views")
                .contains("rewrite (hint-moved, proven in this session):")
                .contains("columns: the original statement did not plan; the rewrite's: user_id, cnt; plan: GroupAggregate");
        assertThat(shown(refused)).containsExactly("ttl-hint-ignored hint-moved");
        assertThat(counts(refused).planned).isEqualTo(1);
        assertThat(refusal).isEqualTo(new PlannerRuns.Count(3, 3, 2, 1));
        assertEachCandidatePlannedOnceAndNoneBeyondWhatIsShown(refusal, refused);
    }

    /**
     * The goal's "plan no candidate twice", counted: every optimizer run of {@code operation} beyond the statement's
     * own is a judgement of a candidate ({@code rewriteCounts.planned}, counted where {@code RewriteContext#judge}
     * plans one), and the candidates judged are as many as the distinct rewrites shown (by their {@code sha256}: in
     * these shapes every candidate tried proves and is shown), so none was judged twice; each candidate is parsed,
     * translated and given its table environment once.
     */
    private void assertEachCandidatePlannedOnce(PlannerRuns.Count runs, OperationHandle operation) {
        Counts counts = counts(operation);
        assertThat(counts.rejected).as("every candidate tried proves in these shapes: %s", counts).isZero();
        assertThat(runs.optimized()).as("the statement once, then each judgement once: %s, %s", runs, counts)
                .isEqualTo(1 + counts.planned);
        assertThat(counts.planned).as("judgements, one per distinct rewrite shown: %s, %s", counts, shown(operation))
                .isEqualTo(counts.distinct);
        assertThat(runs.translated()).as("%s, %s", runs, counts).isLessThanOrEqualTo(runs.optimized());
        // The statement's parse and one of each candidate, and at most one of a family's SELECT for its columns.
        assertThat(runs.parsed()).as("%s, %s", runs, counts).isBetween(1L + counts.planned, 2L + counts.planned);
        // The statement's environment and one of each candidate, and the rewrites' reader of the catalog.
        assertThat(runs.environments()).as("%s, %s", runs, counts).isEqualTo(2L + counts.planned);
    }

    /**
     * As {@link #assertEachCandidatePlannedOnce}, and the goal's "stop when the refusal has what it shows", counted:
     * every candidate the refusal planned is one it shows (above), and in these shapes every candidate it tried proved
     * (the most likely first: none tried in vain). A candidate is tried once per finding it is offered for ({@code
     * offered}, {@code verified}) and planned once for all of them ({@code planned}).
     */
    private void assertEachCandidatePlannedOnceAndNoneBeyondWhatIsShown(PlannerRuns.Count runs, OperationHandle refused) {
        assertEachCandidatePlannedOnce(runs, refused);
        Counts counts = counts(refused);
        assertThat(counts.offered).as("candidates tried, each proved: %s", counts).isEqualTo(counts.verified);
    }

    /** Where the guard ran Flink's planner so far, in every session of the gateway. */
    private PlannerRuns.Count runs() {
        return gateway().pipeline().gatewaySessions().orElseThrow().plannerRuns().count();
    }

    /** The rule and family of each rewrite in {@code operation}'s audit record, in order. */
    private List<String> shown(OperationHandle operation) {
        List<String> out = new ArrayList<>();
        for (JsonNode rewrite : guarded.audit().forOperation(operation.toString()).orElseThrow().path("rewrites")) {
            out.add(rewrite.path("rule").asText() + " " + rewrite.path("family").asText());
        }
        return out;
    }

    /** The audit record's counts of a statement's rewrites, summed over its rules. */
    private record Counts(int offered, int verified, int rejected, int planned, int distinct) {}

    private Counts counts(OperationHandle operation) {
        JsonNode record = guarded.audit().forOperation(operation.toString()).orElseThrow();
        int offered = 0;
        int verified = 0;
        int rejected = 0;
        int planned = 0;
        for (JsonNode count : record.path("rewriteCounts")) {
            offered += count.path("offered").asInt();
            verified += count.path("verified").asInt();
            rejected += count.path("rejected").asInt();
            planned += count.path("planned").asInt();
        }
        List<String> shown = new ArrayList<>();
        record.path("rewrites").forEach(r -> shown.add(r.path("sha256").asText()));
        return new Counts(offered, verified, rejected, planned, (int) shown.stream().distinct().count());
    }

    private String errorOf(SessionHandle session, OperationHandle operation) {
        return gateway().service().getOperationInfo(session, operation).getException()
                .map(ExceptionUtils::stringifyException)
                .orElseThrow(() -> new AssertionError("the statement was not refused"));
    }
}
