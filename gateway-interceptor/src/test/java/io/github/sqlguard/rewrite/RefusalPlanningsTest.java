package io.github.sqlguard.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.AuditedInProcessGateway;
import io.github.sqlguard.testing.InProcessGateway;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
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
 * once), not timed; through the guard's pipeline over Flink's real gateway service and planner in
 * this JVM. The shapes are the benchmark's refused ones ({@code bench} {@code Workload.Kind}), in a
 * session without a state TTL; each shows the same rewrites as before, with fewer plannings.
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
    void aTopNOverAJoinPlansItsJoinsHintOnlyWithTheSessionTtlTheRankNeeds() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, "CREATE TABLE orders (order_id STRING, user_id STRING, amount DOUBLE)"
                + " WITH ('connector' = 'datagen')");
        gateway().runToEnd(session, "CREATE TABLE users (user_id STRING, country STRING) WITH ('connector' = 'datagen')");

        OperationHandle refused = gateway().runToEnd(session, "SELECT * FROM (\n"
                + "  SELECT o.order_id, u.country, o.amount,\n"
                + "         ROW_NUMBER() OVER (PARTITION BY u.country ORDER BY o.amount DESC) AS rn\n"
                + "  FROM orders o JOIN users u ON o.user_id = u.user_id\n"
                + ") WHERE rn <= 2");

        // The join's STATE_TTL hint alone reaches no Rank: the BLOCK on the Rank stays, so it is not planned, and
        // the hint is proven at once with the SET the Rank needs (it was planned alone first, and rejected).
        assertThat(errorOf(session, refused)).contains("BLOCK unbounded-rank")
                .contains("rewrite (session-state-ttl, proven in this session):")
                .contains("rewrite (state-ttl-hint, proven in this session):");
        Counts counts = counts(refused);
        assertThat(counts.planned).as("the session TTL (for the Rank and the join alike), the hints with it: %s", counts)
                .isEqualTo(2);
        // Every planning is of a rewrite shown (its SQL among the shown ones): no candidate is planned that its proof rejects.
        assertThat(counts.distinct).as("%s", counts).isEqualTo(counts.planned);
    }

    @Test
    void aLatestRowPerKeyByAPlainTimestampPlansItsWatermarkOnceForBothFindings() {
        SessionHandle session = gateway().openSession(STREAMING);
        gateway().runToEnd(session, "CREATE TABLE statuses (id STRING, status STRING, updated TIMESTAMP(3))"
                + " WITH ('connector' = 'datagen')");

        OperationHandle refused = gateway().runToEnd(session, "SELECT id, status, updated FROM (\n"
                + "  SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY updated DESC) AS rn FROM statuses\n"
                + ") WHERE rn = 1");

        // The watermark on statuses answers unbounded-rank and dedup-not-recognized with the same change of the same
        // table, each under a scratch name of its own: one planning (it was two).
        String error = errorOf(session, refused);
        assertThat(error).contains("BLOCK unbounded-rank").contains("dedup-not-recognized")
                .contains("rewrite (watermark, proven in this session):");
        List<String> watermarks = new ArrayList<>();
        for (JsonNode rewrite : guarded.audit().forOperation(refused.toString()).orElseThrow().path("rewrites")) {
            if (rewrite.path("family").asText().equals("watermark")) {
                watermarks.add(rewrite.path("rule").asText());
            }
        }
        assertThat(watermarks).as("the watermark, proven for both findings").contains("unbounded-rank", "dedup-not-recognized");
        Counts counts = counts(refused);
        assertThat(counts.planned).as("the watermark, the session TTL, LAST_VALUE: %s", counts).isEqualTo(3);
        assertThat(counts.distinct).as("every planning is of a rewrite shown: %s", counts).isEqualTo(counts.planned);
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
