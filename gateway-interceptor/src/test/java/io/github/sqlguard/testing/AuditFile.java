package io.github.sqlguard.testing;

import io.github.sqlguard.audit.AuditLog;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads the JSON-lines audit file; every line must parse.
 *
 * <p>The suites ask after the record of nearly every statement they send, and every gateway of a
 * test JVM writes to the one file, so the file is read as it grows: each line is read and checked
 * once, when a lookup first finds it on disk, and indexed by operation and session (the lookups
 * parse again only the lines they return). A line that is not a JSON object fails that lookup and
 * every later one, as a whole-file read would. A file that is replaced or shrinks (rolled over) is
 * read again from its start.
 */
public final class AuditFile {

    /** One reader per audit file of this JVM (the file is {@link GuardedGateway#auditFile()}). */
    private static final Map<Path, Lines> READERS = new ConcurrentHashMap<>();

    private AuditFile() {}

    /**
     * The records of what happened to each call (every record but the decision records, {@code
     * "outcome": "decided"}, that precede them); fails on a line that is not a JSON object.
     */
    public static List<JsonNode> records() throws IOException {
        return allRecords().stream().filter(r -> !isDecision(r)).toList();
    }

    /** Every record in the file, decision records included; fails on a line that is not a JSON object. */
    public static List<JsonNode> allRecords() throws IOException {
        return parse(lines().all());
    }

    /** Records of one session, in order (decision records left out, as in {@link #records()}). */
    public static List<JsonNode> forSession(String sessionHandle) throws IOException {
        return parse(lines().ofSession(sessionHandle));
    }

    /** The record of one operation (its first record that is not the decision record). */
    public static Optional<JsonNode> forOperation(String operationHandle) throws IOException {
        return lines().ofOperation(operationHandle).map(AuditFile::parse);
    }

    /** The line of one operation's record as the file holds it (its first record that is not the decision record). */
    public static Optional<String> lineOfOperation(String operationHandle) throws IOException {
        return lines().ofOperation(operationHandle);
    }

    private static Lines lines() throws IOException {
        // Outcome records queued for the audit's writer thread (sql-guard.audit.outcome-records: after-response).
        AuditLog.flushAll();
        Lines lines = READERS.computeIfAbsent(GuardedGateway.auditFile().toAbsolutePath(), Lines::new);
        lines.readNew();
        return lines;
    }

    private static boolean isDecision(JsonNode record) {
        return record.path("outcome").asText().equals("decided");
    }

    private static List<JsonNode> parse(List<String> lines) throws IOException {
        List<JsonNode> records = new ArrayList<>(lines.size());
        for (String line : lines) {
            records.add(parse(line));
        }
        return records;
    }

    private static JsonNode parse(String line) {
        try {
            return GatewayRestClient.JSON.readTree(line);
        } catch (IOException e) {
            throw new IllegalStateException("Audit line no longer parses: " + line, e);
        }
    }

    /**
     * The lines of one audit file read so far (complete lines only: a record still being written is
     * read with the next lookup), with the lines that are not decision records indexed.
     */
    private static final class Lines {
        private final Path file;
        private final List<String> all = new ArrayList<>();
        private final Map<String, Integer> byOperation = new HashMap<>();
        private final Map<String, List<Integer>> bySession = new HashMap<>();
        private Object fileKey;
        private long position;

        Lines(Path file) {
            this.file = file;
        }

        synchronized List<String> all() {
            return List.copyOf(all);
        }

        synchronized List<String> ofSession(String sessionHandle) {
            return bySession.getOrDefault(sessionHandle, List.of()).stream().map(all::get).toList();
        }

        synchronized Optional<String> ofOperation(String operationHandle) {
            return Optional.ofNullable(byOperation.get(operationHandle)).map(all::get);
        }

        /** Reads the complete lines written since the last read; checks each before taking any. */
        synchronized void readNew() throws IOException {
            if (!Files.exists(file)) {
                clear(null);
                return;
            }
            Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
            try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
                long length = in.length();
                if (length < position || !Objects.equals(key, fileKey)) {
                    clear(key);
                }
                if (length == position) {
                    return;
                }
                byte[] bytes = new byte[Math.toIntExact(length - position)];
                in.seek(position);
                in.readFully(bytes);
                int end = lastNewline(bytes);
                if (end < 0) {
                    return;
                }
                List<String> lines = new ArrayList<>();
                List<JsonNode> records = new ArrayList<>();
                for (String line : new String(bytes, 0, end, StandardCharsets.UTF_8).split("\n", -1)) {
                    if (line.isBlank()) {
                        continue;
                    }
                    JsonNode node = GatewayRestClient.JSON.readTree(line);
                    if (!node.isObject()) {
                        throw new IllegalStateException("Audit line is not a JSON object: " + line);
                    }
                    lines.add(line);
                    records.add(node);
                }
                for (int i = 0; i < lines.size(); i++) {
                    take(lines.get(i), records.get(i));
                }
                position += end + 1;
            }
        }

        private void take(String line, JsonNode record) {
            int index = all.size();
            all.add(line);
            if (isDecision(record)) {
                return;
            }
            String operation = record.path("operationHandle").asText(null);
            if (operation != null) {
                byOperation.putIfAbsent(operation, index);
            }
            String session = record.path("sessionId").asText(null);
            if (session != null) {
                bySession.computeIfAbsent(session, s -> new ArrayList<>()).add(index);
            }
        }

        private void clear(Object key) {
            all.clear();
            byOperation.clear();
            bySession.clear();
            position = 0;
            fileKey = key;
        }

        private static int lastNewline(byte[] bytes) {
            for (int i = bytes.length - 1; i >= 0; i--) {
                if (bytes[i] == '\n') {
                    return i;
                }
            }
            return -1;
        }
    }
}
