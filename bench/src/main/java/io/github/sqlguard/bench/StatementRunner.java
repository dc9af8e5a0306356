package io.github.sqlguard.bench;

import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.RestSession;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Sends one statement over REST and times it on the client's clock: from just before the submit
 * request to the first result page with rows, the end of stream, or the error. While the result is
 * not ready it polls at a fixed interval (the SQL Gateway's REST API reports no server-side timing,
 * so the interval bounds the error of each latency). The operation is closed afterwards, outside
 * the timed span (a running query is cancelled; a submitted INSERT job keeps running).
 */
final class StatementRunner {

    /**
     * The outcome of one statement.
     *
     * @param elapsedNanos submit to first rows / end of stream / error
     * @param rows rows in the pages read
     * @param error the gateway's error, null when it did not fail
     * @param timedOut true when neither arrived in time
     */
    record Outcome(long elapsedNanos, int rows, String error, boolean timedOut) {
        boolean failed() {
            return error != null;
        }
    }

    private final GatewayRestClient client;
    private final long pollNanos;
    private final Duration timeout;

    StatementRunner(GatewayRestClient client, long pollMicros, Duration timeout) {
        this.client = client;
        this.pollNanos = pollMicros * 1000;
        this.timeout = timeout;
    }

    Outcome run(RestSession session, String sql, Map<String, String> executionConfig) throws Exception {
        long start = System.nanoTime();
        String operation;
        try {
            operation = session.submit(sql, executionConfig);
        } catch (IllegalStateException e) {
            // The gateway refused the request itself (not the operation).
            return new Outcome(System.nanoTime() - start, 0, e.getMessage(), false);
        }
        try {
            return fetch(session, operation, start);
        } finally {
            session.closeOperation(operation);
        }
    }

    private Outcome fetch(RestSession session, String operation, long start) throws Exception {
        String next = "/sessions/" + session.handle() + "/operations/" + operation + "/result/0?rowFormat=JSON";
        long deadline = start + timeout.toNanos();
        int rows = 0;
        while (next != null) {
            GatewayRestClient.Response response = client.get(next);
            if (!response.ok()) {
                return new Outcome(System.nanoTime() - start, rows, response.errors(), false);
            }
            JsonNode body = response.body();
            int page = body.path("results").path("data").size();
            rows += page;
            if (page > 0 || "EOS".equals(body.path("resultType").asText())) {
                return new Outcome(System.nanoTime() - start, rows, null, false);
            }
            if (System.nanoTime() > deadline) {
                return new Outcome(System.nanoTime() - start, rows, null, true);
            }
            String uri = body.path("nextResultUri").asText(null);
            next = uri == null ? null : uri.substring(uri.indexOf("/sessions/"));
            LockSupport.parkNanos(pollNanos);
        }
        return new Outcome(System.nanoTime() - start, rows, null, false);
    }
}
