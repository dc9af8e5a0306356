package io.github.sqlguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** One SQL Gateway session driven over REST. */
public final class RestSession implements AutoCloseable {

    private static final long FINE_POLLING_NANOS = 100_000_000L;
    private static final long MAX_STATUS_POLL_MILLIS = 20;
    private static final Set<String> TERMINAL = Set.of("FINISHED", "ERROR", "CANCELED", "CLOSED", "TIMEOUT");

    private final GatewayRestClient client;
    private final String handle;

    RestSession(GatewayRestClient client, String handle) {
        this.client = client;
        this.handle = handle;
    }

    public String handle() {
        return handle;
    }

    /**
     * The outcome of one statement: its operation handle, the rows of the first page(s) read, or
     * the error the gateway reported.
     */
    public record StatementResult(String operationHandle, List<JsonNode> rows, String error) {
        public boolean failed() {
            return error != null;
        }
    }

    /** Submits a statement and returns its operation handle (or throws with the REST error). */
    public String submit(String statement, Map<String, String> executionConfig) throws Exception {
        ObjectNode body = GatewayRestClient.JSON.createObjectNode();
        body.put("statement", statement);
        if (!executionConfig.isEmpty()) {
            body.set("executionConfig", GatewayRestClient.JSON.valueToTree(executionConfig));
        }
        GatewayRestClient.Response response = client.post("/sessions/" + handle + "/statements", body);
        if (!response.ok()) {
            throw new IllegalStateException("executeStatement failed: " + response.errors());
        }
        return response.body().get("operationHandle").asText();
    }

    /**
     * Waits until the operation is RUNNING (a streaming query that is up), or terminal, and
     * returns that status: {@code RUNNING}, {@code FINISHED}, {@code ERROR}, {@code CANCELED}.
     */
    public String awaitStarted(String operation, Duration timeout) throws Exception {
        return awaitStatus(operation, timeout, status -> !status.equals("PENDING") && !status.equals("INITIALIZED"));
    }

    /** Submits, waits until the operation has started or ended, closes it; returns its handle. */
    public String submitAndClose(String statement, Duration timeout) throws Exception {
        String operation = submit(statement, Map.of());
        awaitStarted(operation, timeout);
        client.delete("/sessions/" + handle + "/operations/" + operation + "/close");
        return operation;
    }

    /** Waits until the operation has ended and returns its status ({@code FINISHED}, {@code ERROR}, ...). */
    public String awaitTerminal(String operation, Duration timeout) throws Exception {
        return awaitStatus(operation, timeout, TERMINAL::contains);
    }

    /**
     * Polls the operation's status until {@code reached} holds or {@code timeout} has passed, and
     * returns the last status. Most operations get there within milliseconds: the first look is at
     * once, then the pause doubles from 1 ms up to {@link #MAX_STATUS_POLL_MILLIS}.
     */
    private String awaitStatus(String operation, Duration timeout, Predicate<String> reached) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String status = "PENDING";
        long pauseMs = 1;
        while (System.nanoTime() < deadline) {
            status = client.get("/sessions/" + handle + "/operations/" + operation + "/status").body().path("status").asText();
            if (reached.test(status)) {
                return status;
            }
            Thread.sleep(pauseMs);
            pauseMs = Math.min(MAX_STATUS_POLL_MILLIS, pauseMs * 2);
        }
        return status;
    }

    /** Reads the error of a failed operation (null when it did not fail) and closes it. */
    public String errorAndClose(String operation) throws Exception {
        try {
            GatewayRestClient.Response response =
                    client.get("/sessions/" + handle + "/operations/" + operation + "/result/0?rowFormat=JSON");
            return response.ok() ? null : response.errors();
        } finally {
            closeOperation(operation);
        }
    }

    /**
     * Submits and reads results until the statement finishes, fails, or {@code minRows} rows have
     * arrived (for unbounded queries); then closes the operation.
     */
    public StatementResult execute(String statement, int minRows, Duration timeout) throws Exception {
        return execute(statement, Map.of(), minRows, timeout);
    }

    public StatementResult execute(String statement, Map<String, String> executionConfig, int minRows, Duration timeout)
            throws Exception {
        String operation = submit(statement, executionConfig);
        try {
            return fetch(operation, minRows, timeout, Duration.ofMillis(50));
        } finally {
            closeOperation(operation);
        }
    }

    /**
     * Reads result pages of a submitted operation until it finishes, fails, or {@code minRows} rows
     * have arrived (for unbounded queries), without closing it. While no rows are ready it polls
     * every 1 ms for the first 100 ms (so short statements are timed to the millisecond), then
     * doubles the pause up to {@code maxPoll}.
     */
    public StatementResult fetch(String operation, int minRows, Duration timeout, Duration maxPoll) throws Exception {
        List<JsonNode> rows = new ArrayList<>();
        String error = null;
        String next = "/sessions/" + handle + "/operations/" + operation + "/result/0?rowFormat=JSON";
        long start = System.nanoTime();
        long deadline = start + timeout.toNanos();
        long pauseMs = 1;
        while (next != null && System.nanoTime() < deadline) {
            GatewayRestClient.Response response = client.get(next);
            if (!response.ok()) {
                error = response.errors();
                break;
            }
            JsonNode body = response.body();
            String type = body.path("resultType").asText();
            body.path("results").path("data").forEach(rows::add);
            if ("EOS".equals(type) || rows.size() >= minRows && minRows > 0) {
                break;
            }
            String uri = body.path("nextResultUri").asText(null);
            next = uri == null ? null : uri.substring(uri.indexOf("/sessions/"));
            if ("NOT_READY".equals(type) || body.path("results").path("data").isEmpty()) {
                Thread.sleep(pauseMs);
                if (System.nanoTime() - start > FINE_POLLING_NANOS) {
                    pauseMs = Math.min(maxPoll.toMillis(), pauseMs * 2);
                }
            }
        }
        return new StatementResult(operation, rows, error);
    }

    /** Closes an operation (a running query is cancelled). */
    public void closeOperation(String operation) throws Exception {
        client.delete("/sessions/" + handle + "/operations/" + operation + "/close");
    }

    @Override
    public void close() throws Exception {
        client.delete("/sessions/" + handle);
    }
}
