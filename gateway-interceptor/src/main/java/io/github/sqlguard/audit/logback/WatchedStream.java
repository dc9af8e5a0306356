package io.github.sqlguard.audit.logback;

import ch.qos.logback.core.recovery.RecoveryListener;
import ch.qos.logback.core.recovery.ResilientFileOutputStream;
import ch.qos.logback.core.recovery.ResilientOutputStreamBase;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * What {@link FailureReportingAppender} knows of one stream of an attached file appender (Logback's
 * {@code ResilientOutputStreamBase}, which keeps its {@code IOException}s to itself and tells only its
 * {@code RecoveryListener}s): the failure not yet recovered from, a count of failures and recoveries,
 * and, for a file, where the next record begins in it. A file appender replaces its stream when it rolls
 * over or is opened again; the new stream starts clean, whatever the old one had heard.
 *
 * <p>Where the file ends is read from the file (its channel's size: an {@code fstat}, whose cost per
 * record is measured in {@code bench/results/2026-12-03-audit-recovery-r43.md}, so not per record) when the stream's file is new to it
 * (a new stream, or the file Logback opened again on recovery) and after any failure or recovery; after a
 * record written whole it is where that record ended.
 *
 * <p>The stream tells its listeners on the thread that writes to it: inside an append, the thread holding
 * {@link FailureReportingAppender}'s lock, which also makes every other call here.
 */
final class WatchedStream implements RecoveryListener {

    private final ResilientOutputStreamBase stream;
    private volatile IOException failure;
    private volatile long heard;
    /** The file's channel {@link #end} is of, and where the next record begins in it; -1: not known. */
    private FileChannel channel;
    private volatile long end = -1;

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

    /**
     * The record of {@code bytes}, about to be written to the stream's file, or {@code null} when the
     * stream is not a file's or nothing can be written through it (its file closed after a failure).
     *
     * @throws IOException when the file's size cannot be read
     */
    RecordStart recordOf(byte[] bytes) throws IOException {
        if (!(stream instanceof ResilientFileOutputStream file)) {
            return null;
        }
        FileChannel now = file.getChannel();
        if (now == null || !now.isOpen()) {
            return null;
        }
        if (now != channel || end < 0) {
            channel = now;
            end = now.size();
        }
        return new RecordStart(now, file.getFile(), end, bytes);
    }

    /** {@code record} was written whole: the next record begins where it ended. */
    void written(RecordStart record) {
        if (record.channel() == channel) {
            end = record.end();
        }
    }

    @Override
    public void newFailure(IOException e) {
        failure = e;
        end = -1;
        heard++;
    }

    @Override
    public void recoveryOccured() {
        failure = null;
        end = -1;
        heard++;
    }
}
