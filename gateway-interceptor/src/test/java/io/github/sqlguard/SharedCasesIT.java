package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.LineExpectations;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.SlotRuns;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs every script of {@code ../shared/cases} (and the project's own cases under {@code
 * src/test/resources/cases}) through the real guarded gateway and the real planner, one session
 * per script: earlier statements must not be blocked; the last statement's verdict and rule ids
 * must be those of the script's {@code -- expect:} header (verdict read from the audit record of
 * its operation; for BLOCK, the error the client gets must name every rule id, unless the audit
 * outcome is {@code rejected-by-flink}: then the client gets Flink's own error, without the guard's
 * words; for an {@code EXPLAIN}, which carries the explained statement's verdict and is never
 * refused, its result must). With {@code -- flink-error: TEXT} the last statement must end in
 * Flink's own error. The headers state the Flink 2.3 verdict; where this build's Flink line decides
 * a case differently, the verdict is that of the line's expectation file ({@link
 * LineExpectations}, e.g. {@code cases-flink-1.20.properties}).
 *
 * <p>{@code -Dsql-guard.cases.dir=DIR} reads the shared cases from another directory; {@code
 * -Dsql-guard.cases.only=REGEX} runs only the files whose name matches (e.g. {@code '(2[67]|14\d)-.*'}).
 * A script with a {@code -- policy:} header runs on a gateway of its own started with those options,
 * one per distinct policy (the limit cases share one).
 *
 * <p>The scripts run {@link #CASES_AT_ONCE} at a time ({@link SlotRuns}), each in its own session (a
 * statement's verdict does not depend on another session's); a script's statements run in order, and each script is
 * one test, in corpus order.
 *
 * <p>The same run makes the differential check against a stock gateway ({@link StockDifferential}): each statement
 * goes to a stock session too, and after the script its fixed-seed mutations go to both sessions; the check's
 * assertion is {@link #whatTheStockGatewayAcceptsTheGuardNeverRefusesAsAPlannerError}, after the scripts. So the corpus
 * goes through the guarded REST gateway once (before round 71 {@code DifferentialIT} sent it again through a guarded
 * gateway of its own). {@code -Dsql-guard.cases.differential=false} leaves the check out (the 1.20 step of {@code
 * .ci/run}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SharedCasesIT {

    /** Scripts sent at once: one plans while the other waits on its statements' operations and jobs. */
    private static final int CASES_AT_ONCE = 2;

    /** Gateways of the scripts' {@code -- policy:} headers, one per distinct policy; the default one is shared. */
    private final Map<Map<String, String>, GuardedGateway> gateways = new HashMap<>();
    /** The stock gateway of the differential check, or null when it is off. */
    private StockDifferential differential;

    @BeforeAll
    void startGateway() throws Exception {
        gateways.put(Map.of(), GuardedGateway.shared());
        if (StockDifferential.enabled()) {
            differential = StockDifferential.start();
        }
    }

    @AfterAll
    void stopGateways() {
        if (differential != null) {
            differential.close();
        }
        gateways.forEach((policy, gateway) -> {
            if (!policy.isEmpty()) {
                gateway.close();
            }
        });
    }

    /** The gateway with the default policy plus {@code policy}, started on first use. */
    private synchronized GuardedGateway gatewayFor(Map<String, String> policy) throws Exception {
        GuardedGateway gateway = gateways.get(policy);
        if (gateway == null) {
            gateway = GuardedGateway.start(policy);
            gateways.put(policy, gateway);
        }
        return gateway;
    }

    static List<Path> cases() {
        String only = System.getProperty("sql-guard.cases.only");
        List<Path> files =
                CaseCorpus.all().stream()
                        .filter(p -> only == null || p.getFileName().toString().matches(only))
                        .toList();
        assertThat(files).as("case scripts").hasSizeGreaterThanOrEqualTo(only == null ? 32 : 1);
        return files;
    }

    /** Each case of this line's expectation file is in the corpus, and its verdict there differs from the header's. */
    @Test
    void theLineExpectationsNameCasesThatDiffer() throws IOException {
        Map<String, Path> corpus = new HashMap<>();
        CaseCorpus.all().forEach(p -> corpus.put(p.getFileName().toString(), p));
        for (var entry : LineExpectations.current().entrySet()) {
            Path file = corpus.get(entry.getKey());
            assertThat(file).as("case %s of %s", entry.getKey(), LineExpectations.file(FlinkLine.current().line())).isNotNull();
            String header = Files.readString(file).lines().filter(l -> l.startsWith("-- expect:")).findFirst().orElseThrow()
                    .substring("-- expect:".length()).strip();
            LineExpectations.Expectation line = entry.getValue();
            assertThat(String.join(" ", line.verdict(), String.join(" ", line.rules())).strip())
                    .as("verdict of %s on Flink %s (the header says the same: drop the entry)", entry.getKey(),
                            FlinkLine.current().line())
                    .isNotEqualTo(header);
        }
    }

    @TestFactory
    @Order(1)
    Stream<DynamicTest> lastStatementGetsTheVerdictOfTheHeader() {
        return SlotRuns.atOnce(CASES_AT_ONCE, cases(), Path::toString, file -> 1, this::checkScript);
    }

    /**
     * Whatever the stock gateway accepted of the scripts' statements and mutations ({@link StockDifferential}), the guard
     * did not refuse as Flink's rejection; after every script ran.
     */
    @Test
    @Order(2)
    void whatTheStockGatewayAcceptsTheGuardNeverRefusesAsAPlannerError() {
        Assumptions.assumeTrue(differential != null, "-Dsql-guard.cases.differential=false");
        differential.assertNoPlannerErrorRefusal();
    }

    private void checkScript(Path file) throws Exception {
        SqlScript script = SqlScript.read(file);
        try (RestSession session = gatewayFor(script.policy()).openSession(script.sessionProperties());
                StockDifferential.Case stock = differential == null ? null : differential.open(script)) {
            List<String> statements = script.statements();
            for (int i = 0; i < statements.size(); i++) {
                String statement = statements.get(i);
                boolean last = i == statements.size() - 1;
                StockDifferential.Stock onStock =
                        stock == null ? null : stock.runOnStock(statement, last ? script.executionConfig() : Map.of());
                // The verdict is audited before executeStatement returns; a refused statement is an
                // operation that fails with the guard's message. Allowed queries are not read to the
                // end: they are checked to start (or finish) without error, then closed.
                String operation = session.submit(statement, last ? script.executionConfig() : Map.of());
                JsonNode record =
                        AuditFile.forOperation(operation)
                                .orElseThrow(() -> new AssertionError("no audit record for " + statement));
                String verdict = record.path("verdict").asText();
                // An EXPLAIN is a dry run: it carries the explained statement's verdict, is never
                // refused, and answers with Flink's plan followed by the guard's findings.
                boolean dryRun = record.path("kind").asText().equals("EXPLAIN");
                // Setup statements must finish before the next one, and a refused statement's error is
                // there only once its operation has ended; the last statement may be a running query.
                String status =
                        last && !verdict.equals("BLOCK") && !dryRun && script.flinkError() == null
                                ? session.awaitStarted(operation, Duration.ofSeconds(60))
                                : session.awaitTerminal(operation, Duration.ofSeconds(60));
                String answer = null;
                String error;
                if (dryRun) {
                    RestSession.StatementResult result =
                            session.fetch(operation, 0, Duration.ofSeconds(60), Duration.ofMillis(50));
                    session.closeOperation(operation);
                    error = result.error();
                    answer = result.rows().stream().map(r -> r.path("fields").get(0).asText()).toList().toString();
                } else {
                    error = session.errorAndClose(operation);
                }
                if (stock != null) {
                    stock.caseStatement(statement, onStock, record, error);
                }
                List<String> rules = new ArrayList<>();
                record.path("findings").forEach(f -> rules.add(f.path("id").asText()));
                if (last && script.flinkError() != null) {
                    // Handed on by the guard, then failed by Flink itself, as on a stock gateway.
                    assertThat(status).as("status of %s in %s", statement, script.name()).isEqualTo("ERROR");
                    assertThat(error).as("Flink's error for %s", script.name()).contains(script.flinkError())
                            .doesNotContain("[sql-guard]");
                } else if (!verdict.equals("BLOCK") || dryRun) {
                    assertThat(status).as("status of %s in %s (error %s)", statement, script.name(), error)
                            .isIn(last ? List.of("RUNNING", "FINISHED") : List.of("FINISHED"));
                }
                if (!last) {
                    if (!script.refusedSetupAllowed(rules)) {
                        assertThat(verdict).as("setup statement of %s: %s", script.name(), statement).isNotEqualTo("BLOCK");
                    }
                    continue;
                }
                assertThat(verdict).as("verdict of %s (findings %s)", script.name(), record.path("findings"))
                        .isEqualTo(script.expectedVerdict());
                assertThat(rules).as("rules of %s", script.name()).containsAll(script.expectedRules());
                assertThat(rules).as("rules of %s that must not be reported", script.name())
                        .noneMatch(script.absentRules()::contains);
                if (dryRun) {
                    assertThat(error).as("error of %s", script.name()).isNull();
                    assertThat(answer).as("answer of %s", script.name()).contains("== SQL Guard ==");
                    for (String rule : script.expectedRules()) {
                        assertThat(answer).contains(rule);
                    }
                } else if (script.expectedVerdict().equals("BLOCK")) {
                    assertThat(error).as("error of %s", script.name()).isNotNull();
                    if (record.path("outcome").asText().equals("rejected-by-flink")) {
                        // Flink's own rejection: the client gets Flink's error as a stock gateway gives
                        // it, not a policy refusal naming rules; the rules are in the audit record.
                        assertThat(error).as("error of %s", script.name()).doesNotContain("[sql-guard]");
                    } else {
                        for (String rule : script.expectedRules()) {
                            assertThat(error).contains(rule);
                        }
                    }
                }
            }
            if (stock != null) {
                stock.mutations(session);
            }
        }
    }
}
