package io.github.sqlguard.observe;

import io.github.sqlguard.audit.AuditRecord;
import io.github.sqlguard.audit.LineTerminatorEscapes;
import io.github.sqlguard.audit.Subject;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The jobs a watcher watches, kept in a file ({@code sql-guard.observe.resume-file}) so that a
 * restarted gateway watches again the jobs still running: one JSON line per job with what the
 * watch needs (its {@code jobSubmitted} record's ids, verdict and findings, the judged plan's
 * stateful operators, its JobManager's address). Rewritten whole on each change, through a
 * temporary file moved into place, so a crash leaves the old list or the new one.
 */
final class ResumeFile {

    /** Its lines hold no Unicode line terminator raw ({@link LineTerminatorEscapes}): a user's table name may. */
    private static final ObjectMapper JSON = LineTerminatorEscapes.mapper();

    private final Path file;

    ResumeFile(Path file) {
        this.file = file;
    }

    /**
     * One watched job as the file keeps it.
     *
     * @param host the JobManager's REST address
     * @param port its REST port
     */
    record Entry(
            String decisionId, String instance, String sessionId, Subject who, String kind, String statementSha256,
            String verdict, String operationHandle, String execution, String jobId,
            List<AuditRecord.AuditFinding> findings, List<PlannedOperator> statefulOperators, String host, int port) {

        static Entry of(WatchedJob job, JobManagerApi.Address address) {
            AuditRecord r = job.submitted();
            return new Entry(
                    r.decisionId(), r.instance(), r.sessionId(), r.who(), r.statement().kind(),
                    r.statement().statementSha256(), r.decision().verdict(), r.outcome().operationHandle(),
                    r.outcome().execution(), job.jobId(), r.decision().findings(), job.statefulOperators(),
                    address.host(), address.port());
        }

        /** The job to watch again: its {@code jobSubmitted} record as far as the watch reads it. */
        WatchedJob job() {
            AuditRecord submitted = new AuditRecord(
                    Instant.now().toString(), decisionId, instance, "jobSubmitted", sessionId, who,
                    new AuditRecord.Statement(kind, null, false, statementSha256),
                    new AuditRecord.Decided(verdict, findings, List.of(), null, Map.of(), List.of(), 0, List.of(), List.of(), null),
                    new AuditRecord.Happened(operationHandle, "job-submitted", execution, null, jobId));
            return new WatchedJob(submitted, statefulOperators, Map.of());
        }

        JobManagerApi.Address address() {
            return new JobManagerApi.Address(host, port);
        }
    }

    /** The jobs the file lists; none when it does not exist. */
    List<Entry> read() throws IOException {
        List<Entry> entries = new ArrayList<>();
        if (!Files.exists(file)) {
            return entries;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                entries.add(JSON.readValue(line, Entry.class));
            }
        }
        return entries;
    }

    /** Replaces the file's list with {@code entries}. */
    void write(Collection<Entry> entries) throws IOException {
        StringBuilder text = new StringBuilder();
        for (Entry entry : entries) {
            try {
                text.append(JSON.writeValueAsString(entry)).append('\n');
            } catch (JsonProcessingException e) {
                throw new IOException("job " + entry.jobId() + " cannot be written to " + file + ": " + e.getMessage(), e);
            }
        }
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path temporary = Files.createTempFile(parent, file.getFileName().toString(), ".tmp");
        Files.writeString(temporary, text, StandardCharsets.UTF_8);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
