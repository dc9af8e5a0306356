package io.github.sqlguard.audit.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.encoder.EncoderBase;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link FailureReportingAppender} configured as {@code conf/logback.xml} configures it (a file
 * appender referenced inside it, through Logback's own Joran configurator): every record the file
 * did not take reaches the logging call, however many there are.
 */
class FailureReportingAppenderTest {

    @TempDir
    Path dir;

    private final LoggerContext context = new LoggerContext();

    @BeforeEach
    void mdc() {
        // As Logback's service provider sets it; without one, every event fails in the file appender
        // (LoggingEvent#prepareForDeferredProcessing), which this appender reports too (the last test).
        context.setMDCAdapter(new LogbackMDCAdapter());
    }

    @AfterEach
    void stop() {
        context.stop();
    }

    @Test
    void everyRecordItsEncoderFailsOnIsReportedNotOnlyTheFirstThree() throws Exception {
        Logger audit = configure("<encoder class='" + FailingEncoder.class.getName() + "'/>");

        audit.info("first");
        for (int i = 0; i < 6; i++) {
            String message = "boom " + i;
            assertThatThrownBy(() -> audit.info(message))
                    .as("record %d", i)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("'FILE' did not write the record");
        }
        audit.info("last");

        assertThat(Files.readAllLines(dir.resolve("audit.jsonl"))).containsExactly("first", "last");
    }

    @Test
    void aRecordAFilterOfTheFileDropsIsReported() throws Exception {
        Logger audit = configure("<encoder class='" + FailingEncoder.class.getName() + "'/>"
                + "<filter class='ch.qos.logback.classic.filter.ThresholdFilter'><level>WARN</level></filter>");

        assertThatThrownBy(() -> audit.info("dropped"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("did not write the record");
        audit.warn("kept");

        assertThat(Files.readAllLines(dir.resolve("audit.jsonl"))).containsExactly("kept");
    }

    @Test
    void theShippedEncoderWritesEveryRecordWithoutAReport() throws Exception {
        Logger audit = configure("<encoder class='" + MessageLineEncoder.class.getName() + "'>"
                + "<charset>UTF-8</charset></encoder>");

        for (String message : List.of("{\"a\":1}", "{\"b\":\"é\"}")) {
            audit.info(message);
        }

        assertThat(Files.readAllLines(dir.resolve("audit.jsonl"), StandardCharsets.UTF_8))
                .containsExactly("{\"a\":1}", "{\"b\":\"é\"}");
    }

    private Logger configure(String fileAppenderBody) throws Exception {
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        configurator.doConfigure(new ByteArrayInputStream(configuration(fileAppenderBody).getBytes(StandardCharsets.UTF_8)));
        return context.getLogger("sql-guard.audit");
    }

    /** A file appender with {@code fileAppenderBody}, inside the guard's, for the audit's logger. */
    private String configuration(String fileAppenderBody) {
        return "<configuration>"
                + "<appender name='FILE' class='ch.qos.logback.core.FileAppender'>"
                + "<file>" + dir.resolve("audit.jsonl") + "</file><immediateFlush>true</immediateFlush>"
                + fileAppenderBody + "</appender>"
                + "<appender name='AUDIT' class='" + FailureReportingAppender.class.getName() + "'>"
                + "<appender-ref ref='FILE'/></appender>"
                + "<logger name='sql-guard.audit' level='INFO' additivity='false'><appender-ref ref='AUDIT'/></logger>"
                + "</configuration>";
    }

    /** The message and a line break; throws for a message that starts with "boom". */
    public static final class FailingEncoder extends EncoderBase<ILoggingEvent> {
        @Override
        public byte[] headerBytes() {
            return null;
        }

        @Override
        public byte[] encode(ILoggingEvent event) {
            if (event.getFormattedMessage().startsWith("boom")) {
                throw new IllegalArgumentException("cannot encode " + event.getFormattedMessage());
            }
            return (event.getFormattedMessage() + "\n").getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public byte[] footerBytes() {
            return null;
        }
    }

    @Test
    void aRecordTheFileAppenderFailsOnBeforeEncodingIsReported() throws Exception {
        LoggerContext bare = new LoggerContext();
        try {
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(bare);
            configurator.doConfigure(new ByteArrayInputStream(configuration(
                            "<encoder class='" + MessageLineEncoder.class.getName() + "'/>")
                    .getBytes(StandardCharsets.UTF_8)));

            // No MDC adapter: Logback's OutputStreamAppender throws before the encoder and its base
            // class keeps the exception to its status (three times, then nothing).
            for (int i = 0; i < 5; i++) {
                assertThatThrownBy(() -> bare.getLogger("sql-guard.audit").info("{}"))
                        .isInstanceOf(IllegalStateException.class)
                        .hasMessageContaining("did not write the record");
            }
        } finally {
            bare.stop();
        }
    }
}
