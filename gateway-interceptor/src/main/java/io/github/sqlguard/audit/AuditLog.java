package io.github.sqlguard.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Writes {@link AuditRecord}s through the SLF4J API to the logger {@value #LOGGER_NAME}: the guard
 * renders each record as one JSON object (a {@code logged_at} timestamp, then the record's fields
 * under their component names, those of its nested records flat) and logs it as the plain message,
 * so whichever backend the installation binds writes it with a {@code %msg%n} pattern: Log4j 2 as
 * Flink ships it ({@code conf/log4j-sql-guard-audit.properties}) or Logback ({@code
 * conf/logback.xml}). No backend class is referenced here. A record holds no line terminator of its
 * own: Jackson escapes every control character, and {@link LineTerminatorEscapes} the three outside
 * ASCII (U+0085, U+2028, U+2029).
 *
 * <p>Failures reach the caller, which decides (fail closed): a record that cannot be rendered is an
 * {@link AuditWriteException}; an exception of the backend's appender is not caught here, so it
 * propagates when the backend lets it (Log4j 2 with {@code ignoreExceptions=false}; in Logback an
 * appender that implements {@code Appender} directly rather than extending {@code AppenderBase}).
 *
 * <p>Two ways to write. {@link #write} returns once the backend has written the record (with the
 * shipped configurations, flushed to the file: {@code immediateFlush}); the decision record of
 * every call is written so, before the call is handed on. {@link #writeLater} queues a record for
 * the audit's writer thread ({@code sql-guard-audit-writer}, one per JVM) and returns at once: the
 * outcome record of a call under {@code sql-guard.audit.outcome-records: after-response}. Records
 * reach the file in the order they were handed in, whichever way: a {@link #write} first writes
 * every record queued before it, and the records a writer finds queued are written as one logging
 * event of several lines (one write and one flush: group commit). {@link #flush} waits until every
 * queued record is written; the guard calls it when it stops.
 *
 * <p>Thread-safe.
 */
public final class AuditLog {

    /** The dedicated audit logger. */
    public static final String LOGGER_NAME = "sql-guard.audit";

    /** ISO-8601 in UTC with milliseconds, e.g. {@code 2026-11-30T03:18:51.208Z}. */
    private static final DateTimeFormatter LOGGED_AT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSX").withZone(ZoneOffset.UTC);

    /**
     * Jackson's mapper with {@link LineTerminatorEscapes}: U+2028, U+2029 and U+0085 of a statement are
     * written as escapes, so no consumer that splits lines on them cuts a record.
     */
    private static final ObjectMapper MAPPER = LineTerminatorEscapes.mapper();

    /** Queued records written in one logging event at most (a batch's lines are one write). */
    static final int MAX_BATCH = 256;

    /** The writer thread of every audit log of this JVM: writes what {@link #writeLater} queued. */
    private static final ExecutorService WRITER = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "sql-guard-audit-writer");
        thread.setDaemon(true);
        return thread;
    });

    private final Logger audit;
    private final Clock clock;
    /** Records handed to {@link #writeLater} and not yet written, in order. */
    private final Queue<Queued> queued = new ConcurrentLinkedQueue<>();
    /** Held while writing: whoever holds it writes the queued records first, so the file keeps their order. */
    private final ReentrantLock writing = new ReentrantLock();

    /** A record waiting for the writer: its line, made there, and who hears of a failure. */
    private record Queued(AuditRecord record, Consumer<AuditWriteException> onFailure) {}

    /** Writes to the logger {@value #LOGGER_NAME} with the system clock. */
    public AuditLog() {
        this(LoggerFactory.getLogger(LOGGER_NAME), Clock.systemUTC());
    }

    AuditLog(Logger audit, Clock clock) {
        this.audit = audit;
        this.clock = clock;
        if (!audit.isInfoEnabled()) {
            LoggerFactory.getLogger(AuditLog.class)
                    .warn("The audit logger '{}' does not log at INFO, so the logging configuration drops every audit"
                            + " record: set its level to INFO (conf/log4j-sql-guard-audit.properties, conf/logback.xml).",
                            audit.getName());
        }
    }

    /**
     * Writes one record as one line.
     *
     * @throws AuditWriteException when the record cannot be rendered as JSON, or when the logging
     *     backend's appender failed (the appender's exception is the cause)
     */
    public void write(AuditRecord record) {
        writeLine(render(record), "statement " + record.statement().statementSha256() + " (" + record.call() + ")");
    }

    /**
     * Writes a decision record and the record of what followed it as two lines of one logging event
     * (one write, one flush), after every record queued before them: for a call whose operation was
     * made before it runs ({@code Auditor#writeWithOutcome}), so the decision record is in the file,
     * with its outcome, before the call runs.
     *
     * @throws AuditWriteException as {@link #write(AuditRecord)}: neither line is written
     */
    public void write(AuditRecord decided, AuditRecord followedBy) {
        String what = "statement " + decided.statement().statementSha256() + " (" + decided.call() + ")";
        writeLine(render(decided, followedBy), what);
    }

    /**
     * Writes the record of a job's observed state as one line.
     *
     * @throws AuditWriteException as {@link #write(AuditRecord)}
     */
    public void write(ObservedStateRecord record) {
        String what = "job " + record.jobId() + " (" + record.call() + ")";
        writeLine(render(record, what), what);
    }

    /**
     * Queues {@code record} for the writer thread and returns at once; it is written after every
     * record handed in before it. A failure to render or write it goes to {@code onFailure}, on the
     * writer thread (or on the thread of a {@link #write} that wrote it).
     */
    public void writeLater(AuditRecord record, Consumer<AuditWriteException> onFailure) {
        queued.add(new Queued(record, onFailure));
        WRITER.execute(() -> writeQueued(null, null));
    }

    /** Returns once every record queued by {@link #writeLater} before the call is written (or failed). */
    public void flush() {
        writeQueued(null, null);
    }

    /** Returns once every record queued by {@link #writeLater} of every audit log of this JVM is written. */
    public static void flushAll() {
        try {
            WRITER.submit(() -> {}).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while waiting for the audit's writer thread", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("The audit's writer thread failed", e.getCause());
        }
    }

    private void writeLine(String line, String what) {
        writeQueued(line, what);
    }

    /**
     * Under the writing lock: the queued records, then {@code line} when not {@code null}, as few
     * logging events as there are batches of {@link #MAX_BATCH}; {@code line}'s own failure is
     * thrown, those of queued records go to their callers' {@code onFailure}.
     */
    private void writeQueued(String line, String what) {
        writing.lock();
        try {
            while (true) {
                List<Queued> batch = new ArrayList<>();
                StringBuilder lines = new StringBuilder();
                for (Queued next; batch.size() < MAX_BATCH && (next = queued.poll()) != null; ) {
                    int mark = lines.length();
                    try {
                        if (mark > 0) {
                            lines.append('\n');
                        }
                        append(next.record(), lines);
                    } catch (AuditWriteException e) {
                        lines.setLength(mark);
                        next.onFailure().accept(e);
                        continue;
                    }
                    batch.add(next);
                }
                boolean last = queued.isEmpty();
                String event;
                if (last && line != null) {
                    // Nothing queued before it (the usual case): the line as it is, not copied into the builder and
                    // out again (two copies of every statement's records on its thread).
                    event = lines.length() == 0 ? line : lines.append('\n').append(line).toString();
                } else if (lines.length() == 0) {
                    return;
                } else {
                    event = lines.toString();
                }
                try {
                    audit.info(event);
                } catch (RuntimeException e) {
                    for (Queued failed : batch) {
                        String of = "statement " + failed.record().statement().statementSha256() + " (" + failed.record().call() + ")";
                        failed.onFailure().accept(new AuditWriteException(
                                "The audit record of " + of + " could not be written: " + e.getMessage(), e));
                    }
                    if (last && line != null) {
                        throw new AuditWriteException(
                                "The audit record of " + what + " could not be written: " + e.getMessage(), e);
                    }
                }
                if (last) {
                    return;
                }
            }
        } finally {
            writing.unlock();
        }
    }

    /**
     * Each thread's text buffer, reused for every record it renders: the records are written into it
     * by {@link AuditRecordJson} and leave it as the one {@code String} the logging call takes. A buffer
     * that grew past {@link #KEPT_BUFFER_CHARS} for an unusually large record is not kept.
     */
    private static final ThreadLocal<StringBuilder> BUFFER = ThreadLocal.withInitial(() -> new StringBuilder(8192));

    /** The largest buffer a thread keeps between records (chars). */
    private static final int KEPT_BUFFER_CHARS = 1 << 16;

    private static StringBuilder buffer() {
        StringBuilder buffer = BUFFER.get();
        if (buffer.capacity() > KEPT_BUFFER_CHARS) {
            buffer = new StringBuilder(8192);
            BUFFER.set(buffer);
        }
        buffer.setLength(0);
        return buffer;
    }

    /** The JSON line of {@code record}, without a line break. */
    String render(AuditRecord record) {
        StringBuilder out = buffer();
        append(record, out);
        return out.toString();
    }

    /** Both records' lines, joined by a line break. */
    private String render(AuditRecord first, AuditRecord second) {
        StringBuilder out = buffer();
        append(first, out);
        out.append('\n');
        append(second, out);
        return out.toString();
    }

    /**
     * Appends the JSON line of {@code record} to {@code out}: {@code logged_at}, then the record's
     * fields as Jackson's {@code ObjectMapper} writes them, written by {@link AuditRecordJson} with
     * the mapper's own generator. On a failure {@code out} is left as it was.
     */
    private void append(AuditRecord record, StringBuilder out) {
        try {
            AuditRecordJson.append(MAPPER.getFactory(), loggedAt(clock.millis()), record, out);
        } catch (AuditRecordJson.Unrenderable e) {
            // What the mapper refuses (a null map key): its own exception says why.
            try {
                MAPPER.writeValueAsString(record);
            } catch (JsonProcessingException refused) {
                throw unrenderable(record, refused);
            }
            throw unrenderable(record, new IllegalStateException("Jackson's mapper rendered what the audit's writer refused"));
        } catch (IllegalArgumentException | IOException e) {
            throw unrenderable(record, e);
        }
    }

    /**
     * {@code LOGGED_AT.format(Instant.ofEpochMilli(epochMilli))}, without the formatter's work per call
     * (a {@code ZonedDateTime}, the zone's rules, {@code BigDecimal}s for the fraction: about 0.7 kB a
     * record); years outside 1-9999 are left to the formatter. {@code AuditLogTest} compares both.
     */
    static String loggedAt(long epochMilli) {
        long days = Math.floorDiv(epochMilli, 86_400_000L);
        int ms = (int) Math.floorMod(epochMilli, 86_400_000L);
        LocalDate date = LocalDate.ofEpochDay(days);
        int year = date.getYear();
        if (year < 1 || year > 9999) {
            return LOGGED_AT.format(Instant.ofEpochMilli(epochMilli));
        }
        char[] c = new char[24];
        RecordTime.dateAndTime(c, date, ms / 1000);
        c[19] = '.';
        RecordTime.digits(c, 20, ms % 1000, 3);
        c[23] = 'Z';
        return new String(c);
    }

    private static AuditWriteException unrenderable(AuditRecord record, Exception e) {
        String what = "statement " + record.statement().statementSha256() + " (" + record.call() + ")";
        return new AuditWriteException(
                "The audit record of " + what + " could not be rendered as JSON: " + e.getMessage(), e);
    }

    /** An observed state's record, rendered by Jackson's mapper (a few per job, never per statement). */
    private String render(Object record, String what) {
        try {
            // Serialised straight to text (no intermediate tree: it doubled the cost of a record).
            return line(MAPPER.writeValueAsString(record));
        } catch (IllegalArgumentException | JsonProcessingException e) {
            throw new AuditWriteException(
                    "The audit record of " + what + " could not be rendered as JSON: " + e.getMessage(), e);
        }
    }

    /** {@code fields}, a JSON object, with logged_at put first. */
    private String line(String fields) {
        return "{\"logged_at\":\"" + loggedAt(clock.millis()) + "\"" + (fields.length() > 2 ? "," : "")
                + fields.substring(1);
    }
}
