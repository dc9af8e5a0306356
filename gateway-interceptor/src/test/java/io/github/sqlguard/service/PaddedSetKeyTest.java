package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Map;

/**
 * Flink's gateway trims a SET key before it sets it ({@code OperationExecutor#callSetOperation}),
 * so a key padded with white space or a control character sets the real key: the guard judges it
 * as that key, through {@code executeStatement} and {@code configureSession} alike. Before, {@code
 * SET 'table.exec.state.ttl ' = '24'} passed with no finding and the session's TTL became 24 ms.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PaddedSetKeyTest {

    private InProcessGateway gateway;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
    }

    @AfterAll
    void stop() {
        gateway.close();
    }

    /** The padding, as code points: space, tab, line feed, NUL, BEL, carriage return. */
    @ParameterizedTest
    @ValueSource(ints = {0x20, 0x09, 0x0A, 0x00, 0x07, 0x0D})
    void aBareTtlBehindAPaddedKeyIsRefusedAsTheKeyFlinkSets(int pad) {
        String padding = Character.toString(pad);
        SessionHandle session = gateway.openSession(Map.of());
        for (String statement : new String[] {
            "SET 'table.exec.state.ttl" + padding + "' = '24'",
            "SET '" + padding + "table.exec.state.ttl' = '24'",
        }) {
            OperationHandle refused = gateway.runToEnd(session, statement);
            assertThat(gateway.service().getOperationInfo(session, refused).getStatus())
                    .as("executeStatement of %s", statement.replace(padding, "<" + pad + ">"))
                    .isEqualTo(OperationStatus.ERROR);
            assertThat(gateway.service().getOperationInfo(session, refused).getException().orElseThrow())
                    .rootCause()
                    .hasMessageContaining("ttl-too-short");

            assertThatThrownBy(() -> gateway.service().configureSession(session, statement, 0))
                    .as("configureSession of %s", statement.replace(padding, "<" + pad + ">"))
                    .isInstanceOf(SqlGatewayException.class)
                    .hasMessageContaining("ttl-too-short");
        }
        assertThat(gateway.service().getSessionConfig(session)).doesNotContainKey("table.exec.state.ttl");
    }

    @ParameterizedTest
    @ValueSource(ints = {0x20, 0x09, 0x00})
    void aGoodTtlBehindAPaddedKeyIsAppliedToTheKeyFlinkSets(int pad) {
        SessionHandle session = gateway.openSession(Map.of());
        gateway.runToEnd(session, "SET 'table.exec.state.ttl" + Character.toString(pad) + "' = '1 d'");
        assertThat(gateway.service().getSessionConfig(session)).containsEntry("table.exec.state.ttl", "1 d");
    }
}
