package io.github.sqlguard.observe;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code sql-guard.sh jobs --gateway HOST:PORT}: the jobs a guarded gateway let through, with their
 * verdict, their findings on stateful operators and what the state says of each ({@code confirmed},
 * {@code not-confirmed}, ...), read from its {@code GET /sql-guard/v1/jobs} route
 * (docs/operations/observed-state.md), as text or as the route's JSON.
 */
@Command(
        name = "jobs",
        mixinStandardHelpOptions = true,
        description = {
            "Lists the jobs a guarded gateway let through, with their verdict, findings and observed state (needs"
                    + " sql-guard.observe.enabled on the gateway): which warnings came true."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:listed", "2:the gateway could not be read"})
public final class JobsCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** {@code --endpoint} too: the name {@code client} and Flink's {@code sql-client.sh gateway} give it. */
    @Option(names = {"--gateway", "--endpoint"}, paramLabel = "HOST:PORT", required = true,
            description = "The guarded gateway's REST endpoint, e.g. 127.0.0.1:8083 (or a URL); --endpoint as for"
                    + " client.")
    String gateway;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", description = "text (default) or json.")
    String format;

    @Override
    public Integer call() throws InterruptedException {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        String root = gateway.contains("://") ? gateway : "http://" + gateway;
        JsonNode body;
        try {
            HttpResponse<String> response = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build().send(
                    HttpRequest.newBuilder(URI.create(root).resolve("/sql-guard/v1/jobs")).timeout(Duration.ofSeconds(30))
                            .GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                System.err.println("sql-guard jobs: GET /sql-guard/v1/jobs answered " + response.statusCode()
                        + (response.statusCode() == 404 ? " (not a guarded gateway, or an older guard)" : "") + ": "
                        + response.body());
                return 2;
            }
            body = JSON.readTree(response.body());
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("sql-guard jobs: cannot read " + root + ": " + e.getMessage());
            return 2;
        }
        out.print("json".equals(format.toLowerCase(Locale.ROOT)) ? body.toPrettyString() + "\n" : text(body));
        return 0;
    }

    /** The route's answer as text: one block per job, its operators and its findings with their status. */
    public static String text(JsonNode body) {
        StringBuilder out = new StringBuilder();
        if (!body.path("observing").asBoolean()) {
            out.append("The gateway does not watch job state (sql-guard.observe.enabled is false).\n");
        }
        for (JsonNode job : body.path("jobs")) {
            out.append("job ").append(job.path("jobId").asText()).append("  ").append(job.path("kind").asText())
                    .append(' ').append(job.path("verdict").asText()).append("  ").append(job.path("outcome").asText());
            if (!job.path("jobStatus").isNull() && !job.path("jobStatus").isMissingNode()) {
                out.append(" (").append(job.path("jobStatus").asText()).append(')');
            }
            out.append("  decision ").append(job.path("decisionId").asText()).append('\n');
            if (!job.path("reason").isNull() && !job.path("reason").isMissingNode()) {
                out.append("  ").append(job.path("reason").asText()).append('\n');
            }
            for (JsonNode operator : job.path("operators")) {
                out.append("  ").append(operator.path("operator").asText()).append(": ")
                        .append(operator.path("trend").asText()).append(", ").append(human(operator.path("stateBytes").asLong()));
                if (operator.path("samples").asInt() >= 2) {
                    long rate = operator.path("bytesPerHour").asLong();
                    out.append(", ").append(rate >= 0 ? "+" : "-").append(human(Math.abs(rate))).append("/h over ")
                            .append(operator.path("samples").asInt()).append(" samples");
                }
                if (operator.path("reachesThresholdInMs").isNumber()) {
                    out.append(", reaches ").append(human(operator.path("thresholdBytes").asLong())).append(" in ")
                            .append(hours(operator.path("reachesThresholdInMs").asLong()));
                }
                out.append('\n');
            }
            for (JsonNode finding : job.path("findings")) {
                out.append("  ").append(finding.path("level").asText()).append(' ').append(finding.path("id").asText())
                        .append(" on ").append(finding.path("node").asText()).append(": ")
                        .append(finding.path("status").asText()).append('\n');
            }
            for (JsonNode advisory : job.path("advisories")) {
                out.append("  advisory: ").append(advisory.path("message").asText()).append('\n');
            }
        }
        if (body.path("jobs").isEmpty()) {
            out.append("No job watched yet.\n");
        }
        return out.toString();
    }

    private static String human(long bytes) {
        String[] units = {"B", "KB", "MB", "GB", "TB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    private static String hours(long ms) {
        return ms == 0 ? "0 h (above it)" : String.format(Locale.ROOT, "%.1f h", ms / 3_600_000d);
    }
}
