package io.github.sqlguard.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The golden files of client-hook's {@code RewriteGoldenFilesTest} ({@code client-hook/src/test/resources/golden}):
 * the findings and proven rewrites of a script's last statement, as {@code lint --format json} reports them, the
 * pinned fields only and plan node ids numbered in order of first appearance (they come from a counter of the JVM's
 * planner). {@code RewriteGoldenFilesTest} lints each case in process; dist's {@code CliJarIT} reads the same
 * statements in the CLI jar's lint of the whole corpus. With {@link #FROM_CLI_JAR} set ({@code .ci/run}), {@code
 * RewriteGoldenFilesTest} leaves the corpus cases to {@code CliJarIT}, so that a build lints them once through lint's
 * engine (CONTRIBUTING.md: the same corpus is not run through the same path twice).
 */
public final class RewriteGoldens {

    /**
     * Set (true) where the build runs dist's {@code CliJarIT}: the corpus cases' golden files are checked against the
     * CLI jar's lint of the corpus there, and {@code RewriteGoldenFilesTest} does not lint them again.
     */
    public static final String FROM_CLI_JAR = "sql-guard.golden.from-cli-jar";

    /** Rewrite the golden files with what the test found, then read the diff. */
    public static final String WRITE = "sql-guard.golden.write";

    /** Names of the golden files of lint alone (client-hook's {@code lint-cases}, planned through stand-ins). */
    public static final String LINT_CASE_PREFIX = "lint-";

    private static final String FLINK_1_SUFFIX = "-flink-1.20";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private static final Pattern NODE_ID = Pattern.compile("\\[(\\d+)]");

    private RewriteGoldens() {}

    /** The directory of the golden files. */
    public static Path dir() {
        return GuardedGateway.projectRoot().resolve("client-hook/src/test/resources/golden");
    }

    /** The names of the corpus cases (the project's own) that have a golden file, sorted. */
    public static List<String> corpusCases() {
        try (Stream<Path> files = Files.list(dir())) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".json") && !n.startsWith(LINT_CASE_PREFIX))
                    .map(n -> n.substring(0, n.length() - ".json".length()))
                    .filter(n -> !n.endsWith(FLINK_1_SUFFIX))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The text a golden file holds for {@code statement}, one statement of lint's JSON report. */
    public static String text(JsonNode statement) {
        try {
            return JSON.writeValueAsString(pinned(statement)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The golden file of {@code name} on a Flink line: {@code name.json} (Flink 2.3); on Flink 1.20 ({@code flink1})
     * {@code name-flink-1.20.json} where the 1.20 planner decides the case otherwise (that file exists, or, when
     * writing, the 1.20 answer differs from the 2.3 one), as {@code cases-flink-1.20.properties} gives the corpus's
     * 1.20 verdicts.
     */
    public static Path file(String name, String actual, boolean flink1) throws IOException {
        Path main = dir().resolve(name + ".json");
        Path line = dir().resolve(name + FLINK_1_SUFFIX + ".json");
        if (!flink1) {
            return main;
        }
        boolean differs = !Files.exists(main) || !Files.readString(main).equals(actual);
        return Files.exists(line) || (Boolean.getBoolean(WRITE) && differs) ? line : main;
    }

    /** The pinned part of one statement's JSON, plan node ids numbered in order of first appearance. */
    private static ObjectNode pinned(JsonNode statement) {
        Map<String, Integer> ids = new HashMap<>();
        ObjectNode out = JSON.createObjectNode();
        out.put("verdict", statement.path("verdict").asText());
        ArrayNode findings = out.putArray("findings");
        for (JsonNode f : statement.path("findings")) {
            ObjectNode finding = findings.addObject()
                    .put("rule", f.path("rule").asText())
                    .put("level", f.path("level").asText())
                    .put("node", renumber(f.path("node").asText(), ids))
                    .put("fix", renumber(f.path("fix").asText(), ids));
            if (f.has("planNode")) {
                finding.put("planNode", id(f.path("planNode").asText(), ids));
            }
            JsonNode r = f.path("rewrite");
            if (r.isMissingNode()) {
                continue;
            }
            ObjectNode rewrite = finding.putObject("rewrite")
                    .put("family", r.path("family").asText())
                    .put("sql", r.path("sql").asText())
                    .put("statement", r.path("statement").asText())
                    .put("changes", renumber(r.path("changes").asText(), ids))
                    .put("columns", r.path("columns").asText());
            rewrite.set("operators", r.path("operators"));
            ArrayNode planNodes = rewrite.putArray("planNodes");
            r.path("planNodes").forEach(n -> planNodes.add(id(n.asText(), ids)));
        }
        return out;
    }

    private static int id(String planNode, Map<String, Integer> ids) {
        return ids.computeIfAbsent(planNode, k -> ids.size() + 1);
    }

    private static String renumber(String text, Map<String, Integer> ids) {
        Matcher m = NODE_ID.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, "[" + id(m.group(1), ids) + "]");
        }
        return m.appendTail(out).toString();
    }
}
