package io.github.sqlguard.metrics;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Flink's Prometheus reporter in a test: the options that start it on a free port, and one scrape
 * of its HTTP endpoint read into {@code name{labels} -> value}.
 */
public final class PrometheusScrape {

    private PrometheusScrape() {}

    /** {@code metrics.reporter.prom.*} for Flink's Prometheus reporter on {@code port}, label values unfiltered. */
    public static Map<String, String> reporterOptions(int port) {
        Map<String, String> options = new HashMap<>();
        options.put("metrics.reporter.prom.factory.class", "org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
        options.put("metrics.reporter.prom.port", String.valueOf(port));
        options.put("metrics.reporter.prom.filterLabelValueCharacters", "false");
        return options;
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /**
     * One scrape: every sample as {@code name{label="value",…}} (labels sorted by name, {@code host}
     * left out) to its value.
     */
    public static Map<String, Double> scrape(int port) throws Exception {
        return parse(text(port));
    }

    /** One scrape as the reporter serves it (Prometheus text format). */
    public static String text(int port) throws Exception {
        HttpResponse<String> response =
                HttpClient.newHttpClient()
                        .send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                                        .timeout(Duration.ofSeconds(10))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("Scrape returned " + response.statusCode());
        }
        return response.body();
    }

    /** Every sample of a scrape's text, as {@link #scrape} returns them. */
    public static Map<String, Double> parse(String text) {
        Map<String, Double> samples = new TreeMap<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            String series = line.substring(0, space);
            samples.put(normalize(series), Double.parseDouble(line.substring(space + 1)));
        }
        return samples;
    }

    private static String normalize(String series) {
        int brace = series.indexOf('{');
        if (brace < 0) {
            return series;
        }
        String name = series.substring(0, brace);
        Map<String, String> labels = new TreeMap<>();
        String body = series.substring(brace + 1, series.length() - 1);
        // Label values here are plain identifiers and numbers: no escaped quotes or commas.
        for (String pair : body.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String key = pair.substring(0, eq).trim();
            if (!key.equals("host")) {
                labels.put(key, pair.substring(eq + 1).trim());
            }
        }
        StringBuilder out = new StringBuilder(name).append('{');
        labels.forEach((k, v) -> out.append(k).append('=').append(v).append(','));
        if (!labels.isEmpty()) {
            out.setLength(out.length() - 1);
        }
        return out.append('}').toString();
    }
}
