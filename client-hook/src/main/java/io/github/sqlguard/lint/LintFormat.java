package io.github.sqlguard.lint;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.LineTerminatorEscapes;
import io.github.sqlguard.endpoint.GuardVersion;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rewrite.RewritesShownOnce;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleCatalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The output formats of {@code sql-guard.sh lint}. */
public enum LintFormat {

    /**
     * For people: {@code file:line:column: LEVEL rule: message}, the fix, and a summary. With a
     * baseline, only the new findings, and the summary says how many the baseline accepted. A
     * statement whose job restores state gets a line {@code file:line:column: restore: <class> (...)}.
     */
    TEXT {
        @Override
        void write(LintRun run, PrintWriter out, String docsBaseUrl) {
            for (LintProblem problem : run.problems()) {
                out.printf("%s: error: %s%n", problem.path(), problem.message());
            }
            for (LintedStatement statement : run.statements()) {
                statement.facts().restore().ifPresent(r -> {
                    out.printf("%s:%d:%d: restore: %s (from the %s)%n",
                            statement.file(), statement.line(), statement.column(), r.outcome().label(), r.from());
                    r.changes().forEach(change -> out.printf("    %s%n", change));
                });
                // A rewrite that answers two findings (a SET both too short and a bare number) is written out once,
                // naming the other findings it answers (RewritesShownOnce).
                List<LintFinding> counted = statement.findings().stream().filter(run::counts).toList();
                Map<Finding, LintFinding> linted = new IdentityHashMap<>();
                counted.forEach(f -> linted.put(f.finding(), f));
                RewritesShownOnce once = new RewritesShownOnce(counted.stream().map(LintFinding::finding).toList(),
                        finding -> statement.rewriteOf(linted.get(finding)).stream().toList());
                for (LintFinding f : statement.findings()) {
                    if (!run.counts(f)) {
                        continue;
                    }
                    Finding finding = f.finding();
                    out.printf("%s:%d:%d: %s %s: %s%n", statement.file(), f.line(), f.column(), f.label(),
                            finding.ruleId(), finding.reason());
                    if (!finding.node().isEmpty()) {
                        out.printf("    at:  %s%n", finding.node().lines().findFirst().orElse(""));
                    }
                    out.printf("    fix: %s%n", finding.fix());
                    out.printf("    see: %s%n", helpUri(docsBaseUrl, finding.ruleId()));
                    if (statement.plansWithStandIn()) {
                        out.printf("    note: %s%n", statement.standIn());
                    }
                    statement.rewriteOf(f).ifPresent(rewrite -> out.print(once.describe(finding, rewrite).indent(2)));
                }
            }
            long standIns = run.statements().stream().filter(LintedStatement::plansWithStandIn).count();
            long warnings = counted(run, Level.WARN);
            long advisories = counted(run, Level.INFO);
            out.printf("%d %s, %d %s: %d blocking, %d %s, %d %s%s%s%s%s%n",
                    run.files().size(), run.files().size() == 1 ? "file" : "files",
                    run.statements().size(), run.statements().size() == 1 ? "statement" : "statements",
                    counted(run, Level.BLOCK),
                    warnings, warnings == 1 ? "warning" : "warnings",
                    advisories, advisories == 1 ? "advisory" : "advisories",
                    run.baseline().map(b -> " new; " + b.unchanged() + " unchanged and " + b.absent().size()
                            + " gone since " + b.description()).orElse(""),
                    run.unanalysed() == 0 ? "" : "; " + run.unanalysed() + " not analysed (" + MissingDependency.ID + ")",
                    standIns == 0 ? "" : "; " + standIns + " planned with stand-in connectors (changelog modes inferred)",
                    run.problems().isEmpty() ? "" : "; " + run.problems().size() + " input(s) could not be read");
        }
    },

    /**
     * For tools: a JSON array with one object per statement: {@code file}, {@code line}, {@code
     * column}, {@code kind}, {@code verdict}, {@code findings} (each {@code rule}, {@code level},
     * {@code message}, {@code fix}, {@code line}, {@code column}, {@code node}, {@code docLink},
     * {@code fingerprint} ({@link Fingerprints}), {@code baselineState} with a baseline, {@code
     * note} when planned through a stand-in connector, and {@code rewrite} when the guard proved
     * one, {@link LintRewrites#json}), {@code fingerprint} (SHA-256 of the statement's text without
     * comments, blanks collapsed: what {@code compare} matches statements by), {@code standIn}, the
     * note, when the statement was planned through (or registered) a stand-in connector, and what
     * an upgrade report compares ({@link StatementFacts}): {@code flinkVersion}, {@code
     * statefulOperators} (operator: count), {@code operatorStateTtl} (each {@code operator}, {@code
     * state}, {@code ttlMs}, {@code source}, as in the guard's audit record) and {@code
     * flinkRefusal} (Flink's own error, or null); for a statement whose job restores state ({@code
     * --since}, {@code --restores-from}, a savepoint it names), {@code restore}: {@code from}, {@code
     * outcome} ({@code restores}, {@code restores with a changed meaning}, {@code cannot restore},
     * {@code not judged}), {@code unclaimedOperators}, {@code changes} (what changed in the state of
     * each operator that maps) and the restore {@code rules} that found it.
     */
    JSON {
        @Override
        void write(LintRun run, PrintWriter out, String docsBaseUrl) {
            out.println("[");
            List<LintedStatement> statements = run.statements();
            Map<LintFinding, String> fingerprints = Fingerprints.of(statements);
            for (int i = 0; i < statements.size(); i++) {
                LintedStatement s = statements.get(i);
                ObjectNode node = MAPPER.createObjectNode();
                node.put("file", s.file()).put("line", s.line()).put("column", s.column()).put("kind", s.kind())
                        .put("verdict", s.verdict());
                if (s.plansWithStandIn()) {
                    node.put("standIn", s.standIn());
                }
                ArrayNode findings = node.putArray("findings");
                for (LintFinding f : s.findings()) {
                    ObjectNode finding = findings.addObject()
                            .put("rule", f.ruleId())
                            .put("level", f.label())
                            .put("message", f.finding().reason())
                            .put("fix", f.finding().fix())
                            .put("line", f.line())
                            .put("column", f.column())
                            .put("node", f.finding().node())
                            .put("docLink", f.finding().docLink())
                            .put("fingerprint", fingerprints.get(f));
                    f.finding().planNode().ifPresent(id -> finding.put("planNode", id));
                    run.baseline().ifPresent(b -> finding.put("baselineState", b.state(f).sarif()));
                    if (s.plansWithStandIn()) {
                        finding.put("note", s.standIn());
                    }
                    s.rewriteOf(f).ifPresent(rewrite -> LintRewrites.json(rewrite, finding.putObject("rewrite")));
                }
                StatementFacts facts = s.facts();
                node.put("fingerprint", Auditor.sha256(Fingerprints.normalized(s.text())));
                node.put("flinkVersion", facts.flinkVersion());
                ObjectNode operators = node.putObject("statefulOperators");
                facts.statefulOperators().entrySet().stream().sorted(Map.Entry.comparingByKey())
                        .forEach(e -> operators.put(e.getKey(), e.getValue()));
                ArrayNode ttls = node.putArray("operatorStateTtl");
                for (AuditRecord.OperatorStateTtl ttl : facts.operatorStateTtl()) {
                    ttls.addObject().put("operator", ttl.operator()).put("state", ttl.state()).put("ttlMs", ttl.ttlMs())
                            .put("source", ttl.source());
                }
                node.put("flinkRefusal", facts.flinkRefusal().orElse(null));
                facts.restore().ifPresent(r -> {
                    ObjectNode restore = node.putObject("restore").put("from", r.from()).put("outcome", r.outcome().label());
                    ArrayNode unclaimed = restore.putArray("unclaimedOperators");
                    r.unclaimed().forEach(unclaimed::add);
                    ArrayNode changes = restore.putArray("changes");
                    r.changes().forEach(changes::add);
                    ArrayNode rules = restore.putArray("rules");
                    r.rules().forEach(rules::add);
                });
                out.print("  " + json(node));
                out.println(i + 1 < statements.size() ? "," : "");
            }
            out.println("]");
        }
    },

    /** SARIF 2.1.0, as GitHub code scanning accepts it. */
    SARIF {
        @Override
        void write(LintRun run, PrintWriter out, String docsBaseUrl) {
            RuleCatalog catalog = RuleCatalog.builtIn();
            List<Rule> rules = catalog.rules();
            ObjectNode root = MAPPER.createObjectNode();
            root.put("$schema", "https://json.schemastore.org/sarif-2.1.0.json");
            root.put("version", "2.1.0");
            ObjectNode sarifRun = root.putArray("runs").addObject();
            ObjectNode driver = sarifRun.putObject("tool").putObject("driver");
            driver.put("name", "Flink SQL Guard");
            GuardVersion.guard().ifPresent(version -> driver.put("semanticVersion", version));
            ArrayNode ruleArray = driver.putArray("rules");
            for (Rule rule : rules) {
                ObjectNode r = ruleArray.addObject();
                r.put("id", rule.id());
                r.putObject("shortDescription").put("text", rule.declaration().summary());
                r.put("helpUri", helpUri(docsBaseUrl, rule.id()));
                r.putObject("help").put("text", "See " + Rule.docLink(rule.id()) + " in the Flink SQL Guard repository.");
                r.putObject("defaultConfiguration").put("level", sarifLevel(rule.declaration().defaultLevel()));
            }
            // Not a rule on the SQL: a statement lint could not analyse (its results are of kind 'open').
            ObjectNode missing = ruleArray.addObject();
            missing.put("id", MissingDependency.ID);
            missing.putObject("shortDescription").put("text",
                    "Analysis could not run: a connector, format, catalog, class or jar is missing from lint's environment.");
            missing.put("helpUri", helpUri(docsBaseUrl, MissingDependency.ID));
            missing.putObject("help").put("text",
                    "See " + Rule.docLink(MissingDependency.ID) + " in the Flink SQL Guard repository.");
            missing.putObject("defaultConfiguration").put("level", "warning");
            ArrayNode results = sarifRun.putArray("results");
            Map<LintFinding, String> fingerprints = Fingerprints.of(run.statements());
            Map<LintedStatement, Rewrite> fixes = LintFixes.writtenInOnePass(run.statements());
            for (LintedStatement s : run.statements()) {
                for (LintFinding f : s.findings()) {
                    ObjectNode result = results.addObject();
                    result.put("ruleId", f.ruleId());
                    int index = f.unanalysed() ? rules.size() : indexOf(rules, f.ruleId());
                    if (index >= 0) {
                        result.put("ruleIndex", index);
                    }
                    if (f.unanalysed()) {
                        // SARIF 'open': the tool could not tell whether the code passes or fails.
                        result.put("kind", "open");
                        result.put("level", "none");
                    } else {
                        result.put("level", sarifLevel(f.level()));
                    }
                    result.putObject("message").put("text", f.finding().reason() + "\nFix: " + f.finding().fix()
                            + (s.plansWithStandIn() ? "\nNote: " + s.standIn() : ""));
                    if (s.plansWithStandIn()) {
                        result.putObject("properties").put("standIn", s.standIn());
                    }
                    location(result.putArray("locations").addObject(), s.file(), f.line(), f.column());
                    result.putObject("partialFingerprints").put(Fingerprints.KEY, fingerprints.get(f));
                    run.baseline().ifPresent(b -> result.put("baselineState", b.state(f).sarif()));
                    offered(fixes, s, f).filter(LintRewrites::sarifFixable).ifPresent(rewrite ->
                            LintRewrites.sarifFix(rewrite, s, uri(s.file()), result.putArray("fixes").addObject()));
                }
            }
            // The baseline's findings this run no longer has (SARIF 3.27.24: absent).
            for (BaselineFinding gone : run.baseline().map(BaselineComparison::absent).orElse(List.of())) {
                ObjectNode result = results.addObject();
                result.put("ruleId", gone.ruleId());
                int index = indexOf(rules, gone.ruleId());
                if (index >= 0) {
                    result.put("ruleIndex", index);
                }
                result.put("level", sarifLevel(Level.valueOf(gone.level())));
                result.putObject("message").put("text", gone.message());
                location(result.putArray("locations").addObject(), gone.file(), gone.line(), gone.column());
                result.putObject("partialFingerprints").put(Fingerprints.KEY, gone.fingerprint());
                result.put("baselineState", BaselineState.ABSENT.sarif());
            }
            ObjectNode invocation = sarifRun.putArray("invocations").addObject();
            invocation.put("executionSuccessful", run.problems().isEmpty());
            ArrayNode notifications = invocation.putArray("toolExecutionNotifications");
            for (LintProblem problem : run.problems()) {
                ObjectNode n = notifications.addObject();
                n.put("level", "error");
                n.putObject("message").put("text", problem.path() + ": " + problem.message());
                n.putArray("locations").addObject().putObject("physicalLocation").putObject("artifactLocation")
                        .put("uri", uri(problem.path()));
            }
            try {
                out.println(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException(e);
            }
        }
    },

    /** GitHub Actions workflow commands: {@code ::error file=F,line=L,col=C,title=T::message}. */
    GITHUB {
        @Override
        void write(LintRun run, PrintWriter out, String docsBaseUrl) {
            for (LintProblem problem : run.problems()) {
                out.printf("::error file=%s,title=%s::%s%n", property(problem.path()), property("sql-guard lint"),
                        data(problem.message()));
            }
            Map<LintedStatement, Rewrite> fixes = LintFixes.writtenInOnePass(run.statements());
            for (LintedStatement s : run.statements()) {
                for (LintFinding f : s.findings()) {
                    if (!run.counts(f)) {
                        continue; // a pull request's annotations show what it adds
                    }
                    String command = f.unanalysed() ? "warning" : switch (f.level()) {
                        case BLOCK -> "error";
                        case WARN -> "warning";
                        default -> "notice";
                    };
                    String title = "sql-guard " + f.ruleId() + (f.unanalysed() ? " (analysis could not run)" : "");
                    out.printf("::%s file=%s,line=%d,col=%d,title=%s::%s%n", command, property(s.file()), f.line(),
                            f.column(), property(title),
                            data(f.finding().reason() + "\nFix: " + f.finding().fix() + "\nSee: " + f.finding().docLink()
                                    + offered(fixes, s, f).map(LintRewrites::suggestion).orElse("")
                                    + (s.plansWithStandIn() ? "\nNote: " + s.standIn() : "")));
                }
            }
        }
    };

    /**
     * The fix a report offers to apply for finding {@code f} of {@code s}: the rewrite {@code lint --fix} writes for
     * the statement in one pass ({@link LintFixes#writtenInOnePass}), on the first of its findings that carries it;
     * empty for its other findings and for a statement that pass leaves for the next. Accepting every offered fix
     * then writes what {@code --fix} writes, with no two fixes over one region.
     */
    private static Optional<Rewrite> offered(Map<LintedStatement, Rewrite> fixes, LintedStatement s, LintFinding f) {
        Rewrite written = fixes.get(s);
        if (written == null || s.rewriteOf(f).orElse(null) != written) {
            return Optional.empty();
        }
        LintFinding first = s.findings().stream().filter(o -> s.rewriteOf(o).orElse(null) == written).findFirst().orElseThrow();
        return first == f ? Optional.of(written) : Optional.empty();
    }

    /**
     * Writes U+0085, U+2028 and U+2029 of a statement or message escaped ({@link LineTerminatorEscapes}):
     * {@link #JSON} is one statement per line, for tools that read it line by line; SARIF alike.
     */
    private static final ObjectMapper MAPPER = LineTerminatorEscapes.mapper();

    /** Writes the report of {@code run}, rule pages linked under the default {@code sql-guard.docs-base-url}. */
    void write(LintRun run, PrintWriter out) {
        write(run, out, GuardOptions.DOCS_BASE_URL.defaultValue());
    }

    /**
     * Writes the report of {@code run}.
     *
     * @param docsBaseUrl {@code sql-guard.docs-base-url}: rule pages are this followed by {@code docs/rules/<id>.md}
     */
    abstract void write(LintRun run, PrintWriter out, String docsBaseUrl);

    private static String json(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The page of rule {@code id} under {@code docsBaseUrl} (a '/' added when it lacks one). */
    static String helpUri(String docsBaseUrl, String id) {
        String base = docsBaseUrl.endsWith("/") ? docsBaseUrl : docsBaseUrl + "/";
        return base + Rule.docLink(id);
    }

    /** The findings at {@code level} that fail the run ({@link LintRun#counts}). */
    private static long counted(LintRun run, Level level) {
        return run.statements().stream().flatMap(st -> st.findings().stream())
                .filter(f -> f.level() == level && run.counts(f)).count();
    }

    private static String sarifLevel(Level level) {
        return switch (level) {
            case BLOCK -> "error";
            case WARN -> "warning";
            case INFO -> "note";
            case OFF -> "none";
        };
    }

    private static int indexOf(List<Rule> rules, String id) {
        for (int i = 0; i < rules.size(); i++) {
            if (rules.get(i).id().equals(id)) {
                return i;
            }
        }
        return -1;
    }

    private static void location(ObjectNode location, String file, int line, int column) {
        ObjectNode physical = location.putObject("physicalLocation");
        physical.putObject("artifactLocation").put("uri", uri(file));
        physical.putObject("region").put("startLine", line).put("startColumn", column);
    }

    /** A relative URI reference for a path ({@code a b.sql} becomes {@code a%20b.sql}). */
    private static String uri(String path) {
        try {
            return new URI(null, null, path, null).toASCIIString();
        } catch (URISyntaxException e) {
            return path;
        }
    }

    /** Escapes a workflow command's message. */
    private static String data(String text) {
        return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** Escapes a workflow command's property value. */
    private static String property(String text) {
        return data(text).replace(":", "%3A").replace(",", "%2C");
    }
}
