package io.github.sqlguard.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/** A plain HTTP client of the SQL Gateway REST API (v1 paths, JSON row format). */
public final class GatewayRestClient {

    static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final String root;
    private final String base;

    public GatewayRestClient(int port) {
        this.root = "http://127.0.0.1:" + port;
        this.base = root + "/v2";
    }

    /** The HTTP status and JSON body of one call. */
    public record Response(int status, JsonNode body) {
        public boolean ok() {
            return status / 100 == 2;
        }

        /** The joined {@code errors} of an error response. */
        public String errors() {
            return body.path("errors").toString();
        }
    }

    public Response get(String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    /** GET of a path relative to the REST root, without the version prefix (the guard's own routes). */
    public Response getUnversioned(String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base.substring(0, base.length() - "/v2".length()) + path)).GET());
    }

    public Response post(String path, Object body) throws Exception {
        String json = body == null ? "{}" : JSON.writeValueAsString(body);
        return send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** POST to a path that names its own API version, e.g. {@code /v3/sessions/.../scripts}. */
    public Response postVersioned(String versionedPath, Object body) throws Exception {
        return send(
                HttpRequest.newBuilder(URI.create(root + versionedPath))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))));
    }

    /** POST raw bytes (for malformed bodies). */
    public Response postBytes(String path, byte[] body) throws Exception {
        return send(
                HttpRequest.newBuilder(URI.create(base + path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    public Response delete(String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE());
    }

    private Response send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> response =
                http.send(request.timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.ofString());
        String text = response.body();
        JsonNode body = text == null || text.isBlank() ? JSON.createObjectNode() : JSON.readTree(text);
        return new Response(response.statusCode(), body);
    }

    /** Opens a session with these properties. */
    public RestSession openSession(Map<String, String> properties) throws Exception {
        return openSession(properties, Map.of());
    }

    /** Opens a session with these properties, the request carrying {@code headers} (an identity proxy's). */
    public RestSession openSession(Map<String, String> properties, Map<String, String> headers) throws Exception {
        ObjectNode body = JSON.createObjectNode();
        body.set("properties", JSON.valueToTree(properties));
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/sessions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        headers.forEach(request::header);
        Response response = send(request);
        if (!response.ok()) {
            throw new IllegalStateException("openSession failed: " + response.errors());
        }
        return new RestSession(this, response.body().get("sessionHandle").asText());
    }
}
