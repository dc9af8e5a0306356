package io.github.sqlguard.testing;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads the JSON-lines audit file; every line must parse. */
public final class AuditFile {

    private AuditFile() {}

    /**
     * The records of what happened to each call (every record but the decision records, {@code
     * "outcome": "decided"}, that precede them); fails on a line that is not a JSON object.
     */
    public static List<JsonNode> records() throws IOException {
        return allRecords().stream().filter(r -> !r.path("outcome").asText().equals("decided")).toList();
    }

    /** Every record in the file, decision records included; fails on a line that is not a JSON object. */
    public static List<JsonNode> allRecords() throws IOException {
        Path file = GuardedGateway.auditFile();
        List<JsonNode> records = new ArrayList<>();
        if (!Files.exists(file)) {
            return records;
        }
        for (String line : Files.readAllLines(file)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode node = GatewayRestClient.JSON.readTree(line);
            if (!node.isObject()) {
                throw new IllegalStateException("Audit line is not a JSON object: " + line);
            }
            records.add(node);
        }
        return records;
    }

    /** Records of one session, in order. */
    public static List<JsonNode> forSession(String sessionHandle) throws IOException {
        return records().stream().filter(r -> sessionHandle.equals(r.path("sessionId").asText())).toList();
    }

    /** The record of one operation. */
    public static Optional<JsonNode> forOperation(String operationHandle) throws IOException {
        return records().stream().filter(r -> operationHandle.equals(r.path("operationHandle").asText())).findFirst();
    }
}
