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
     * @param submitNanos submit to the submit's answer (the operation handle); the whole latency when the submit failed
     * @param fetches result requests sent (each not-ready answer is followed by one poll interval and another)
     */
    record Outcome(long elapsedNanos, int rows, String error, boolean timedOut, long submitNanos, int fetches) {
        Outcome(long elapsedNanos, int rows, String error, boolean timedOut) {
            this(elapsedNanos, rows, error, timedOut, elapsedNanos, 0);
        }

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
        long submitted = System.nanoTime() - start;
        try {
            return fetch(session, operation, start, submitted);
        } finally {
            session.closeOperation(operation);
        }
    }

    private Outcome fetch(RestSession session, String operation, long start, long submitted) throws Exception {
        String next = "/sessions/" + session.handle() + "/operations/" + operation + "/result/0?rowFormat=JSON";
        long deadline = start + timeout.toNanos();
        int rows = 0;
        int fetches = 0;
        while (next != null) {
            GatewayRestClient.Response response = client.get(next);
            fetches++;
            if (!response.ok()) {
                return new Outcome(System.nanoTime() - start, rows, response.errors(), false, submitted, fetches);
            }
            JsonNode body = response.body();
            int page = body.path("results").path("data").size();
            rows += page;
            if (page > 0 || "EOS".equals(body.path("resultType").asText())) {
                return new Outcome(System.nanoTime() - start, rows, null, false, submitted, fetches);
            }
            if (System.nanoTime() > deadline) {
                return new Outcome(System.nanoTime() - start, rows, null, true, submitted, fetches);
            }
            String uri = body.path("nextResultUri").asText(null);
            next = uri == null ? null : uri.substring(uri.indexOf("/sessions/"));
            LockSupport.parkNanos(pollNanos);
        }
        return new Outcome(System.nanoTime() - start, rows, null, false, submitted, fetches);
    }
}
