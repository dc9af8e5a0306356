package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.InProcessGateway;

import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.util.RestMapperUtils;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.rest.handler.statement.FetchResultsHandler;
import org.apache.flink.table.gateway.rest.header.statement.FetchResultsHeaders;
import org.apache.flink.table.gateway.rest.message.statement.FetchResultsMessageParameters;
import org.apache.flink.table.gateway.rest.message.statement.FetchResultsResponseBody;
import org.apache.flink.table.gateway.rest.util.RowFormat;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.time.Duration;
import java.util.Map;

/**
 * Flink's {@code FetchResultsHandler} as the guard's endpoint serves it ({@link GuardedSqlGatewayService#forFetchResults}):
 * the session configuration it is given is the session's time zone alone, so it never holds a secret of the
 * session, and the time zone still applies to the rows of a page in the JSON row format.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FetchResultsViewTest {

    private static final String TIME_ZONE = "table.local-time-zone";

    private InProcessGateway gateway;

    @BeforeAll
    void start() {
        gateway = InProcessGateway.start();
    }

    @AfterAll
    void stop() throws Exception {
        gateway.close();
    }

    /** Flink's handler, its request handling callable. */
    private static final class Handler extends FetchResultsHandler {
        Handler(SqlGatewayService service) {
            super(service, Map.of(), FetchResultsHeaders.getDefaultInstance());
        }

        FetchResultsResponseBody fetch(SessionHandle session, OperationHandle operation, long token) throws Exception {
            return handleRequest(
                    SqlGatewayRestAPIVersion.getDefaultVersion(),
                    HandlerRequest.create(
                            EmptyRequestBody.getInstance(),
                            new FetchResultsMessageParameters(session, operation, token, RowFormat.JSON)))
                    .get();
        }
    }

    /** The JSON of the first page with rows of {@code sql} in {@code session}, as Flink's handler answers it. */
    private String firstRows(SessionHandle session, String sql) throws Exception {
        OperationHandle operation = gateway.run(session, sql);
        Handler handler = new Handler(gateway.service().forFetchResults());
        long token = 0;
        long until = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < until) {
            FetchResultsResponseBody body = handler.fetch(session, operation, token);
            String json = RestMapperUtils.getStrictObjectMapper().writeValueAsString(body);
            if (body.getResultType() == ResultSet.ResultType.PAYLOAD && !body.getResults().getData().isEmpty()) {
                return json;
            }
            assertThat(body.getResultType()).as(json).isNotEqualTo(ResultSet.ResultType.EOS);
            if (body.getResultType() == ResultSet.ResultType.PAYLOAD) {
                token++;
            }
            Thread.sleep(5);
        }
        throw new AssertionError("no rows of " + sql);
    }

    @Test
    void theHandlerIsGivenTheSessionsTimeZoneAloneAndItApplies() throws Exception {
        SessionHandle tokyo = gateway.openSession(Map.of(
                TIME_ZONE, "Asia/Tokyo", "my.connection.password", "hunter2", "pipeline.name", "token=abc123"));
        SessionHandle utc = gateway.openSession(Map.of(TIME_ZONE, "UTC", "s3.secret-key", "hunter3"));
        SessionHandle unset = gateway.openSession(Map.of("s3.secret-key", "hunter4"));
        try {
            SqlGatewayService view = gateway.service().forFetchResults();
            assertThat(view.getSessionConfig(tokyo)).isEqualTo(Map.of(TIME_ZONE, "Asia/Tokyo"));
            assertThat(view.getSessionConfig(utc)).isEqualTo(Map.of(TIME_ZONE, "UTC"));
            assertThat(view.getSessionConfig(unset)).isEmpty();

            String sql = "SELECT TO_TIMESTAMP_LTZ(0, 3) AS epoch";
            String inTokyo = firstRows(tokyo, sql);
            String inUtc = firstRows(utc, sql);
            assertThat(inTokyo).contains("1970-01-01T09:00").doesNotContain("hunter", "abc123");
            assertThat(inUtc).contains("1970-01-01T00:00").doesNotContain("hunter", "abc123");
        } finally {
            gateway.service().closeSession(tokyo);
            gateway.service().closeSession(utc);
            gateway.service().closeSession(unset);
        }
    }

    @Test
    void aTimeZoneThatCarriesASecretIsMasked() {
        SessionHandle session = gateway.openSession(Map.of(TIME_ZONE, "password=hunter2"));
        try {
            assertThat(gateway.service().forFetchResults().getSessionConfig(session))
                    .isEqualTo(Map.of(TIME_ZONE, "****"))
                    .isEqualTo(Map.of(TIME_ZONE, gateway.service().getSessionConfig(session).get(TIME_ZONE)));
        } finally {
            gateway.service().closeSession(session);
        }
    }
}
