package io.github.sqlguard.audit.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.recovery.RecoveryListener;
import ch.qos.logback.core.recovery.ResilientOutputStreamBase;
import ch.qos.logback.core.spi.AppenderAttachableImpl;
import ch.qos.logback.core.spi.AppenderAttachable;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.FilterReply;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

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
 * record: {@link WitnessingEncoder}), or when its file stream is in failure (its {@code RecoveryListener} heard of an {@code IOException}
 * and not yet of a recovery), failed during the append, or recovered during it (Logback drops the
 * event it recovers on). The record may then be cut or missing in the file: the guard has been
 * told, and refuses in closed mode.
 *
 * <p>Used only by the project's {@code conf/logback.xml}; a Flink installation logs through Log4j
 * 2, whose appender reports failures itself ({@code ignoreExceptions = false}), and never loads
 * this class. Thread-safe.
 */
public final class FailureReportingAppender extends ContextAwareBase
        implements Appender<ILoggingEvent>, AppenderAttachable<ILoggingEvent> {

    private final AppenderAttachableImpl<ILoggingEvent> appenders = new AppenderAttachableImpl<>();
    /** Failures and recoveries of the attached appenders' streams, counted. */
    private final AtomicLong streamEvents = new AtomicLong();
    /** The failure of an attached appender's stream not yet recovered from, or null. */
    private volatile IOException streamFailure;
    /** The stream whose failures are listened to (a file appender replaces it when it rolls over). */
    private volatile OutputStream watched;
    private volatile String name;
    private volatile boolean started;

    private final RecoveryListener listener = new RecoveryListener() {
        @Override
        public void newFailure(IOException e) {
            streamFailure = e;
            streamEvents.incrementAndGet();
        }

        @Override
        public void recoveryOccured() {
            streamFailure = null;
            streamEvents.incrementAndGet();
        }
    };

    @Override
    public void doAppend(ILoggingEvent event) {
        if (!started) {
            throw new IllegalStateException("the audit appender '" + name + "' is not started");
        }
        watchStreams();
        long before = streamEvents.get();
        IOException failedBefore = streamFailure;
        Iterator<Appender<ILoggingEvent>> it = appenders.iteratorForAppenders();
        if (!it.hasNext()) {
            throw new IllegalStateException("the audit appender '" + name + "' has no appender to write to");
        }
        while (it.hasNext()) {
            Appender<ILoggingEvent> appender = it.next();
            if (!appender.isStarted()) {
                throw new IllegalStateException(
                        "the audit appender '" + appender.getName() + "' is not started (its file could not be opened;"
                                + " Logback's status messages at start-up say why)");
            }
            boolean witnessed = witness(appender);
            if (witnessed) {
                WitnessingEncoder.expect(event);
            }
            boolean encoded;
            try {
                appender.doAppend(event);
            } finally {
                encoded = !witnessed || WitnessingEncoder.encoded();
            }
            if (!encoded || !appender.isStarted()) {
                throw new IllegalStateException("the audit appender '" + appender.getName()
                        + "' did not write the record (its encoder or rolling policy failed, or a filter of it"
                        + " dropped the record; Logback's status messages say why)");
            }
        }
        watchStreams();
        IOException failure = streamFailure != null ? streamFailure : failedBefore;
        if (failure != null || streamEvents.get() != before) {
            throw new IllegalStateException(
                    "the audit appender could not write the record" + (failure == null ? "" : ": " + failure), failure);
        }
    }

    /**
     * Wraps {@code appender}'s encoder in a {@link WitnessingEncoder}, once, where it is an output
     * stream appender (a file, a rolling file or the console): whether it wrote a record is then
     * known. An appender of another kind reports only what its stream's listener hears.
     */
    private boolean witness(Appender<ILoggingEvent> appender) {
        if (!(appender instanceof OutputStreamAppender<ILoggingEvent> stream) || stream.getEncoder() == null) {
            return false;
        }
        if (!(stream.getEncoder() instanceof WitnessingEncoder)) {
            synchronized (this) {
                if (!(stream.getEncoder() instanceof WitnessingEncoder)) {
                    stream.setEncoder(new WitnessingEncoder(stream.getEncoder()));
                }
            }
        }
        return true;
    }

    /** Listens to the failures of each attached file appender's current stream. */
    private void watchStreams() {
        Iterator<Appender<ILoggingEvent>> it = appenders.iteratorForAppenders();
        while (it.hasNext()) {
            if (it.next() instanceof OutputStreamAppender<ILoggingEvent> file
                    && file.getOutputStream() instanceof ResilientOutputStreamBase stream && stream != watched) {
                synchronized (this) {
                    if (stream != watched) {
                        stream.addRecoveryListener(listener);
                        watched = stream;
                    }
                }
            }
        }
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
