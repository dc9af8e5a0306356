package io.github.sqlguard.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A lint report read back: lint's JSON report ({@code --format json}: one object per statement,
 * {@link LintFormat#JSON}), or for a baseline also a SARIF report ({@code --format sarif}), which
 * lists findings only.
 *
 * @param statements the statements, in report order; a SARIF report gives one per finding
 * @param sarif true when read from a SARIF report, which has findings only: no verdicts of
 *     statements without findings, no stateful operators
 */
public record LintReport(List<Statement> statements, boolean sarif) {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    public LintReport {
        statements = List.copyOf(statements);
    }

    /**
     * A statement of the report; {@code restore} is the class of its restore ({@link
     * RestoreOutcome.Outcome#label}), when the report judged one ({@code --since}, {@code --restores-from}).
     */
    public record Statement(
            String file, int line, int column, String kind, String verdict, String fingerprint, List<Finding> findings,
            String flinkVersion, Map<String, Integer> statefulOperators, List<StateTtl> operatorStateTtl,
            Optional<String> flinkRefusal, Optional<String> restore) {

        public Statement {
            findings = List.copyOf(findings);
            statefulOperators = Map.copyOf(statefulOperators);
            operatorStateTtl = List.copyOf(operatorStateTtl);
        }

        /** A statement whose report judged no restore. */
        public Statement(
                String file, int line, int column, String kind, String verdict, String fingerprint, List<Finding> findings,
                String flinkVersion, Map<String, Integer> statefulOperators, List<StateTtl> operatorStateTtl,
                Optional<String> flinkRefusal) {
            this(file, line, column, kind, verdict, fingerprint, findings, flinkVersion, statefulOperators, operatorStateTtl,
                    flinkRefusal, Optional.empty());
        }

        /** The rule ids of its findings, in report order. */
        public List<String> rules() {
            return findings.stream().map(Finding::rule).toList();
        }
    }

    /** A finding of the report: {@code level} {@code UNANALYSED} for a statement lint could not analyse. */
    public record Finding(String rule, String level, String message, int line, int column, String fingerprint) {}

    /** An operator's state TTL, as the guard's audit record gives it ({@code state} null when inferred). */
    public record StateTtl(String operator, String state, long ttlMs, String source) {}

    /**
     * Reads a JSON or SARIF report.
     *
     * @throws IllegalArgumentException naming the file, for one that is neither, or lacks the
     *     fields lint writes
     */
    public static LintReport read(Path file) throws IOException {
        JsonNode root;
        try {
            root = MAPPER.readTree(Files.readString(file));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException(file + " is not JSON: " + e.getOriginalMessage(), e);
        }
        if (root != null && root.isArray()) {
            return json(file, root);
        }
        if (root != null && root.path("runs").isArray()) {
            return sarif(root);
        }
        throw new IllegalArgumentException(file + " is neither lint's JSON report (an array of statements, --format json)"
                + " nor a SARIF report (--format sarif)");
    }

    /** The findings of the report as a baseline; a statement lint could not analyse accepts nothing. */
    public List<BaselineFinding> baseline() {
        List<BaselineFinding> out = new ArrayList<>();
        for (Statement s : statements) {
            for (Finding f : s.findings()) {
                if (!f.level().equals("UNANALYSED") && f.fingerprint() != null) {
                    out.add(new BaselineFinding(s.file(), f.rule(), f.level(), f.message(), f.line(), f.column(), f.fingerprint()));
                }
            }
        }
        return out;
    }

    private static LintReport json(Path file, JsonNode array) {
        List<Statement> statements = new ArrayList<>();
        for (JsonNode s : array) {
            if (!s.path("file").isTextual() || !s.path("verdict").isTextual()) {
                throw new IllegalArgumentException(file + " is not lint's JSON report: a statement without 'file' and"
                        + " 'verdict': " + s);
            }
            List<Finding> findings = new ArrayList<>();
            for (JsonNode f : s.path("findings")) {
                findings.add(new Finding(f.path("rule").asText(), f.path("level").asText(), f.path("message").asText(),
                        f.path("line").asInt(), f.path("column").asInt(), text(f.path("fingerprint"))));
            }
            Map<String, Integer> operators = new LinkedHashMap<>();
            s.path("statefulOperators").fields().forEachRemaining(e -> operators.put(e.getKey(), e.getValue().asInt()));
            List<StateTtl> ttls = new ArrayList<>();
            for (JsonNode t : s.path("operatorStateTtl")) {
                ttls.add(new StateTtl(t.path("operator").asText(), text(t.path("state")), t.path("ttlMs").asLong(),
                        t.path("source").asText()));
            }
            statements.add(new Statement(s.path("file").asText(), s.path("line").asInt(), s.path("column").asInt(),
                    s.path("kind").asText(), s.path("verdict").asText(), text(s.path("fingerprint")), findings,
                    s.path("flinkVersion").asText(""), operators, ttls, Optional.ofNullable(text(s.path("flinkRefusal"))),
                    Optional.ofNullable(text(s.path("restore").path("outcome")))));
        }
        return new LintReport(statements, false);
    }

    private static LintReport sarif(JsonNode root) {
        List<Statement> statements = new ArrayList<>();
        for (JsonNode run : root.path("runs")) {
            for (JsonNode r : run.path("results")) {
                if (r.path("baselineState").asText().equals(BaselineState.ABSENT.sarif()) || r.path("kind").asText().equals("open")) {
                    continue;
                }
                JsonNode physical = r.path("locations").path(0).path("physicalLocation");
                String file = path(physical.path("artifactLocation").path("uri").asText());
                int line = physical.path("region").path("startLine").asInt();
                int column = physical.path("region").path("startColumn").asInt();
                Finding finding = new Finding(r.path("ruleId").asText(), level(r.path("level").asText()),
                        r.path("message").path("text").asText(), line, column,
                        text(r.path("partialFingerprints").path(Fingerprints.KEY)));
                statements.add(new Statement(file, line, column, "", finding.level(), null, List.of(finding), "", Map.of(),
                        List.of(), Optional.empty()));
            }
        }
        return new LintReport(statements, true);
    }

    /** The guard's level of a SARIF level, as {@code LintFormat} maps them. */
    private static String level(String sarif) {
        return switch (sarif) {
            case "error" -> "BLOCK";
            case "note" -> "INFO";
            default -> "WARN";
        };
    }

    /** The path of a SARIF relative URI reference ({@code a%20b.sql} is {@code a b.sql}). */
    private static String path(String uri) {
        try {
            return new URI(uri).getPath();
        } catch (URISyntaxException e) {
            return uri;
        }
    }

    private static String text(JsonNode node) {
        return node.isTextual() ? node.asText() : null;
    }
}
