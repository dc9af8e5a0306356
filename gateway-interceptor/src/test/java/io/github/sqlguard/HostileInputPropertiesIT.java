package io.github.sqlguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.MutatedStatements;
import io.github.sqlguard.testing.RestSession;
import io.github.sqlguard.testing.SqlScript;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Thousands of random and mutated statements (mutations of the case corpus) through the real
 * guarded gateway: every call returns a verdict (an audit record with a verdict) or a clear REST
 * error, and the gateway keeps serving. Jobs go to a cluster address where nothing listens, so an
 * allowed mutation fails at submission instead of starting a job.
 */
class HostileInputPropertiesIT {

    private static final Set<String> VERDICTS = Set.of("OK", "INFO", "WARN", "BLOCK", "UNANALYSED");
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static GuardedGateway gateway;
    private static RestSession session;
    private static List<String> corpus;

    @BeforeContainer
    static void start() throws Exception {
        int nowhere;
        try (ServerSocket socket = new ServerSocket(0)) {
            nowhere = socket.getLocalPort();
        }
        gateway = GuardedGateway.start(Map.of(
                "execution.target", "remote",
                "rest.address", "127.0.0.1",
                "rest.port", String.valueOf(nowhere),
                "rest.retry.max-attempts", "0",
                "rest.connection-timeout", "2 s"));
        session = gateway.openSession(Map.of());
        session.execute(HardeningIT.ORDERS, 0, TIMEOUT);
        corpus = new ArrayList<>();
        for (Path file : CaseCorpus.all()) {
            corpus.addAll(SqlScript.read(file).statements());
        }
    }

    @AfterContainer
    static void stop() throws Exception {
        session.close();
        gateway.close();
    }

    @Property(tries = 2000)
    void everyStatementGetsAVerdictOrAClearError(@ForAll("statements") String statement) throws Exception {
        String operation;
        try {
            operation = session.submit(statement, Map.of());
        } catch (IllegalStateException restError) {
            // The REST layer refused the request (for example a NUL in JSON): a clear error, no crash.
            assertThat(restError.getMessage()).startsWith("executeStatement failed:");
            return;
        }
        session.awaitStarted(operation, TIMEOUT);
        session.errorAndClose(operation);
        JsonNode record = AuditFile.forOperation(operation).orElseThrow(
                () -> new AssertionError("no audit record for: " + statement));
        assertThat(record.path("verdict").asText()).isIn(VERDICTS);
    }

    @Property(tries = 1)
    void theGatewayStillServesAndHeapStaysBounded(@ForAll("statements") String ignored) throws Exception {
        // A fresh session: a mutation may have left the fuzzed one inside a statement set (BEGIN
        // STATEMENT SET), where Flink's own rules refuse SHOW.
        try (RestSession fresh = gateway.openSession(Map.of())) {
            assertThat(fresh.execute("SHOW TABLES", 0, TIMEOUT).error()).isNull();
        }
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        long usedMb = (runtime.totalMemory() - runtime.freeMemory()) / (1024 * 1024);
        assertThat(usedMb).as("heap used after the run, MB").isLessThan(runtime.maxMemory() / (1024 * 1024) / 2);
    }

    @Provide
    Arbitrary<String> statements() {
        return MutatedStatements.of(corpus);
    }
}
