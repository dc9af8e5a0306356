package io.github.sqlguard.advice;

import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rewrite.StillReported;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.Advisory;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the guard's advisories over its REST routes ({@code GET
 * /sql-guard/v1/sessions/:session_handle/advisories} and {@code
 * .../operations/:operation_handle/advisory}, see docs/reference/rest-routes.md). Thread-safe.
 */
public final class AdvisoryClient {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final URI root;

    /** @param root the gateway's REST root, e.g. {@code http://127.0.0.1:8083} */
    public AdvisoryClient(URI root) {
        this.root = root;
    }

    /**
     * The advisories of a session's most recent operations, oldest first; empty when the gateway
     * serves no advisory route (not a guarded gateway) or does not know the session.
     */
    public Optional<List<Advisory>> sessionAdvisories(String sessionHandle) throws IOException, InterruptedException {
        Optional<JsonNode> body = get("/sql-guard/v1/sessions/" + sessionHandle + "/advisories");
        if (body.isEmpty()) {
            return Optional.empty();
        }
        List<Advisory> advisories = new ArrayList<>();
        body.get().path("advisories").forEach(a -> advisories.add(advisory(a)));
        return Optional.of(advisories);
    }

    /** The advisory of one operation; empty when the guard keeps none. */
    public Optional<Advisory> operationAdvisory(String sessionHandle, String operationHandle)
            throws IOException, InterruptedException {
        return get("/sql-guard/v1/sessions/" + sessionHandle + "/operations/" + operationHandle + "/advisory")
                .map(AdvisoryClient::advisory);
    }

    private Optional<JsonNode> get(String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(root.resolve(path)).timeout(Duration.ofSeconds(30)).GET().build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        if (response.statusCode() / 100 != 2) {
            throw new IOException("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return Optional.of(JSON.readTree(response.body()));
    }

    static Advisory advisory(JsonNode node) {
        List<Finding> findings = new ArrayList<>();
        node.path("findings")
                .forEach(
                        f ->
                                findings.add(
                                        new Finding(
                                                f.path("ruleId").asText(),
                                                Level.valueOf(f.path("level").asText()),
                                                f.path("reason").asText(),
                                                f.path("node").asText(""),
                                                f.path("excerpt").asText(""),
                                                f.path("fix").asText(""),
                                                f.path("docLink").asText(""),
                                                f.hasNonNull("planNode") ? Optional.of(f.path("planNode").asInt())
                                                        : Optional.empty())));
        List<Rewrite> rewrites = new ArrayList<>();
        node.path("rewrites").forEach(r -> rewrites.addAll(rewrites(r)));
        return new Advisory(
                node.path("operationHandle").asText(),
                node.path("verdict").asText(),
                node.path("statementKind").asText(),
                findings,
                rewrites,
                node.path("rewritesPending").asBoolean(false),
                // The gateway's sql-guard.docs-base-url (a gateway before round 44 sends none: the path as it was).
                node.path("docsBaseUrl").asText(""));
    }

    /**
     * A proven rewrite as the advisory routes write it ({@code AdvisoryResponseBody.RewriteBody}), once per finding it
     * answers: the one it names, then each of its {@code alsoAnswers} (a gateway before round 68 sends none, and the
     * rewrite again under each finding).
     */
    private static List<Rewrite> rewrites(JsonNode r) {
        Rewrite first = rewrite(r);
        List<Rewrite> out = new ArrayList<>(List.of(first));
        for (JsonNode answered : r.path("alsoAnswers")) {
            List<Integer> planNodes = new ArrayList<>();
            answered.path("planNodes").forEach(n -> planNodes.add(n.asInt()));
            out.add(new Rewrite(answered.path("ruleId").asText(), answered.path("findingNode").asText(""), first.family(),
                    first.sql(), first.statement(), first.operators(), first.columns(), first.changes(), first.chosen(),
                    first.view(), first.remaining(), planNodes, Optional.empty(), first.restores()));
        }
        return out;
    }

    private static Rewrite rewrite(JsonNode r) {
        List<String> operators = new ArrayList<>();
        r.path("operators").forEach(o -> operators.add(o.asText()));
        List<String> remaining = new ArrayList<>();
        r.path("remaining").forEach(o -> remaining.add(o.asText()));
        List<Integer> planNodes = new ArrayList<>();
        r.path("planNodes").forEach(n -> planNodes.add(n.asInt()));
        return new Rewrite(
                r.path("ruleId").asText(), r.path("findingNode").asText(""), r.path("family").asText(),
                r.path("sql").asText(), r.path("statement").asText(), operators, r.path("columns").asText(),
                r.path("changes").asText(), r.path("chosen").asText(""),
                r.hasNonNull("view") ? Optional.of(r.path("view").asText()) : Optional.empty(),
                StillReported.parsed(remaining), planNodes,
                // A gateway before round 56 sends no restores: its rewrites were not judged as a restore.
                Optional.empty(), r.path("restores").asBoolean(true));
    }
}
