package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.testing.AuditedInProcessGateway;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.util.ExceptionUtils;
import org.apache.flink.util.StringUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Round 55's new user (finding 5): one operator of one statement had three names, {@code Rank[171]} in the
 * refusal's plan excerpt (the gateway JVM's node counter), {@code Rank[5]} for the operator that claims the
 * savepoint's state (the job as it runs, its plan numbered 1..n) and in lint. The gateway numbers each
 * statement's plan 1..n in node order ({@link PlanNodeIds}), as the job it runs names its operators, whatever it
 * planned before: the finding's node is the operator that claims the state.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlanNodeIdsGatewayTest {

    private static final String SALES = "CREATE TABLE sales (sale_id BIGINT, category STRING, product STRING,"
            + " price DECIMAL(10, 2), ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)"
            + " WITH ('connector' = 'datagen')";
    private static final String SINK = "CREATE TABLE top_products (category STRING, product STRING, price DECIMAL(10, 2),"
            + " rn BIGINT) WITH ('connector' = 'blackhole')";
    private static final String TOP_N = "INSERT INTO top_products SELECT category, product, price, rn FROM ("
            + " SELECT category, product, price, ROW_NUMBER() OVER (PARTITION BY category ORDER BY price DESC) AS rn"
            + " FROM sales) WHERE rn <= 5";

    /** The operator id Flink 2.3 gives the Top-N's {@code Rank} (the new user's real savepoint named it). */
    private static final String RANK = "c27dcf7b54ef6bfd6cff02ca8870b681";

    @RegisterExtension
    final AuditedInProcessGateway guarded = new AuditedInProcessGateway();

    @TempDir Path dir;

    @Test
    void theRefusalOfARestoreNamesTheOperatorThatClaimsTheStateByItsOwnId() throws Exception {
        assumeFalse(EnvironmentInformation.getVersion().startsWith("1."), "the Rank's operator id is Flink 2.3's");
        SessionHandle before = guarded.gateway().openSession(Map.of("execution.runtime-mode", "streaming"));
        guarded.gateway().runToEnd(before, SALES);
        guarded.gateway().runToEnd(before, SINK);
        // Plannings before the statement move Flink's node counter on.
        for (int i = 0; i < 3; i++) {
            guarded.gateway().runToEnd(before, "EXPLAIN " + TOP_N);
        }
        ByteArrayOutputStream metadata = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(
                CraftedMetadata.oneOperator(new OperatorID(StringUtils.hexStringToByte(RANK))), new DataOutputStream(metadata));
        Path savepoint = CraftedMetadata.savepoint(dir.resolve("savepoint-top-n"), metadata.toByteArray());
        SessionHandle session = guarded.gateway().openSession(Map.of("execution.runtime-mode", "streaming",
                "execution.state-recovery.path", savepoint.toUri().toString()));
        guarded.gateway().runToEnd(session, SALES);
        guarded.gateway().runToEnd(session, SINK);

        OperationHandle refused = guarded.gateway().runToEnd(session, TOP_N);

        JsonNode record = guarded.audit().forOperation(refused.toString()).orElseThrow();
        JsonNode rank = record.path("findings").findParents("id").stream()
                .filter(f -> f.path("id").asText().equals("unbounded-rank")).findFirst().orElseThrow();
        String claimedBy = record.path("restore").path("matched").get(0).path("claimedBy").asText();
        assertThat(claimedBy).as("the operator that claims the savepoint's Rank state").startsWith("Rank[");
        assertThat("Rank[" + rank.path("planNode").asInt() + "]").isEqualTo(claimedBy);
        assertThat(rank.path("node").asText()).startsWith(claimedBy + "(");
        String error = guarded.gateway().service().getOperationInfo(session, refused).getException()
                .map(ExceptionUtils::stringifyException).orElseThrow();
        assertThat(error).as("the refusal's plan excerpt marks it").containsPattern("==> [ +-]*" + Pattern.quote(claimedBy + "("));
    }
}
