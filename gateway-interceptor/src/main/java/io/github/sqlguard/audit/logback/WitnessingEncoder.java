package io.github.sqlguard.audit.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Context;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.status.Status;

import java.util.function.BiConsumer;

/**
 * An audit file appender's own encoder, wrapped so that {@link FailureReportingAppender} learns
 * whether the record it handed on reached the encoder and came back as bytes, and when: right before
 * those bytes go to the appender's stream. Logback's {@code UnsynchronizedAppenderBase#doAppend}
 * catches whatever its {@code append} throws (an encoder that throws, a rolling policy's trigger that
 * throws) and reports only the first three to its status manager ({@code ALLOWED_REPEATS}); a filter
 * of the file appender that denies the record drops it without a word. Either way the record is not
 * in the file and the logging call returns normally.
 *
 * <p>An appender encodes the record on the logging thread, inside {@code doAppend}, after a rolling
 * appender has rolled over and before it writes ({@code OutputStreamAppender#writeOut}, {@code
 * FileAppender#safeWriteOut}): the stream the bytes go to is the appender's stream when {@code
 * encoded} hears of them. Everything else is the wrapped encoder's.
 */
final class WitnessingEncoder implements Encoder<ILoggingEvent> {

    private final Encoder<ILoggingEvent> encoder;
    /** Told of each record this encoder encoded, with its bytes, once they are made. */
    private final BiConsumer<ILoggingEvent, byte[]> encoded;

    WitnessingEncoder(Encoder<ILoggingEvent> encoder, BiConsumer<ILoggingEvent, byte[]> encoded) {
        this.encoder = encoder;
        this.encoded = encoded;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        byte[] bytes = encoder.encode(event);
        encoded.accept(event, bytes);
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
