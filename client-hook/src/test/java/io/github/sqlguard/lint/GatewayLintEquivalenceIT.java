package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.audit.AuditLog;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.service.Advisory;
import io.github.sqlguard.testing.CaseCorpus;
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
import java.util.stream.Stream;

/**
 * Gateway and {@code lint} share one pipeline: every case script of the corpus goes through the
 * guarded gateway service (Flink's real {@code SqlGatewayServiceImpl}, the statements sent one by
 * one as a client sends them) and through {@link LintEngine}, and each statement gets the same
 * verdict and the same rule ids from both.
 *
 * <p>The gateway hands allowed statements on to Flink as always; its jobs go to a JobManager
 * address where nothing listens, so a query or INSERT fails at submission instead of running — the
 * decision is made before that, and is what is compared.
 *
 * <p>A case with a {@code -- policy:} header goes through a gateway and a lint engine that both
 * have those options, one pair per distinct policy.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GatewayLintEquivalenceIT {

    /** A gateway and a lint engine with the same policy. */
    private record Pair(InProcessGateway gateway, LintEngine lint) {}

    private final Map<Map<String, String>, Pair> byPolicy = new HashMap<>();
    private int closedPort;

    @BeforeAll
    void start() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
    }

    @AfterAll
    void stop() {
        byPolicy.values().forEach(pair -> {
            pair.lint().close();
            pair.gateway().close();
        });
    }

    /** The gateway and lint engine of {@code policy}, started on first use. */
    private Pair pairFor(Map<String, String> policy) {
        return byPolicy.computeIfAbsent(policy, p -> {
            Map<String, String> config = new HashMap<>(p);
            config.putAll(Map.of(
                    "execution.target", "remote",
                    "rest.address", "127.0.0.1",
                    "rest.port", String.valueOf(closedPort),
                    "rest.retry.max-attempts", "0",
                    "rest.connection-timeout", "1 s"));
            return new Pair(InProcessGateway.start(config, new AuditLog()), new LintEngine(Configuration.fromMap(p)));
        });
    }

    /**
     * Every case but those that open their session with properties or send an execution config:
     * those are routes of the gateway's REST API that a script linted from a file does not have; nor
     * those whose last statement Flink itself fails after the guard lets it through ({@code --
     * flink-error:}, e.g. ADD JAR of a missing file): lint applies it and reports Flink's failure as
     * {@code planner-error}, which the gateway's decision, taken before Flink runs it, cannot hold.
     */
    static Stream<Path> cases() {
        return CaseCorpus.all().stream().filter(file -> {
            try {
                SqlScript script = SqlScript.read(file);
                return script.sessionProperties().isEmpty() && script.executionConfig().isEmpty()
                        && script.flinkError() == null;
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
        Pair pair = pairFor(script.policy());
        InProcessGateway gateway = pair.gateway();
        LintEngine lint = pair.lint();
        List<String> linted =
                lint.lint(file.toString(), String.join("\n;\n", statements) + "\n;").stream()
                        .map(s -> s.verdict() + " " + s.findings().stream().map(f -> f.ruleId()).sorted().toList())
                        .toList();

        List<String> decided = new ArrayList<>();
        SessionHandle session = gateway.openSession(script.sessionProperties());
        try {
            for (int i = 0; i < statements.size(); i++) {
                Map<String, String> config = i == statements.size() - 1 ? script.executionConfig() : Map.of();
                OperationHandle handle =
                        gateway.service()
                                .executeStatement(session, statements.get(i), 0, Configuration.fromMap(config));
                Advisory advisory = gateway.service().advisory(session, handle).orElseThrow();
                decided.add(advisory.verdict() + " "
                        + advisory.findings().stream().map(Finding::ruleId).sorted().toList());
                InProcessGateway.awaitOperation()
                        .until(() -> gateway.service().getOperationInfo(session, handle).getStatus().isTerminalStatus());
                gateway.service().closeOperation(session, handle);
            }
        } finally {
            gateway.service().closeSession(session);
        }
        assertThat(linted).as("lint vs gateway for %s", file.getFileName()).isEqualTo(decided);
    }
}
