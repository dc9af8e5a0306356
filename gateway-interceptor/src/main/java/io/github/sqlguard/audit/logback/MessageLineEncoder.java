package io.github.sqlguard.audit.logback;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.encoder.EncoderBase;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;

/**
 * The audit file's encoder in the project's {@code conf/logback.xml}: each event as its message and
 * a line separator, the bytes Logback's {@code PatternLayoutEncoder} with the pattern {@code %msg%n}
 * writes, without its layout. That encoder formats into a {@code StringBuilder} of 256 chars that
 * doubles as the line grows (a 2.5 kB pair of audit records: five arrays), copies it to a {@code
 * String}, then encodes that: this one encodes the message and appends {@link
 * CoreConstants#LINE_SEPARATOR} (what {@code %n} writes) in the same charset as {@code
 * LayoutWrappingEncoder#convertToBytes} (the configured {@code charset}, else the JVM's default): into
 * one array sized for both in UTF-8, ISO-8859-1 and US-ASCII, which encode a text as its parts'
 * encodings; in any other charset it encodes the message and separator concatenated, as that encoder
 * does. No header, no footer (the pattern encoder's are empty). {@code MessageLineEncoderTest} compares
 * the bytes of both.
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

    /**
     * Charsets that encode a text as the concatenation of its parts' encodings (one code point at a time, no byte
     * order mark, no shift state), so the message and the line separator can be encoded apart.
     */
    private static final Set<Charset> BY_CODE_POINT =
            Set.of(StandardCharsets.UTF_8, StandardCharsets.ISO_8859_1, StandardCharsets.US_ASCII);

    /** {@link CoreConstants#LINE_SEPARATOR} ({@code \n} or {@code \r\n}) in each of {@link #BY_CODE_POINT}: ASCII. */
    private static final byte[] SEPARATOR = CoreConstants.LINE_SEPARATOR.getBytes(StandardCharsets.US_ASCII);

    @Override
    public byte[] encode(ILoggingEvent event) {
        Charset to = charset == null ? Charset.defaultCharset() : charset;
        String message = event.getFormattedMessage();
        if (BY_CODE_POINT.contains(to)) {
            // The message's bytes and the separator's, in one array sized for both: no String of the line and no
            // builder growing to its length (a statement's two audit records are one ~2.5 kB message).
            byte[] bytes = message.getBytes(to);
            byte[] line = Arrays.copyOf(bytes, bytes.length + SEPARATOR.length);
            System.arraycopy(SEPARATOR, 0, line, bytes.length, SEPARATOR.length);
            return line;
        }
        return (message + CoreConstants.LINE_SEPARATOR).getBytes(to);
    }

    @Override
    public byte[] footerBytes() {
        return null;
    }
}
