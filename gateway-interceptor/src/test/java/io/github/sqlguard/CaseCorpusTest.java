package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.testing.AuditCapture;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.GatewayVerdicts;
import io.github.sqlguard.testing.InProcessGateway;
import io.github.sqlguard.testing.SqlScript;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.service.SqlGatewayServiceImpl;
import org.apache.flink.util.ExceptionUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The fast tier's run of the whole case corpus ({@link CaseCorpus}: the shared cases and the
 * project's own): every script through the guarded service over Flink's real {@link
 * SqlGatewayServiceImpl} in this JVM ({@link InProcessGateway}: the real parsers, planner, pipeline
 * and audit; no REST), one session per script, statements sent one by one as a client sends them,
 * with the script's session properties and the last statement's execution config. Earlier
 * statements must not be blocked; the last statement's verdict and rule ids (read from its audit
 * record) must be those of the script's {@code -- expect:} header, or of this Flink line's
 * expectation file. A refused statement's error names every rule id, unless its audit outcome is
 * {@code rejected-by-flink} (then it is Flink's own error, without the guard's words); an {@code
 * EXPLAIN} is never refused and answers with the guard's section; with {@code -- flink-error:} the
 * last statement is handed on and fails in Flink with that text. A script with a {@code -- policy:}
 * header runs on a gateway started with those options (one per distinct policy).
 *
 * <p>What it leaves out: no job runs, and no rewrite is proven ({@code sql-guard.rewrite.enabled: false}: the
 * verdicts are checked; {@code ProvenCorpus} proves the corpus's rewrites in this tier, {@code SharedCasesIT} a
 * refusal's at the gateway). Jobs go to a JobManager address where nothing listens, so an
 * allowed query or INSERT is handed on and then fails at submission; the decision is made and
 * audited before that. {@code SharedCasesIT} runs the same corpus through the REST endpoint of a
 * real {@code SqlGateway} with local execution, and checks that allowed statements run.
 *
 * <p>Every statement's verdict and rule ids, as the gateway gave them, are kept for the cases run to the
 * end ({@link GatewayVerdicts}): client-hook's {@code GatewayLintEquivalenceIT} compares lint with them.
 *
 * <p>{@code -Dsql-guard.cases.only=REGEX} runs only the files whose name matches.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CaseCorpusTest {

    /** A node labelled by its plan node id, as findings name plan nodes: {@code Rank[5](...)}. */
    private static final java.util.regex.Pattern PLAN_NODE = java.util.regex.Pattern.compile("[A-Za-z]+\\[(\\d+)\\]");

    /** Audit outcomes of a statement the guard handed on to Flink (README, audit log). */
    private static final Set<String> HANDED_ON =
            Set.of("submitted", "unanalysed-submitted", "would-block", "applied", "unanalysed-applied",
                    "statement-set-opened", "added-to-statement-set", "explained");

    private AuditCapture audit;
    /** The gateway of the script being run: that of its {@code -- policy:} header. */
    private InProcessGateway gateway;
    /** One gateway per distinct {@code -- policy:} header; the default policy's is {@code Map.of()}. */
    private final Map<Map<String, String>, InProcessGateway> gateways = new HashMap<>();
    private int closedPort;
    /** Each case's statements' verdicts as the gateway decided them ({@link GatewayVerdicts}), for the cases run to the end. */
    private final Map<Path, List<String>> decided = new HashMap<>();

    @BeforeAll
    void start() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        audit = AuditCapture.start();
        gateway = gatewayFor(Map.of());
    }

    /** The gateway with the default policy plus {@code policy}, started on first use. */
    private InProcessGateway gatewayFor(Map<String, String> policy) {
        return gateways.computeIfAbsent(policy, options -> {
            Map<String, String> config = new HashMap<>(Map.of(
                    "execution.runtime-mode", "streaming",
                    "parallelism.default", "1",
                    "execution.target", "remote",
                    "rest.address", "127.0.0.1",
                    "rest.port", String.valueOf(closedPort),
                    "rest.retry.max-attempts", "0",
                    "rest.connection-timeout", "1 s",
                    // The verdicts are checked, not the rewrites (RewriteOptions#ENABLED: without proofs the findings
                    // and the verdict stay as they are). The corpus's rewrites are proven once per build in each path:
                    // every rewrite as lint proves them (ProvenCorpus, this tier), a refusal's at the gateway over REST
                    // (SharedCasesIT). Proving them here too took a fifth of this class's CPU (bench/results/
                    // 2026-12-07-suite-r70.md), with the same verdicts and rule ids for every statement.
                    "sql-guard.rewrite.enabled", "false"));
            config.putAll(options);
            return InProcessGateway.start(config, new AuditLog());
        });
    }

    @AfterAll
    void stop() {
        gateways.values().forEach(InProcessGateway::close);
        audit.close();
        GatewayVerdicts.write(decided);
    }

    static Stream<Path> cases() {
        String only = System.getProperty("sql-guard.cases.only");
        List<Path> files =
                CaseCorpus.all().stream()
                        .filter(p -> only == null || p.getFileName().toString().matches(only))
                        .toList();
        assertThat(files).as("case scripts").hasSizeGreaterThanOrEqualTo(only == null ? 32 : 1);
        return files.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void lastStatementGetsTheVerdictOfTheHeader(Path file) throws IOException {
        SqlScript script = SqlScript.read(file);
        gateway = gatewayFor(script.policy());
        audit.clear();
        SessionHandle session = gateway.openSession(script.sessionProperties());
        List<String> verdicts = new ArrayList<>();
        try {
            List<String> statements = script.statements();
            for (int i = 0; i < statements.size(); i++) {
                String statement = statements.get(i);
                boolean last = i == statements.size() - 1;
                Configuration config = Configuration.fromMap(last ? script.executionConfig() : Map.of());
                OperationHandle operation = gateway.service().executeStatement(session, statement, 0, config);
                gateway.service().advisory(session, operation).ifPresent(advisory -> verdicts.add(GatewayVerdicts.of(
                        advisory.verdict(), advisory.findings().stream().map(Finding::ruleId))));
                // The decision and its outcome are audited before executeStatement returns.
                JsonNode record =
                        audit.forOperation(operation.toString())
                                .orElseThrow(() -> new AssertionError("no audit record for " + statement));
                String verdict = record.path("verdict").asText();
                String outcome = record.path("outcome").asText();
                boolean dryRun = record.path("kind").asText().equals("EXPLAIN");
                OperationStatus status = awaitTerminal(session, operation);
                String error =
                        gateway.service().getOperationInfo(session, operation).getException()
                                .map(ExceptionUtils::stringifyException)
                                .orElse(null);
                String answer = dryRun && status == OperationStatus.FINISHED ? explainAnswer(session, operation) : null;
                gateway.service().closeOperation(session, operation);

                List<String> rules = new ArrayList<>();
                record.path("findings").forEach(f -> rules.add(f.path("id").asText()));
                // A finding about a plan node carries its id in the audit record, as its node names it (Rank[5]).
                record.path("findings").forEach(f -> {
                    java.util.regex.Matcher labelled = PLAN_NODE.matcher(f.path("node").asText());
                    if (labelled.lookingAt()) {
                        assertThat(f.path("planNode").asInt(-1)).as("audited planNode of %s in %s", f, script.name())
                                .isEqualTo(Integer.parseInt(labelled.group(1)));
                    }
                });
                if (!last && verdict.equals("BLOCK") && script.refusedSetupAllowed(rules)) {
                    continue;
                }
                if (!last) {
                    assertThat(verdict).as("setup statement of %s: %s", script.name(), statement).isNotEqualTo("BLOCK");
                    assertHandedOn(script, statement, outcome, status, error);
                    continue;
                }
                assertThat(verdict).as("verdict of %s (findings %s)", script.name(), record.path("findings"))
                        .isEqualTo(script.expectedVerdict());
                assertThat(rules).as("rules of %s", script.name()).containsAll(script.expectedRules());
                assertThat(rules).as("rules of %s that must not be reported", script.name())
                        .noneMatch(script.absentRules()::contains);
                if (script.flinkError() != null) {
                    // Handed on by the guard, then failed by Flink itself, as on a stock gateway.
                    assertThat(outcome).as("outcome of %s", script.name()).isIn(HANDED_ON);
                    assertThat(status).as("status of %s", script.name()).isEqualTo(OperationStatus.ERROR);
                    assertThat(error).as("Flink's error for %s", script.name()).contains(script.flinkError())
                            .doesNotContain("[sql-guard]");
                } else if (dryRun) {
                    // An EXPLAIN is a dry run: never refused, it answers with Flink's plan and the guard's findings.
                    assertThat(status).as("status of %s (error %s)", script.name(), error).isEqualTo(OperationStatus.FINISHED);
                    assertThat(answer).as("answer of %s", script.name()).contains("== SQL Guard ==");
                    for (String rule : script.expectedRules()) {
                        assertThat(answer).contains(rule);
                    }
                } else if (verdict.equals("BLOCK")) {
                    assertThat(status).as("status of %s", script.name()).isEqualTo(OperationStatus.ERROR);
                    assertThat(error).as("error of %s", script.name()).isNotNull();
                    if (outcome.equals("rejected-by-flink")) {
                        // Flink's own rejection: the client gets Flink's error as a stock gateway gives
                        // it, not a policy refusal naming rules; the rules are in the audit record.
                        assertThat(error).as("error of %s", script.name()).doesNotContain("[sql-guard]");
                    } else {
                        for (String rule : script.expectedRules()) {
                            assertThat(error).as("error of %s", script.name()).contains(rule);
                        }
                    }
                } else {
                    assertHandedOn(script, statement, outcome, status, error);
                }
            }
            if (verdicts.size() == statements.size()) {
                decided.put(file, verdicts);
            }
        } finally {
            gateway.service().closeSession(session);
        }
    }

    /**
     * The guard let {@code statement} through to Flink: its outcome says so, and it either finished
     * or failed only because its job could not reach the JobManager, which is not there.
     */
    private void assertHandedOn(SqlScript script, String statement, String outcome, OperationStatus status, String error) {
        assertThat(outcome).as("outcome of %s in %s", statement, script.name()).isIn(HANDED_ON);
        if (status != OperationStatus.FINISHED) {
            assertThat(error).as("status %s of %s in %s", status, statement, script.name())
                    .isNotNull()
                    .doesNotContain("[sql-guard]")
                    .contains(String.valueOf(closedPort));
        }
    }

    private OperationStatus awaitTerminal(SessionHandle session, OperationHandle operation) {
        InProcessGateway.awaitOperation()
                .until(() -> gateway.service().getOperationInfo(session, operation).getStatus().isTerminalStatus());
        return gateway.service().getOperationInfo(session, operation).getStatus();
    }

    /** The text of an EXPLAIN's single {@code result} row. */
    private String explainAnswer(SessionHandle session, OperationHandle operation) {
        StringBuilder text = new StringBuilder();
        long token = 0;
        while (true) {
            ResultSet result = gateway.service().fetchResults(session, operation, token, Integer.MAX_VALUE);
            result.getData().forEach(row -> text.append(row.getString(0)));
            if (result.getResultType() == ResultSet.ResultType.EOS || result.getNextToken() == null) {
                return text.toString();
            }
            token = result.getNextToken();
        }
    }
}
