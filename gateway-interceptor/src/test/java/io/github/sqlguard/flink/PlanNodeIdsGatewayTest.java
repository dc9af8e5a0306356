package io.github.sqlguard.flink;

import static io.github.sqlguard.flink.TopNSavepoint.SALES;
import static io.github.sqlguard.flink.TopNSavepoint.SINK;
import static io.github.sqlguard.flink.TopNSavepoint.TOP_N;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.github.sqlguard.testing.AuditedInProcessGateway;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.runtime.util.EnvironmentInformation;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

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
        Path savepoint = TopNSavepoint.withRankState(dir);
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
