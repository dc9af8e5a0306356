package io.github.sqlguard.audit.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.recovery.ResilientOutputStreamBase;
import ch.qos.logback.core.spi.AppenderAttachableImpl;
import ch.qos.logback.core.spi.AppenderAttachable;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.FilterReply;

import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A Logback appender around the audit's real appenders ({@code <appender-ref>} inside it, as for
 * Logback's {@code AsyncAppender}) that makes their write failures reach the logging call, so the
 * guard's {@code sql-guard.audit.fail-mode} can act on them. Logback 1.5 reports none of them to
 * the caller: a file appender writes through a {@code ResilientFileOutputStream} that catches its
 * own {@code IOException} (a full disk, a file size limit), records an error status and drops every
 * later event until it reopens the file; {@code AppenderBase} and {@code UnsynchronizedAppenderBase}
 * catch whatever {@code append} throws; an appender that failed to start (its file cannot be
 * opened) drops every event with a warning. This appender implements {@link Appender} directly, so
 * what it throws propagates to the {@code Logger#info} call of the guard's {@code AuditLog}.
 *
 * <p>An append throws {@link IllegalStateException} when an attached appender is not started, when
 * it did not encode the record (its encoder or its rolling policy threw, which Logback's {@code
 * UnsynchronizedAppenderBase} catches and reports three times at most, or a filter of it denied the
 * record: {@link WitnessingEncoder}), or when the file stream the record went to was in failure (its
 * {@code RecoveryListener} heard of an {@code IOException} and not yet of a recovery: {@link
 * WatchedStream}), failed during the append, or recovered during it (Logback drops the event it
 * recovers on). The guard has then been told, and refuses in closed mode; and whatever of the record
 * reached the file is taken back, with what the failed stream still buffers ({@link RecordStart}): after
 * a failed write the file holds whole records only, the next one on its own line, and no record the
 * guard refused reaches it later. Not for a file appender in {@code prudent} mode, which other JVMs
 * write too: its cut bytes stay as they are.
 *
 * <p>Used only by the project's {@code conf/logback.xml}; a Flink installation logs through Log4j
 * 2, whose appender reports failures itself ({@code ignoreExceptions = false}), and never loads
 * this class. Thread-safe: one record is appended at a time, so a failure is the record's that was
 * being written.
 */
public final class FailureReportingAppender extends ContextAwareBase
        implements Appender<ILoggingEvent>, AppenderAttachable<ILoggingEvent> {

    private final AppenderAttachableImpl<ILoggingEvent> appenders = new AppenderAttachableImpl<>();
    /** Held while a record is appended. */
    private final ReentrantLock appending = new ReentrantLock();
    /** Each attached file appender's stream, as last seen, with what was heard of it (under {@link #appending}). */
    private final Map<Appender<ILoggingEvent>, WatchedStream> watched = new IdentityHashMap<>();
    private volatile String name;
    private volatile boolean started;

    /** The record being appended, and what its encoding told of it (under {@link #appending}). */
    private ILoggingEvent current;
    private boolean encoded;
    private WatchedStream target;
    private long heardAtEncoding;
    private IOException failedAtEncoding;
    private RecordStart start;

    @Override
    public void doAppend(ILoggingEvent event) {
        if (!started) {
            throw new IllegalStateException("the audit appender '" + name + "' is not started");
        }
        appending.lock();
        try {
            Iterator<Appender<ILoggingEvent>> it = appenders.iteratorForAppenders();
            if (!it.hasNext()) {
                throw new IllegalStateException("the audit appender '" + name + "' has no appender to write to");
            }
            while (it.hasNext()) {
                append(it.next(), event);
            }
        } finally {
            current = null;
            target = null;
            start = null;
            appending.unlock();
        }
    }

    /** Appends {@code event} to {@code appender}; throws when it did not write it. */
    private void append(Appender<ILoggingEvent> appender, ILoggingEvent event) {
        if (!appender.isStarted()) {
            throw new IllegalStateException(
                    "the audit appender '" + appender.getName() + "' is not started (its file could not be opened;"
                            + " Logback's status messages at start-up say why)");
        }
        boolean witnessed = witness(appender);
        current = event;
        encoded = false;
        target = null;
        start = null;
        appender.doAppend(event);
        if ((witnessed && !encoded) || !appender.isStarted()) {
            throw new IllegalStateException("the audit appender '" + appender.getName()
                    + "' did not write the record (its encoder or rolling policy failed, or a filter of it"
                    + " dropped the record; Logback's status messages say why)");
        }
        if (target == null) {
            return;
        }
        if (target.failure() == null && failedAtEncoding == null && target.heard() == heardAtEncoding) {
            if (start != null) {
                target.written(start);
            }
            return;
        }
        throw takenBack(target.failure() != null ? target.failure() : failedAtEncoding);
    }

    /**
     * The exception for a record whose stream failed (or recovered, dropping it) while it was appended,
     * once what of it reached the file is taken back with what the stream still buffers ({@link RecordStart}).
     */
    private IllegalStateException takenBack(IOException failure) {
        long removed = 0;
        IOException notRemoved = null;
        if (start != null) {
            try {
                removed = start.takeBack();
            } catch (IOException e) {
                notRemoved = e;
                addError("Could not remove the bytes of an audit record cut by a failed write: they stay in the file", e);
            }
        }
        IllegalStateException failed = new IllegalStateException("the audit appender could not write the record"
                + (failure == null ? "" : ": " + failure)
                + (removed > 0 ? "; the " + removed + " bytes of it that reached the file were removed" : "")
                + (notRemoved == null ? "" : "; what of it reached the file could not be removed: " + notRemoved),
                failure);
        if (notRemoved != null) {
            failed.addSuppressed(notRemoved);
        }
        return failed;
    }

    /**
     * Told by the {@link WitnessingEncoder} of {@code appender} that it encoded {@code event}, whose
     * bytes go to the appender's stream next: listens to that stream (a rolling appender may just have
     * opened it) and notes where the record begins in its file.
     */
    private void encoded(OutputStreamAppender<ILoggingEvent> appender, ILoggingEvent event, byte[] bytes) {
        if (!appending.isHeldByCurrentThread() || event != current) {
            return;
        }
        encoded = true;
        if (!(appender.getOutputStream() instanceof ResilientOutputStreamBase stream)) {
            return;
        }
        WatchedStream watch = watched.get(appender);
        if (watch == null || !watch.watches(stream)) {
            watch = WatchedStream.of(stream);
            watched.put(appender, watch);
        }
        target = watch;
        heardAtEncoding = watch.heard();
        failedAtEncoding = watch.failure();
        if (!(appender instanceof FileAppender<ILoggingEvent> files && files.isPrudent())) {
            try {
                start = watch.recordOf(bytes);
            } catch (IOException e) {
                addWarn("Could not read the size of the audit file of appender '" + appender.getName()
                        + "': if this record's write fails, what of it reaches the file stays there", e);
            }
        }
    }

    /**
     * Wraps {@code appender}'s encoder in a {@link WitnessingEncoder}, once, where it is an output
     * stream appender (a file, a rolling file or the console): whether it wrote a record, and to which
     * stream, is then known. An appender of another kind is heard only when it is not started.
     */
    private boolean witness(Appender<ILoggingEvent> appender) {
        if (!(appender instanceof OutputStreamAppender<ILoggingEvent> stream) || stream.getEncoder() == null) {
            return false;
        }
        if (!(stream.getEncoder() instanceof WitnessingEncoder)) {
            stream.setEncoder(new WitnessingEncoder(stream.getEncoder(), (event, bytes) -> encoded(stream, event, bytes)));
        }
        return true;
    }

    @Override
    public void start() {
        started = true;
    }

    @Override
    public void stop() {
        started = false;
        appenders.detachAndStopAllAppenders();
    }

    @Override
    public boolean isStarted() {
        return started;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public void setName(String name) {
        this.name = name;
    }

    @Override
    public void addAppender(Appender<ILoggingEvent> appender) {
        appenders.addAppender(appender);
    }

    @Override
    public Iterator<Appender<ILoggingEvent>> iteratorForAppenders() {
        return appenders.iteratorForAppenders();
    }

    @Override
    public Appender<ILoggingEvent> getAppender(String appenderName) {
        return appenders.getAppender(appenderName);
    }

    @Override
    public boolean isAttached(Appender<ILoggingEvent> appender) {
        return appenders.isAttached(appender);
    }

    @Override
    public void detachAndStopAllAppenders() {
        appenders.detachAndStopAllAppenders();
    }

    @Override
    public boolean detachAppender(Appender<ILoggingEvent> appender) {
        return appenders.detachAppender(appender);
    }

    @Override
    public boolean detachAppender(String appenderName) {
        return appenders.detachAppender(appenderName);
    }

    /** Filters are not supported: every audit record is written. */
    @Override
    public void addFilter(Filter<ILoggingEvent> newFilter) {
        throw new UnsupportedOperationException("The audit appender takes no filters: every record is written.");
    }

    @Override
    public void clearAllFilters() {}

    @Override
    public List<Filter<ILoggingEvent>> getCopyOfAttachedFiltersList() {
        return List.of();
    }

    @Override
    public FilterReply getFilterChainDecision(ILoggingEvent event) {
        return FilterReply.NEUTRAL;
    }
}
