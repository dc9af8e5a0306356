package io.github.sqlguard.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Issue 29 item 7 through a real gateway: the refusals of statements of a megabyte, whose advisories
 * carry the statement's text in their rewrites, leave the session holding at most {@link
 * GuardedSession#MAX_ADVISORY_CHARS} characters of advisory text; the oldest advisories go, the
 * newest is served.
 */
class AdvisoryBoundGatewayIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    @Test
    void refusalsOfHugeStatementsKeepTheSessionsAdvisoriesWithinTheirBound() throws Exception {
        GuardedGateway gateway = GuardedGateway.shared();
        GatewayRestClient rest = new GatewayRestClient(gateway.port());
        // A Top-N of 128 KB (a comment): its refusal's rewrites repeat the statement.
        String comment = "/*" + "x".repeat(128 * 1024) + "*/";
        String topN = "SELECT * FROM (SELECT order_id, user_id, amount " + comment + ", ROW_NUMBER() OVER (PARTITION BY"
                + " user_id ORDER BY amount DESC) AS rn FROM orders) WHERE rn <= 3";
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute("CREATE TEMPORARY TABLE orders (order_id STRING, user_id STRING, amount DOUBLE) WITH"
                    + " ('connector' = 'datagen')", 0, TIMEOUT);
            GuardedSession guarded =
                    gateway.runtime().sessions().find(new SessionHandle(UUID.fromString(session.handle()))).orElseThrow();
            List<String> refused = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                RestSession.StatementResult result = session.execute(topN, 0, TIMEOUT);
                assertThat(result.error()).contains("unbounded-rank");
                refused.add(result.operationHandle());
            }
            await().atMost(TIMEOUT).until(() -> guarded.allRewritesProven().isDone());

            String first = advisoryRoute(session, refused.get(0));
            String last = advisoryRoute(session, refused.get(refused.size() - 1));
            assertThat(guarded.advisory(refused.get(0))).as("the oldest advisory was let go").isEmpty();
            assertThat(rest.getUnversioned(first).ok()).isFalse();
            GatewayRestClient.Response newest = rest.getUnversioned(last);
            assertThat(newest.ok()).isTrue();
            assertThat(newest.body().toString().length()).as("the newest advisory carries the statement")
                    .isGreaterThan(128 * 1024);
            assertThat(guarded.keptAdvisoryChars())
                    .isGreaterThan(128 * 1024)
                    .isLessThanOrEqualTo(GuardedSession.MAX_ADVISORY_CHARS);
        }
    }

    private static String advisoryRoute(RestSession session, String operation) {
        return "/sql-guard/v1/sessions/" + session.handle() + "/operations/" + operation + "/advisory";
    }
}
