package io.github.sqlguard.cli;

import ch.qos.logback.classic.ClassicConstants;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.FileAppender;
import io.github.sqlguard.audit.logback.MessageLineEncoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.github.sqlguard.cli.LoggerContextShape.appenders;
import static io.github.sqlguard.cli.LoggerContextShape.levels;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code conf/logback-client.xml} built in code ({@link ClientFileLogging}) is what Logback reads from the file:
 * the same loggers, levels and additivity, the same two file appenders with the same files (the JVM's {@code
 * sql-guard.log.dir} and {@code sql-guard.audit.file} or their defaults), flush and encoders, and the same bytes
 * for a log line that quotes a secret and an exception and for an audit record; and it is used only for a file of
 * exactly those bytes (the tests' class path holds the file where the CLI jar does, dist's pom).
 */
class ClientFileLoggingTest {

    private static final Path XML = Path.of("../conf/logback-client.xml");

    @TempDir
    Path dir;

    @Test
    void theConfigurationInCodeIsConfLogbackClientXml() throws Exception {
        String logDir = System.getProperty("sql-guard.log.dir");
        String auditFile = System.getProperty("sql-guard.audit.file");
        String level = System.getProperty(ClientFileLogging.LEVEL_PROPERTY);
        try {
            System.setProperty("sql-guard.log.dir", dir.resolve("log").toString());
            System.clearProperty("sql-guard.audit.file");
            System.clearProperty(ClientFileLogging.LEVEL_PROPERTY);
            assertThat(compare("sql-guard-audit.jsonl in the log directory")).isEqualTo(Level.INFO);
            System.setProperty("sql-guard.audit.file", dir.resolve("lint-audit.jsonl").toString());
            assertThat(compare("the named audit file")).isEqualTo(Level.INFO);
            // bin/sql-guard.sh lint's
            System.setProperty(ClientFileLogging.LEVEL_PROPERTY, "WARN");
            assertThat(compare("lint's level")).isEqualTo(Level.WARN);
        } finally {
            restore("sql-guard.log.dir", logDir);
            restore("sql-guard.audit.file", auditFile);
            restore(ClientFileLogging.LEVEL_PROPERTY, level);
        }
    }

    /** Compares the two and returns the root logger's level. */
    private Level compare(String what) throws Exception {
        LoggerContext fromXml = new LoggerContext();
        JoranConfigurator joran = new JoranConfigurator();
        joran.setContext(fromXml);
        joran.doConfigure(XML.toFile());
        LoggerContext inCode = new LoggerContext();
        ClientFileLogging.apply(inCode);
        try {
            assertThat(levels(inCode)).as(what).isEqualTo(levels(fromXml)).containsKeys(Logger.ROOT_LOGGER_NAME,
                    "sql-guard.audit", "org.apache.flink.client.cli.CliFrontend", "org.apache.calcite",
                    "org.apache.flink.table.planner");
            assertThat(appenders(inCode)).as(what).isEqualTo(appenders(fromXml)).hasSize(2);

            FileAppender<ILoggingEvent> xmlFile = appender(fromXml, Logger.ROOT_LOGGER_NAME, "FILE");
            FileAppender<ILoggingEvent> codeFile = appender(inCode, Logger.ROOT_LOGGER_NAME, "FILE");
            assertThat(codeFile.getFile()).isEqualTo(xmlFile.getFile()).endsWith("log/sql-guard-client.log");
            assertSameSettings(codeFile, xmlFile);
            assertThat(((PatternLayoutEncoder) codeFile.getEncoder()).getPattern())
                    .isEqualTo(((PatternLayoutEncoder) xmlFile.getEncoder()).getPattern());
            FileAppender<ILoggingEvent> xmlAudit = appender(fromXml, "sql-guard.audit", "AUDIT");
            FileAppender<ILoggingEvent> codeAudit = appender(inCode, "sql-guard.audit", "AUDIT");
            assertThat(codeAudit.getFile()).as(what).isEqualTo(xmlAudit.getFile());
            assertSameSettings(codeAudit, xmlAudit);
            assertThat(codeAudit.isImmediateFlush()).isTrue();
            assertThat(((MessageLineEncoder) codeAudit.getEncoder()).getCharset())
                    .isEqualTo(((MessageLineEncoder) xmlAudit.getEncoder()).getCharset()).isEqualTo(StandardCharsets.UTF_8);

            for (String message : List.of("WITH ('password' = 'hunter2', 'connector' = 'kafka')",
                    "{\"statement\":\"SET 'fs.s3a.secret.key' = 'AKIA-not-shown'\",\"verdict\":\"OK\"} ü")) {
                IllegalStateException failure = new IllegalStateException(message);
                LoggingEvent event = event(fromXml, message, failure);
                String xmlLine = new String(xmlFile.getEncoder().encode(event), StandardCharsets.UTF_8);
                assertThat(new String(codeFile.getEncoder().encode(event), StandardCharsets.UTF_8)).isEqualTo(xmlLine);
                assertThat(xmlLine).contains("ERROR [main] io.github.sqlguard.Probe - ", "IllegalStateException")
                        .doesNotContain("hunter2", "AKIA-not-shown");
                assertThat(codeAudit.getEncoder().encode(event)).isEqualTo(xmlAudit.getEncoder().encode(event));
            }
            assertThat(fromXml.getLogger("sql-guard.audit").getLevel()).as("lint's audit records at any file level")
                    .isEqualTo(Level.INFO);
            return inCode.getLogger(Logger.ROOT_LOGGER_NAME).getLevel();
        } finally {
            fromXml.stop();
            inCode.stop();
        }
    }

    @Test
    void onlyAFileOfTheShippedBytesIsConfiguredInCode() throws Exception {
        assertThat(ClientFileLogging.isShipped(XML.toString())).isTrue();
        Path copy = Files.write(dir.resolve("logback-client.xml"), Files.readAllBytes(XML));
        assertThat(ClientFileLogging.isShipped(copy.toString())).isTrue();
        Path edited = Files.writeString(dir.resolve("edited.xml"),
                Files.readString(XML).replace("level=\"${sql-guard.log.level:-INFO}\"><appender-ref ref=\"FILE\"/>",
                        "level=\"DEBUG\"><appender-ref ref=\"FILE\"/>"));
        assertThat(Files.readString(edited)).isNotEqualTo(Files.readString(XML));
        assertThat(ClientFileLogging.isShipped(edited.toString())).isFalse();
        assertThat(ClientFileLogging.isShipped(dir.resolve("missing.xml").toString())).isFalse();
        assertThat(ClientFileLogging.isShipped(copy.toUri().toString())).isFalse();
        assertThat(ClientFileLogging.isShipped(dir.toString())).isFalse();
    }

    @Test
    void cliLoggingConfiguresTheShippedFileInCodeAndLeavesAnotherToLogback() throws Exception {
        String before = System.getProperty(ClassicConstants.CONFIG_FILE_PROPERTY);
        String logDir = System.getProperty("sql-guard.log.dir");
        try {
            System.setProperty("sql-guard.log.dir", dir.resolve("log").toString());
            System.setProperty(ClassicConstants.CONFIG_FILE_PROPERTY, XML.toString());
            LoggerContext shipped = new LoggerContext();
            CliLogging logging = new CliLogging();
            logging.setContext(shipped);
            assertThat(logging.configure(shipped)).isEqualTo(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY);
            assertThat(appenders(shipped)).containsExactlyInAnyOrder(
                    "ROOT: FILE ch.qos.logback.core.FileAppender", "sql-guard.audit: AUDIT ch.qos.logback.core.FileAppender");
            shipped.stop();

            Path own = Files.writeString(dir.resolve("own.xml"), Files.readString(XML) + "\n");
            System.setProperty(ClassicConstants.CONFIG_FILE_PROPERTY, own.toString());
            LoggerContext other = new LoggerContext();
            CliLogging stepsAside = new CliLogging();
            stepsAside.setContext(other);
            assertThat(stepsAside.configure(other)).isEqualTo(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
            assertThat(appenders(other)).isEmpty();
        } finally {
            restore(ClassicConstants.CONFIG_FILE_PROPERTY, before);
            restore("sql-guard.log.dir", logDir);
        }
    }

    private static void assertSameSettings(FileAppender<ILoggingEvent> code, FileAppender<ILoggingEvent> xml) {
        assertThat(code.isStarted()).isEqualTo(xml.isStarted()).isTrue();
        assertThat(code.isAppend()).isEqualTo(xml.isAppend());
        assertThat(code.isPrudent()).isEqualTo(xml.isPrudent());
        assertThat(code.isImmediateFlush()).isEqualTo(xml.isImmediateFlush());
        assertThat(code.getEncoder().getClass()).isEqualTo(xml.getEncoder().getClass());
    }

    private static void restore(String key, String value) {
        if (value == null) {
            System.clearProperty(key);
        } else {
            System.setProperty(key, value);
        }
    }

    @SuppressWarnings("unchecked")
    private static FileAppender<ILoggingEvent> appender(LoggerContext context, String logger, String name) {
        return (FileAppender<ILoggingEvent>) context.getLogger(logger).getAppender(name);
    }

    private static LoggingEvent event(LoggerContext context, String message, Throwable failure) {
        Logger logger = context.getLogger("io.github.sqlguard.Probe");
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.ERROR, "{}", failure,
                new Object[] {message});
        event.setThreadName("main");
        return event;
    }
}
