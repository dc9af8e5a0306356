package io.github.sqlguard.audit.logback;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.LoggingEvent;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

import java.lang.management.ManagementFactory;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The audit file's encoder writes the bytes Logback's {@code PatternLayoutEncoder} with {@code
 * %msg%n} wrote (the encoder of {@code conf/logback.xml}'s audit file until round 39), for any
 * message, in the JVM's default charset or a configured one: unpaired surrogates, characters the
 * charset cannot encode and line breaks inside the message included.
 */
class MessageLineEncoderTest {

    private final LoggerContext context = new LoggerContext();

    @Property(tries = 1000)
    void encodesAnEventAsThePatternMsgNDid(@ForAll("messages") String message, @ForAll("charsets") Optional<Charset> charset) {
        PatternLayoutEncoder before = new PatternLayoutEncoder();
        before.setContext(context);
        before.setPattern("%msg%n");
        charset.ifPresent(before::setCharset);
        before.start();
        MessageLineEncoder now = new MessageLineEncoder();
        now.setContext(context);
        charset.ifPresent(now::setCharset);
        now.start();
        LoggingEvent event = new LoggingEvent(
                "io.github.sqlguard.audit.AuditLog", context.getLogger("sql-guard.audit"), Level.INFO, message, null, null);

        assertThat(now.encode(event)).isEqualTo(before.encode(event));
        assertThat(orEmpty(now.headerBytes())).isEqualTo(orEmpty(before.headerBytes()));
        assertThat(orEmpty(now.footerBytes())).isEqualTo(orEmpty(before.footerBytes()));
    }

    /**
     * A statement's two audit records are one message of about 2.5 kB: in UTF-8 its line costs the message's bytes
     * and one array of the line, not the pattern layout's builder growing to the line's length, a {@code String} of it
     * and its bytes (about three times as much).
     */
    @Example
    void encodesALineAsTheMessagesBytesAndOneArrayOfTheLine() {
        MessageLineEncoder now = new MessageLineEncoder();
        now.setContext(context);
        now.setCharset(StandardCharsets.UTF_8);
        now.start();
        String message = "{\"logged_at\":\"2026-12-07T04:22:08.028Z\",\"statement\":\"" + "CREATE TABLE t (a INT) ".repeat(110) + "\"}";
        LoggingEvent event = new LoggingEvent(
                "io.github.sqlguard.audit.AuditLog", context.getLogger("sql-guard.audit"), Level.INFO, message, null, null);
        for (int i = 0; i < 100; i++) {
            now.encode(event); // classes loaded, the message formatted once
        }
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        byte[] line = now.encode(event);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertThat(line).hasSize(message.length() + System.lineSeparator().length());
        assertThat(allocated).isLessThan(2L * message.length() + 1024);
    }

    private static byte[] orEmpty(byte[] bytes) {
        return bytes == null ? new byte[0] : bytes;
    }

    @Provide
    Arbitrary<Optional<Charset>> charsets() {
        return Arbitraries.of(Optional.empty(), Optional.of(StandardCharsets.UTF_8), Optional.of(StandardCharsets.ISO_8859_1),
                Optional.of(StandardCharsets.US_ASCII), Optional.of(StandardCharsets.UTF_16));
    }

    @Provide
    Arbitrary<String> messages() {
        Arbitrary<Character> hard = Arbitraries.of('\n', '\r', '\t', '\u0000', '"', '\\', '\u007f', '\u00e9', '\u2028',
                '\ud800', '\udbff', '\udc00', '\udfff', '\ufeff', '%', '{', '}');
        return Arbitraries.frequencyOf(Tuple.of(2, hard), Tuple.of(2, Arbitraries.chars().all()),
                        Tuple.of(3, Arbitraries.chars().ascii()))
                .list().ofMaxSize(3000)
                .map(chars -> {
                    StringBuilder s = new StringBuilder();
                    chars.forEach(s::append);
                    return s.toString();
                });
    }
}
