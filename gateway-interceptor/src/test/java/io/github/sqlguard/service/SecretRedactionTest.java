package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.table.data.RowData;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.FetchOrientation;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.HashMap;
import java.util.Map;

/**
 * The session's configuration as the guarded service answers it ({@code GET /sessions/:handle}
 * reads {@code getSessionConfig}; a bare {@code SET} answers with the listing its operation's
 * results carry, read through {@code fetchResults}): the value of every secret-looking key is
 * masked, as in the audit. Flink's stock service answers them in clear text.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SecretRedactionTest {

    private InProcessGateway gateway;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
    }

    @AfterAll
    void stop() {
        gateway.close();
    }

    @Test
    void secretValuesOfTheSessionConfigurationAreMaskedInBothAnswers() {
        SessionHandle session = gateway.openSession(Map.of(
                "security.ssl.rest.keystore-password", "s3cr3t-keystore",
                "fs.s3a.secret.key", "s3cr3t-s3",
                "pipeline.name", "not a secret"));
        gateway.runToEnd(session, "SET 'sasl.jaas.config' = 's3cr3t-jaas'");

        Map<String, String> config = gateway.service().getSessionConfig(session);
        assertThat(config)
                .containsEntry("security.ssl.rest.keystore-password", "****")
                .containsEntry("fs.s3a.secret.key", "****")
                .containsEntry("sasl.jaas.config", "****")
                .containsEntry("pipeline.name", "not a secret");
        assertThat(config.toString()).doesNotContain("s3cr3t");

        OperationHandle listing = gateway.runToEnd(session, "SET");
        ResultSet rows = gateway.service().fetchResults(session, listing, FetchOrientation.FETCH_NEXT, 10_000);
        Map<String, String> listed = new HashMap<>();
        for (RowData row : rows.getData()) {
            listed.put(row.getString(0).toString(), row.getString(1).toString());
        }
        assertThat(listed)
                .containsEntry("security.ssl.rest.keystore-password", "****")
                .containsEntry("sasl.jaas.config", "****")
                .containsEntry("pipeline.name", "not a secret");
        assertThat(listed.toString()).doesNotContain("s3cr3t");
    }
}
