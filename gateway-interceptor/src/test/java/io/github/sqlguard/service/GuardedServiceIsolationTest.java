package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Map;

/**
 * The decorator over Flink's real {@link SqlGatewayServiceImpl} (no REST): sessions do not see
 * each other's configuration or advisories, and closing a session frees what the guard kept.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GuardedServiceIsolationTest {

    private InProcessGateway gateway;
    private GuardedSqlGatewayService service;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
        service = gateway.service();
    }

    @AfterAll
    void stop() {
        gateway.close();
    }

    private SessionHandle open() {
        return gateway.openSession(Map.of());
    }

    private OperationHandle run(SessionHandle session, String statement) {
        return gateway.run(session, statement);
    }

    @Test
    void sessionsDoNotSeeEachOthersTtlOrAdvisories() throws Exception {
        SessionHandle a = open();
        SessionHandle b = open();
        for (SessionHandle s : new SessionHandle[] {a, b}) {
            run(s, "CREATE TABLE orders (user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen')");
        }
        run(a, "SET 'table.exec.state.ttl' = '1 d'");
        String topN =
                "SELECT * FROM (SELECT user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn"
                        + " FROM orders) WHERE rn <= 3";
        OperationHandle inA = run(a, topN);
        OperationHandle inB = run(b, topN);

        assertThat(service.advisory(a, inA)).hasValueSatisfying(adv -> assertThat(adv.verdict()).isEqualTo("OK"));
        assertThat(service.advisory(b, inB)).hasValueSatisfying(adv -> {
            assertThat(adv.verdict()).isEqualTo("BLOCK");
            assertThat(adv.findings()).extracting(f -> f.ruleId()).contains("unbounded-rank");
            // Its links as the refusal's: under the policy's sql-guard.docs-base-url.
            assertThat(adv.docsBaseUrl()).isEqualTo(io.github.sqlguard.policy.GuardOptions.DOCS_BASE_URL.defaultValue());
        });
        // An operation handle of another session reveals nothing.
        assertThat(service.advisory(a, inB)).isEmpty();
        assertThat(service.advisory(b, inA)).isEmpty();
        service.cancelOperation(a, inA);
        service.closeSession(a);
        service.closeSession(b);
    }

    @Test
    void decidesOnTheConfigurationLeftByStatementsSentWithoutWaiting() throws Exception {
        SessionHandle session = open();
        run(session, "CREATE TABLE orders (user_id STRING, amount DOUBLE) WITH ('connector' = 'datagen')");
        run(session, "SET 'table.exec.state.ttl' = '1 d'");
        // A client that fires statements without waiting for each result.
        service.executeStatement(session, "RESET 'table.exec.state.ttl'", 0, new Configuration());
        OperationHandle topN =
                service.executeStatement(
                        session,
                        "SELECT * FROM (SELECT user_id, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY amount DESC) AS rn"
                                + " FROM orders) WHERE rn <= 3",
                        0,
                        new Configuration());
        assertThat(service.advisory(session, topN)).hasValueSatisfying(adv -> assertThat(adv.verdict()).isEqualTo("BLOCK"));
        service.closeSession(session);
    }

    @Test
    void closingASessionFreesWhatTheGuardKept() throws Exception {
        int before = service.trackedSessions();
        SessionHandle session = open();
        OperationHandle set = run(session, "SET 'table.exec.state.ttl' = '24'");
        assertThat(service.advisory(session, set)).isPresent();
        assertThat(service.trackedSessions()).isEqualTo(before + 1);

        service.closeSession(session);

        assertThat(service.trackedSessions()).isEqualTo(before);
        assertThat(service.advisory(session, set)).isEmpty();
    }
}
