package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.testing.AuditFile;
import io.github.sqlguard.testing.GuardedGateway;
import io.github.sqlguard.testing.RestSession;

import com.fasterxml.jackson.databind.JsonNode;

import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;

/**
 * Issue 29 (the third hostile read) through a real gateway: a user who can write a file where a
 * savepoint may lie SETs {@code execution.state-recovery.path} to a crafted {@code _metadata}. Flink's
 * reader, as the guard called it, allocated the 2 GB a 28-byte file claims (the gateway's heap peak
 * went from 74 MB to 2,132 MB), and Java-deserialized the checkpoint properties at the file's end with
 * any class of the gateway's class path. Now the statement is refused as {@code restore-unreadable}
 * with the reason, the gateway allocates a fraction of the claim, constructs nothing of the class, and
 * keeps serving.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SavepointMetadataGatewayIT {

    private static final Duration TIMEOUT = Duration.ofMinutes(2);
    private static final String TABLES = "CREATE TEMPORARY TABLE orders (order_id STRING, user_id STRING, amount DOUBLE)"
            + " WITH ('connector' = 'datagen', 'number-of-rows' = '20')";
    private static final String SINK = "CREATE TEMPORARY TABLE counts (user_id STRING, n BIGINT) WITH ('connector' = 'blackhole')";
    private static final String INSERT = "INSERT INTO counts SELECT user_id, COUNT(*) FROM orders GROUP BY user_id";

    private Path dir;
    private GuardedGateway gateway;

    @BeforeAll
    void startGateway() throws Exception {
        dir = Files.createTempDirectory("sql-guard-metadata-it");
        // Planning far from its time-out on a loaded machine: the refusal is the restore's, not the planning's.
        gateway = GuardedGateway.start(Map.of("sql-guard.explain-timeout", "10 min"));
    }

    @AfterAll
    void stopGateway() throws IOException {
        gateway.close();
        try (var files = Files.walk(dir)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    @Test
    void aMetadataFileThatClaimsTwoGigabytesIsRefusedWithoutTheGatewayAllocatingThem() throws Exception {
        Path savepoint = CraftedMetadata.savepoint(dir.resolve("savepoint-2gb"), CraftedMetadata.masterStateOf2Gb());
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 h'", 0, TIMEOUT);
            session.execute("SET 'execution.state-recovery.path' = '" + savepoint + "'", 0, TIMEOUT);

            long before = CraftedMetadata.allocatedBytes();
            RestSession.StatementResult refused = session.execute(INSERT, 0, TIMEOUT);
            long allocated = CraftedMetadata.allocatedBytes() - before;

            assertThat(allocated).as("bytes every thread of the gateway's JVM allocated while it judged the INSERT")
                    .isLessThan(1024L * 1024 * 1024);
            assertThat(refused.error()).as("refusal").isNotNull().contains("restore-unreadable")
                    .contains("claims a count or length of 2147483631", "(28 bytes)");
            assertThat(AuditFile.forOperation(refused.operationHandle()).orElseThrow().path("verdict").asText())
                    .isEqualTo("BLOCK");

            session.execute("RESET 'execution.state-recovery.path'", 0, TIMEOUT);
            assertThat(session.execute("EXPLAIN " + INSERT, 1, TIMEOUT).error()).as("the gateway keeps serving").isNull();
        }
    }

    @Test
    void checkpointPropertiesNamingAClassOfTheGatewaysClassPathConstructNothing() throws Exception {
        Path savepoint = CraftedMetadata.savepoint(dir.resolve("savepoint-properties"),
                CraftedMetadata.propertiesNamingAForeignClass(CraftedMetadata.oneOperator()));
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 h'", 0, TIMEOUT);

            RestSession.StatementResult refused =
                    session.execute(INSERT, Map.of("execution.savepoint.path", savepoint.toString()), 0, TIMEOUT);

            assertThat(CraftedMetadata.traced()).as("the named class's static initialiser ran in the gateway").isFalse();
            assertThat(refused.error()).as("refusal").isNotNull().contains("restore-unreadable")
                    .contains("a class that Flink does not write there");
        }
    }

    @Test
    void aMetadataFileReplacedWithTheSameLengthAndModificationTimeIsJudgedByItsNewBytes() throws Exception {
        // Round 41's hostile read: a savepoint judged once, then a crafted _metadata of the same length in its place
        // with its modification time set back. The guard judged the read it kept; the job it let run restored the
        // crafted file, and the JobManager (in the gateway's JVM with execution.target: local) ran the class.
        byte[] crafted = CraftedMetadata.propertiesNamingAForeignClass(CraftedMetadata.oneOperator());
        ByteArrayOutputStream flinks = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(CraftedMetadata.oneOperator(), new DataOutputStream(flinks));
        // Flink's reader stops after the checkpoint properties: bytes after them are not read.
        byte[] benign = Arrays.copyOf(flinks.toByteArray(), crafted.length);
        Path savepoint = CraftedMetadata.savepoint(dir.resolve("savepoint-replaced"), benign);
        Path metadata = savepoint.resolve("_metadata");
        Map<String, String> restore = Map.of("execution.state-recovery.path", savepoint.toString(),
                "execution.state-recovery.ignore-unclaimed-state", "true");
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 h'", 0, TIMEOUT);
            assertThat(session.execute(INSERT, restore, 0, TIMEOUT).error()).as("the savepoint as Flink wrote it")
                    .contains("restore-state-skipped").doesNotContain("restore-unreadable");

            FileTime written = Files.getLastModifiedTime(metadata);
            Files.write(metadata, crafted);
            Files.setLastModifiedTime(metadata, written);

            RestSession.StatementResult replaced = session.execute(INSERT, restore, 0, TIMEOUT);
            assertThat(replaced.error()).as("judged by the bytes now in the file").isNotNull()
                    .contains("restore-unreadable", "a class that Flink does not write there");
            assertThat(CraftedMetadata.traced()).as("the named class's static initialiser ran in the gateway").isFalse();
        }
    }

    @Test
    void aSavepointPathThatCarriesASecretIsMaskedWholeInTheRefusalTheExplainAndTheAuditAndTheSentencesReadAsWritten()
            throws Exception {
        // Round 41's hostile read: a savepoint in a directory named password=<secret>. The audit's restore record kept the
        // path as written, and the refusal's masking ran from the apostrophe of "savepoint's" to the next quote:
        // "the savepoint'****'execution.state-recovery.path'".
        String secret = "hunter2-r42";
        Path unreadable = CraftedMetadata.savepoint(dir.resolve("password=" + secret).resolve("sp-2gb"),
                CraftedMetadata.masterStateOf2Gb());
        ByteArrayOutputStream flinks = new ByteArrayOutputStream();
        Checkpoints.storeCheckpointMetadata(CraftedMetadata.oneOperator(), new DataOutputStream(flinks));
        Path readable = CraftedMetadata.savepoint(dir.resolve("password=" + secret).resolve("sp-flinks"), flinks.toByteArray());
        try (RestSession session = gateway.openSession(Map.of())) {
            session.execute(TABLES, 0, TIMEOUT);
            session.execute(SINK, 0, TIMEOUT);
            session.execute("SET 'table.exec.state.ttl' = '1 h'", 0, TIMEOUT);

            RestSession.StatementResult refused =
                    session.execute(INSERT, Map.of("execution.state-recovery.path", unreadable.toString()), 0, TIMEOUT);
            assertThat(refused.error()).as("refusal").isNotNull().contains("restore-unreadable")
                    .doesNotContain(secret)
                    .contains("Without reading the savepoint **** it cannot tell whether Flink would restore")
                    .contains("Check the path in 'execution.state-recovery.path' (or 'execution.savepoint.path')");
            JsonNode record = AuditFile.forOperation(refused.operationHandle()).orElseThrow();
            assertThat(record.path("restore").path("savepoint").asText()).as("the audit's restore record").isEqualTo("****");

            RestSession.StatementResult explained = session.execute(
                    "EXPLAIN " + INSERT, Map.of("execution.state-recovery.path", unreadable.toString()), 1, TIMEOUT);
            assertThat(explained.rows().toString()).as("EXPLAIN").doesNotContain(secret).contains("Restores: savepoint ****");

            RestSession.StatementResult skipped = session.execute(INSERT, Map.of(
                    "execution.state-recovery.path", readable.toString(),
                    "execution.state-recovery.ignore-unclaimed-state", "true"), 0, TIMEOUT);
            assertThat(skipped.error()).as("a savepoint Flink wrote, in the same directory").isNotNull()
                    .contains("restore-state-skipped").doesNotContain(secret);
            assertThat(AuditFile.forOperation(skipped.operationHandle()).orElseThrow().path("restore").path("savepoint")
                    .asText()).isEqualTo("****");

            assertThat(AuditFile.forSession(session.handle())).as("every audit record of the session").isNotEmpty()
                    .allSatisfy(r -> assertThat(r.toString()).doesNotContain(secret));
        }
    }
}
