package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.service.Advisory;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.GatewayVerdicts;
import io.github.sqlguard.testing.InProcessGateway;
import io.github.sqlguard.testing.SqlScript;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;
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
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Gateway and {@code lint} share one pipeline: a case script (which ones: the last paragraph) goes through {@link
 * LintEngine} and through the guarded gateway service (Flink's real {@code SqlGatewayServiceImpl}, the
 * statements sent one by one as a client sends them), and each statement gets the same verdict and the
 * same rule ids from both.
 *
 * <p>The gateway's verdicts are those {@code CaseCorpusTest} recorded when it sent the corpus through
 * that very service ({@link GatewayVerdicts}: the same guard build, Flink and case content, its
 * gateways configured as here); a case it did not record (not run, failed, changed since) goes through a
 * gateway of this test. That gateway hands allowed statements on to Flink as always; its jobs go to a
 * JobManager address where nothing listens, so a query or INSERT fails at submission instead of running —
 * the decision is made before that, and is what is compared.
 *
 * <p>A case with a {@code -- policy:} header goes through a gateway and a lint engine that both
 * have those options, one of each per distinct policy. {@code -Dsql-guard.cases.only=REGEX} narrows the
 * cases as for {@code CaseCorpusTest}.
 *
 * <p>A case without a policy of its own whose gateway verdicts {@code CaseCorpusTest} recorded is left to dist's
 * {@code CliJarIT}: the CLI jar lints it there under no policy (its corpus run, which it makes anyway), and that
 * test compares each statement's verdict and rule ids with the same record; linting it here too would run the
 * corpus through lint's engine twice. Here: the cases with a policy of their own, and the cases not recorded.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GatewayLintEquivalenceIT {

    private final Map<Map<String, String>, LintEngine> lintByPolicy = new HashMap<>();
    private final Map<Map<String, String>, InProcessGateway> gatewayByPolicy = new HashMap<>();
    private int closedPort;
    /** Cases whose gateway verdicts were recorded by {@code CaseCorpusTest}, and those run through a gateway here. */
    private int recorded;
    private int run;

    @BeforeAll
    void start() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
    }

    @AfterAll
    void stop() {
        System.out.printf("gateway verdicts of %d cases as CaseCorpusTest recorded them, of %d cases run here%n", recorded, run);
        lintByPolicy.values().forEach(LintEngine::close);
        gatewayByPolicy.values().forEach(InProcessGateway::close);
    }

    /** The gateway of {@code policy}, started on first use, as {@code CaseCorpusTest}'s. */
    private InProcessGateway gatewayFor(Map<String, String> policy) {
        return gatewayByPolicy.computeIfAbsent(policy, p -> {
            Map<String, String> config = new HashMap<>(p);
            config.putAll(Map.of(
                    "execution.runtime-mode", "streaming",
                    "parallelism.default", "1",
                    "execution.target", "remote",
                    "rest.address", "127.0.0.1",
                    "rest.port", String.valueOf(closedPort),
                    "rest.retry.max-attempts", "0",
                    "rest.connection-timeout", "1 s"));
            return InProcessGateway.start(config, new AuditLog());
        });
    }

    /**
     * The cases lint judges as the gateway does ({@link SqlScript#lintedAsTheGatewayJudges}) but those {@code
     * CliJarIT} compares: without a policy of their own, their gateway verdicts recorded.
     */
    static Stream<Path> cases() {
        String only = System.getProperty("sql-guard.cases.only");
        return CaseCorpus.all().stream()
                .filter(file -> only == null || file.getFileName().toString().matches(only))
                .filter(file -> {
                    try {
                        SqlScript script = SqlScript.read(file);
                        return script.lintedAsTheGatewayJudges()
                                && !(script.policy().isEmpty() && GatewayVerdicts.recorded(file).isPresent());
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void gatewayAndLintGiveEveryStatementTheSameVerdict(Path file) throws IOException {
        SqlScript script = SqlScript.read(file);
        List<String> statements = script.statements();
        LintEngine lint = lintByPolicy.computeIfAbsent(script.policy(), p -> new LintEngine(Configuration.fromMap(p)));
        List<String> linted =
                lint.lint(file.toString(), String.join("\n;\n", statements) + "\n;").stream()
                        .map(s -> GatewayVerdicts.of(s.verdict(), s.findings().stream().map(f -> f.ruleId())))
                        .toList();

        Optional<List<String>> kept = GatewayVerdicts.recorded(file);
        List<String> decided;
        if (kept.isPresent()) {
            recorded++;
            decided = kept.get();
        } else {
            run++;
            decided = throughTheGateway(script);
        }
        assertThat(linted).as("lint vs gateway for %s", file.getFileName()).isEqualTo(decided);
    }

    /** Each statement of {@code script} sent to the gateway of its policy in one session: its verdicts in order. */
    private List<String> throughTheGateway(SqlScript script) {
        InProcessGateway gateway = gatewayFor(script.policy());
        List<String> statements = script.statements();
        List<String> decided = new ArrayList<>();
        SessionHandle session = gateway.openSession(script.sessionProperties());
        try {
            for (int i = 0; i < statements.size(); i++) {
                Map<String, String> config = i == statements.size() - 1 ? script.executionConfig() : Map.of();
                OperationHandle handle =
                        gateway.service()
                                .executeStatement(session, statements.get(i), 0, Configuration.fromMap(config));
                Advisory advisory = gateway.service().advisory(session, handle).orElseThrow();
                decided.add(GatewayVerdicts.of(advisory.verdict(), advisory.findings().stream().map(Finding::ruleId)));
                InProcessGateway.awaitOperation()
                        .until(() -> gateway.service().getOperationInfo(session, handle).getStatus().isTerminalStatus());
                gateway.service().closeOperation(session, handle);
            }
        } finally {
            gateway.service().closeSession(session);
        }
        return decided;
    }
}
