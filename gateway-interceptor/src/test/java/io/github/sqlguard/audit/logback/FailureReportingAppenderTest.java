package io.github.sqlguard.audit.logback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.encoder.EncoderBase;
import ch.qos.logback.core.recovery.ResilientFileOutputStream;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

    @Test
    void aRecordTheDiskCutIsTakenBackAndWhatItsFailedFlushLeftBufferedNeverReachesTheFile() throws Exception {
        Logger audit = configure("<encoder class='" + MessageLineEncoder.class.getName() + "'><charset>UTF-8</charset></encoder>");
        // A decision record and its outcome, one event (the guard's held hand-off); the disk fills in the second line.
        String decidedAndOutcome = "{\"n\":2,\"outcome\":\"decided\"}\n{\"n\":2,\"outcome\":\"submitted\"}";
        FillingDisk disk = fillingDisk(audit, "{\"n\":1}\n".length() + decidedAndOutcome.indexOf('\n') + 12);
        audit.info("{\"n\":1}");

        assertThatThrownBy(() -> audit.info(decidedAndOutcome)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("No space left on device")
                .hasMessageContaining("the " + (decidedAndOutcome.indexOf('\n') + 12) + " bytes of it that reached the file were removed");
        assertThatThrownBy(() -> audit.info("{\"n\":3}")).isInstanceOf(IllegalStateException.class);
        disk.room = Long.MAX_VALUE;
        List<String> taken = takeOnceRecovered(audit, 4);

        assertThat(linesAsJson()).containsExactlyElementsOf(concat(List.of("{\"n\":1}"), taken));
    }

    @Test
    void aRecordLargerThanLogbacksBufferThatTheDiskCutsIsTakenBack() throws Exception {
        Logger audit = configure("<encoder class='" + MessageLineEncoder.class.getName() + "'><charset>UTF-8</charset></encoder>");
        audit.info("{\"n\":1}");
        // Past the stream's 8 KiB buffer Java's BufferedOutputStream writes the bytes straight through; the flush
        // after it finds the buffer empty and Logback hears a recovery in the same append.
        String large = "{\"n\":2,\"statement\":\"" + "x".repeat(20_000) + "\"}";
        FillingDisk disk = fillingDisk(audit, 9_000);

        assertThatThrownBy(() -> audit.info(large)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("the 9000 bytes of it that reached the file were removed");
        disk.room = Long.MAX_VALUE;
        List<String> taken = takeOnceRecovered(audit, 3);

        assertThat(linesAsJson()).containsExactlyElementsOf(concat(List.of("{\"n\":1}"), taken));
    }

    @Test
    void bytesPastTheRecordsStartThatAreNotItsOwnAreNotRemoved() throws Exception {
        Logger audit = configure("<encoder class='" + MessageLineEncoder.class.getName() + "'><charset>UTF-8</charset></encoder>");
        FillingDisk disk = fillingDisk(audit, 100);
        audit.info("{\"n\":1}");
        // Written past the guard (the file is the guard's alone: this is what it must not take for its own).
        Files.writeString(dir.resolve("audit.jsonl"), "{\"other\":1}\n", java.nio.file.StandardOpenOption.APPEND);

        assertThatThrownBy(() -> audit.info("{\"n\":2,\"statement\":\"" + "x".repeat(200) + "\"}"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("could not be removed");
        disk.room = Long.MAX_VALUE;

        assertThat(Files.readAllLines(dir.resolve("audit.jsonl"), StandardCharsets.UTF_8))
                .startsWith("{\"n\":1}", "{\"other\":1}");
    }

    /**
     * Records {@code {"n":from}}, {@code {"n":from+1}}, … until the file appender takes one (Logback retries a
     * failed stream after a back-off of 20 ms, then 80, …), then one more; the records taken.
     */
    private List<String> takeOnceRecovered(Logger audit, int from) throws InterruptedException {
        for (int n = from; n < from + 1_000; n++) {
            String record = "{\"n\":" + n + "}";
            try {
                audit.info(record);
            } catch (IllegalStateException refused) {
                Thread.sleep(5);
                continue;
            }
            String next = "{\"n\":" + (n + 1) + "}";
            audit.info(next);
            return List.of(record, next);
        }
        throw new AssertionError("the file appender never took a record again");
    }

    /** The audit file's lines, each checked to be one JSON object. */
    private List<String> linesAsJson() throws IOException {
        List<String> lines = Files.readAllLines(dir.resolve("audit.jsonl"), StandardCharsets.UTF_8);
        ObjectMapper json = new ObjectMapper();
        for (String line : lines) {
            assertThat(json.readTree(line).isObject()).as("a whole record: %s", line).isTrue();
        }
        return lines;
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    /** Puts a {@link FillingDisk} with {@code room} bytes left under the file appender of {@code audit}. */
    private FillingDisk fillingDisk(Logger audit, long room) throws IOException {
        FailureReportingAppender reporting = (FailureReportingAppender) audit.getAppender("AUDIT");
        @SuppressWarnings("unchecked")
        FileAppender<ILoggingEvent> file = (FileAppender<ILoggingEvent>) reporting.getAppender("FILE");
        FillingDisk disk = new FillingDisk(new File(file.getFile()), room);
        disk.setContext(context);
        file.setOutputStream(disk);
        return disk;
    }

    /**
     * Logback's own file stream ({@code ResilientFileOutputStream}, its 8 KiB {@code BufferedOutputStream} and
     * recovery) over a disk that takes {@link #room} more bytes: a write past it writes what fits and fails, as
     * {@code FileOutputStream} does past a full disk or a file size limit (it loops over write(2)'s short
     * counts, so the bytes that fit are in the file, then reports the error). When Logback recovers it opens
     * the file again with a stream of its own ({@code openNewOutputStream}), which takes everything.
     */
    static final class FillingDisk extends ResilientFileOutputStream {
        volatile long room;

        FillingDisk(File file, long room) throws IOException {
            super(file, true, 8192);
            this.room = room;
            OutputStream toFile = Channels.newOutputStream(getChannel());
            this.os = new BufferedOutputStream(new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    int fits = (int) Math.min(len, FillingDisk.this.room);
                    toFile.write(b, off, fits);
                    FillingDisk.this.room -= fits;
                    if (fits < len) {
                        throw new IOException("No space left on device");
                    }
                }

                @Override
                public void close() throws IOException {
                    toFile.close();
                }
            }, 8192);
        }
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
