package io.github.sqlguard.audit;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
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
 * reach the file in the order they were handed in, whichever way: every record is queued, and
 * whoever holds the writing lock (a {@link #write}'s caller, or the writer thread) writes what it
 * finds queued as one logging event of several lines (one write and one flush: group commit), so a
 * {@link #write} whose line another caller's event carried returns once that event has. {@link
 * #flush} waits until every queued record is written; the guard calls it when it stops.
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
    /** Records handed in and not yet written, in the order they were handed in. */
    private final Queue<Queued> queued = new ConcurrentLinkedQueue<>();
    /** Held while writing: whoever holds it writes the queued records, so the file keeps their order. */
    private final ReentrantLock writing = new ReentrantLock();

    /** A record waiting to be written. */
    private sealed interface Queued {}

    /** A record handed to {@link #writeLater}: its line, made by the thread that writes it, and who hears of a failure. */
    private record Later(AuditRecord record, Consumer<AuditWriteException> onFailure) implements Queued {}

    /**
     * A line handed to a {@code write}, whose caller waits until it is written, by itself or by a thread that held
     * the writing lock before it: the outcome is set, under that lock, once the logging event that carried the
     * line has returned or failed.
     */
    private static final class Now implements Queued {
        private final String line;
        private final String what;
        /** Set once the logging event that carried the line returned or failed. */
        private boolean done;
        private AuditWriteException failure;

        Now(String line, String what) {
            this.line = line;
            this.what = what;
        }
    }

    /**
     * How long a logging event has been written for before {@link #heldUp()} says so ({@code
     * sql-guard.audit.held-up-after}, {@code GuardOptions#AUDIT_HELD_UP_AFTER}), in nanoseconds.
     */
    private final long heldUpNanos;

    /**
     * Writes to the logger {@value #LOGGER_NAME} with the system clock; a write is held up after the default of
     * {@code sql-guard.audit.held-up-after}.
     */
    public AuditLog() {
        this(HELD_UP_AFTER);
    }

    /**
     * Writes to the logger {@value #LOGGER_NAME} with the system clock.
     *
     * @param heldUpAfter how long a logging event is written for before {@link #heldUp()} says so; 0: as soon as one
     *     is written
     * @throws IllegalArgumentException for a negative {@code heldUpAfter}
     */
    public AuditLog(Duration heldUpAfter) {
        this(LoggerFactory.getLogger(LOGGER_NAME), Clock.systemUTC(), heldUpAfter);
    }

    AuditLog(Logger audit, Clock clock) {
        this(audit, clock, HELD_UP_AFTER);
    }

    AuditLog(Logger audit, Clock clock, Duration heldUpAfter) {
        if (heldUpAfter.isNegative()) {
            throw new IllegalArgumentException("A write cannot be held up after a negative time: " + heldUpAfter);
        }
        this.audit = audit;
        this.clock = clock;
        this.heldUpNanos = heldUpAfter.toNanos();
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
        queued.add(new Later(record, onFailure));
        WRITER.execute(() -> writeQueued(null));
    }

    /**
     * The default of {@code sql-guard.audit.held-up-after}: far longer than a write the kernel does not hold up (a
     * copy into its page cache) takes, and about what handing a call to another thread and back costs, which is what
     * a caller that sees it does instead of waiting. A threshold reasoned, not measured.
     */
    public static final Duration HELD_UP_AFTER = Duration.of(250, ChronoUnit.MICROS);

    /** When the logging event being written began ({@link System#nanoTime()}); {@link #NOT_WRITING} between events. */
    private volatile long eventSince = NOT_WRITING;

    private static final long NOT_WRITING = Long.MIN_VALUE;

    /**
     * True while a logging event has been written for at least the time given as {@code heldUpAfter} (the kernel holds the write
     * up: a busy disk): a {@link #write} handed in now returns only after that event and the next, which carries its
     * line. A REST I/O thread that would wait so is better not given the call: while it waits it serves none of its
     * other connections ({@code DecidingExecuteStatementHandler}). A write that is not held up is not worth avoiding.
     */
    public boolean heldUp() {
        long since = eventSince;
        return since != NOT_WRITING && System.nanoTime() - since >= heldUpNanos;
    }

    /** Returns once every record queued by {@link #writeLater} before the call is written (or failed). */
    public void flush() {
        writeQueued(null);
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

    /**
     * Writes {@code line} after every record handed in before it, and returns once the logging event that carried
     * it has returned (with the shipped configurations: flushed to the file). Group commit: the line is queued, and
     * whoever holds the writing lock writes every line and record queued by then as one logging event (one write,
     * one flush); a caller that gets the lock after its line was written so returns at once. Under concurrent
     * sessions a write that the kernel holds up (a busy disk) then delays the lines queued behind it by one write,
     * not by one write each: those waits were the guard's slowest at 16 sessions
     * (bench/results/2026-12-05-cheap-r54.md).
     *
     * @throws AuditWriteException when the logging event that carried the line failed: nothing of it is in the file
     */
    private void writeLine(String line, String what) {
        Now mine = new Now(line, what);
        queued.add(mine);
        writeQueued(mine);
        if (mine.failure != null) {
            throw mine.failure;
        }
        if (!mine.done) {
            throw new AuditWriteException("The audit record of " + what + " could not be written: its write failed", null);
        }
    }

    /**
     * Under the writing lock: the queued lines and records in order, as few logging events as there are batches of
     * {@link #MAX_BATCH}, until {@code mine} is written, or, when it is {@code null}, until nothing is queued. A
     * failed event's lines fail their callers ({@link Now#failure}), its records' go to their {@code onFailure}.
     */
    private void writeQueued(Now mine) {
        writing.lock();
        try {
            while (mine == null || !mine.done) {
                List<Queued> batch = new ArrayList<>();
                String event = nextEvent(batch);
                if (event == null) {
                    return;
                }
                Throwable failed = null;
                eventSince = System.nanoTime();
                try {
                    audit.info(event);
                } catch (RuntimeException | Error e) {
                    failed = e;
                } finally {
                    eventSince = NOT_WRITING;
                }
                settle(batch, failed);
                if (failed instanceof Error error) {
                    throw error;
                }
            }
        } finally {
            writing.unlock();
        }
    }

    /**
     * The next logging event: up to {@link #MAX_BATCH} queued lines and records taken into {@code batch}, their
     * lines joined by line breaks; {@code null} when nothing is queued. A record that cannot be rendered is told to
     * its {@code onFailure} and left out.
     */
    private String nextEvent(List<Queued> batch) {
        Queued first = queued.poll();
        if (first instanceof Now now && queued.isEmpty()) {
            // Alone (the usual case): the line as it is, not copied into a builder and out again.
            batch.add(now);
            return now.line;
        }
        StringBuilder lines = new StringBuilder();
        for (Queued next = first; next != null; next = batch.size() < MAX_BATCH ? queued.poll() : null) {
            int mark = lines.length();
            if (mark > 0) {
                lines.append('\n');
            }
            if (next instanceof Now now) {
                lines.append(now.line);
            } else if (next instanceof Later later) {
                try {
                    append(later.record(), lines);
                } catch (AuditWriteException e) {
                    lines.setLength(mark);
                    later.onFailure().accept(e);
                    continue;
                }
            }
            batch.add(next);
        }
        return batch.isEmpty() ? null : lines.toString();
    }

    /** Tells the lines and records of a logging event that it was written, or that it failed with {@code failed}. */
    private static void settle(List<Queued> batch, Throwable failed) {
        for (Queued entry : batch) {
            if (entry instanceof Now now) {
                now.done = true;
                if (failed != null) {
                    now.failure = new AuditWriteException(
                            "The audit record of " + now.what + " could not be written: " + failed.getMessage(), failed);
                }
            } else if (entry instanceof Later later && failed != null) {
                String of = "statement " + later.record().statement().statementSha256() + " (" + later.record().call() + ")";
                later.onFailure().accept(new AuditWriteException(
                        "The audit record of " + of + " could not be written: " + failed.getMessage(), failed));
            }
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

    /**
     * Both records' lines, joined by a line break: {@link #render(AuditRecord)} of each, written by one generator
     * ({@link AuditRecordJson#appendLines}). A record that cannot be rendered is refused as {@link #render(AuditRecord)}
     * refuses it: both are rendered again one by one, for its exception.
     */
    String render(AuditRecord first, AuditRecord second) {
        StringBuilder out = buffer();
        try {
            AuditRecordJson.appendLines(
                    MAPPER.getFactory(), loggedAt(clock.millis()), first, loggedAt(clock.millis()), second, out);
        } catch (AuditRecordJson.Unrenderable | IllegalArgumentException | IOException e) {
            out.setLength(0);
            append(first, out);
            out.append('\n');
            append(second, out);
        }
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
