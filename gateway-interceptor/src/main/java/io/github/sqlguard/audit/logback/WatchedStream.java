package io.github.sqlguard.audit.logback;

import ch.qos.logback.core.recovery.RecoveryListener;
import ch.qos.logback.core.recovery.ResilientOutputStreamBase;

import java.io.IOException;

/**
 * What {@link FailureReportingAppender} has heard of one stream of an attached file appender (Logback's
 * {@code ResilientOutputStreamBase}, which keeps its {@code IOException}s to itself and tells only its
 * {@code RecoveryListener}s): the failure not yet recovered from, and a count of failures and recoveries.
 * A file appender replaces its stream when it rolls over or is opened again; the new stream starts clean,
 * whatever the old one had heard.
 *
 * <p>The stream tells its listeners on the thread that writes to it: inside an append, the thread holding
 * {@link FailureReportingAppender}'s lock.
 */
final class WatchedStream implements RecoveryListener {

    private final ResilientOutputStreamBase stream;
    private volatile IOException failure;
    private volatile long heard;

    private WatchedStream(ResilientOutputStreamBase stream) {
        this.stream = stream;
    }

    /** Listens to {@code stream} from now on. */
    static WatchedStream of(ResilientOutputStreamBase stream) {
        WatchedStream watched = new WatchedStream(stream);
        stream.addRecoveryListener(watched);
        return watched;
    }

    boolean watches(Object other) {
        return stream == other;
    }

    /** The failure not yet recovered from, or {@code null}. */
    IOException failure() {
        return failure;
    }

    /** Failures and recoveries heard so far. */
    long heard() {
        return heard;
    }

    @Override
    public void newFailure(IOException e) {
        failure = e;
        heard++;
    }

    @Override
    public void recoveryOccured() {
        failure = null;
        heard++;
    }
}
