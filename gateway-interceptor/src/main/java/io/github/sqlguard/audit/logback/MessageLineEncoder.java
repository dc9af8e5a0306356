package io.github.sqlguard.audit.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.encoder.EncoderBase;

import java.nio.charset.Charset;

/**
 * The audit file's encoder in the project's {@code conf/logback.xml}: each event as its message and
 * a line separator, the bytes Logback's {@code PatternLayoutEncoder} with the pattern {@code %msg%n}
 * writes, without its layout. That encoder formats into a {@code StringBuilder} of 256 chars that
 * doubles as the line grows (a 2.5 kB pair of audit records: five arrays), copies it to a {@code
 * String}, then encodes that: this one concatenates the message with {@link
 * CoreConstants#LINE_SEPARATOR} (what {@code %n} writes) and encodes that, the same way and in the
 * same charset as {@code LayoutWrappingEncoder#convertToBytes}: the configured {@code charset}, else
 * the JVM's default. No header, no footer (the pattern encoder's are empty). {@code
 * MessageLineEncoderTest} compares the bytes of both.
 *
 * <p>The flush is the appender's ({@code immediateFlush}), as before. Thread-safe (no state but the
 * charset, set at configuration).
 */
public final class MessageLineEncoder extends EncoderBase<ILoggingEvent> {

    private volatile Charset charset;

    /** The charset to encode with ({@code <charset>}), as {@code LayoutWrappingEncoder}'s; the JVM's default when unset. */
    public void setCharset(Charset charset) {
        this.charset = charset;
    }

    public Charset getCharset() {
        return charset;
    }

    @Override
    public byte[] headerBytes() {
        return null;
    }

    @Override
    public byte[] encode(ILoggingEvent event) {
        String line = event.getFormattedMessage() + CoreConstants.LINE_SEPARATOR;
        Charset to = charset;
        return to == null ? line.getBytes() : line.getBytes(to);
    }

    @Override
    public byte[] footerBytes() {
        return null;
    }
}
