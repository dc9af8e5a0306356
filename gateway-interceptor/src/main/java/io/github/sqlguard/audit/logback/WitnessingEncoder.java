package io.github.sqlguard.audit.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.status.Status;

/**
 * An audit file appender's own encoder, wrapped so that {@link FailureReportingAppender} learns
 * whether the record it handed on reached the encoder and came back as bytes. Logback's {@code
 * UnsynchronizedAppenderBase#doAppend} catches whatever its {@code append} throws (an encoder that
 * throws, a rolling policy's trigger that throws) and reports only the first three to its status
 * manager ({@code ALLOWED_REPEATS}); a filter of the file appender that denies the record drops it
 * without a word. Either way the record is not in the file and the logging call returns normally.
 *
 * <p>The witness is per thread: an appender encodes the record on the logging thread, inside
 * {@code doAppend} ({@code OutputStreamAppender#writeOut}, {@code FileAppender#safeWriteOut}).
 * Everything else is the wrapped encoder's.
 */
final class WitnessingEncoder implements Encoder<ILoggingEvent> {

    /** The record this thread asked to be written, until an encoder of it returned its bytes. */
    private static final ThreadLocal<ILoggingEvent> PENDING = new ThreadLocal<>();

    private final Encoder<ILoggingEvent> encoder;

    WitnessingEncoder(Encoder<ILoggingEvent> encoder) {
        this.encoder = encoder;
    }

    /** Watches for {@code event} on this thread: {@link #encoded()} is false until it is encoded. */
    static void expect(ILoggingEvent event) {
        PENDING.set(event);
    }

    /** Whether the record last {@linkplain #expect expected} on this thread came back as bytes; clears it. */
    static boolean encoded() {
        boolean encoded = PENDING.get() == null;
        PENDING.remove();
        return encoded;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        byte[] bytes = encoder.encode(event);
        if (PENDING.get() == event) {
            PENDING.set(null);
        }
        return bytes;
    }

    @Override
    public byte[] headerBytes() {
        return encoder.headerBytes();
    }

    @Override
    public byte[] footerBytes() {
        return encoder.footerBytes();
    }

    @Override
    public void setContext(Context context) {
        encoder.setContext(context);
    }

    @Override
    public Context getContext() {
        return encoder.getContext();
    }

    @Override
    public void addStatus(Status status) {
        encoder.addStatus(status);
    }

    @Override
    public void addInfo(String msg) {
        encoder.addInfo(msg);
    }

    @Override
    public void addInfo(String msg, Throwable ex) {
        encoder.addInfo(msg, ex);
    }

    @Override
    public void addWarn(String msg) {
        encoder.addWarn(msg);
    }

    @Override
    public void addWarn(String msg, Throwable ex) {
        encoder.addWarn(msg, ex);
    }

    @Override
    public void addError(String msg) {
        encoder.addError(msg);
    }

    @Override
    public void addError(String msg, Throwable ex) {
        encoder.addError(msg, ex);
    }

    @Override
    public void start() {
        encoder.start();
    }

    @Override
    public void stop() {
        encoder.stop();
    }

    @Override
    public boolean isStarted() {
        return encoder.isStarted();
    }
}
