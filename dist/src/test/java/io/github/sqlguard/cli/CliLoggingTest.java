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
import ch.qos.logback.core.ConsoleAppender;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static io.github.sqlguard.cli.LoggerContextShape.appenders;
import static io.github.sqlguard.cli.LoggerContextShape.levels;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The CLI jar's logging built in code ({@link CliLogging}) is what its XML file ({@code src/cli/logback.xml},
 * which stays in the jar) configures: the same loggers with the same levels and additivity, the same
 * appender, and the same bytes for a line that quotes a secret and an exception.
 */
class CliLoggingTest {

    private static final Path XML = Path.of("src/cli/logback.xml");

    @Test
    void theConfigurationInCodeIsTheJarsXmlFile() throws Exception {
        LoggerContext fromXml = new LoggerContext();
        JoranConfigurator joran = new JoranConfigurator();
        joran.setContext(fromXml);
        joran.doConfigure(XML.toFile());
        LoggerContext inCode = new LoggerContext();
        CliLogging.apply(inCode);

        assertThat(levels(inCode)).isEqualTo(levels(fromXml)).containsKeys(
                Logger.ROOT_LOGGER_NAME, "sql-guard.audit", "io.github.sqlguard", "org.apache.flink.table.gateway",
                "io.github.sqlguard.policy.PolicyReloader");
        assertThat(appenders(inCode)).isEqualTo(appenders(fromXml)).hasSize(1);
        ConsoleAppender<ILoggingEvent> xmlAppender = stderr(fromXml);
        ConsoleAppender<ILoggingEvent> codeAppender = stderr(inCode);
        assertThat(codeAppender.getTarget()).isEqualTo(xmlAppender.getTarget()).isEqualTo("System.err");
        assertThat(codeAppender.isStarted()).isTrue();
        assertThat(((PatternLayoutEncoder) codeAppender.getEncoder()).getPattern())
                .isEqualTo(((PatternLayoutEncoder) xmlAppender.getEncoder()).getPattern());

        for (String message : List.of("WITH ('password' = 'hunter2', 'connector' = 'kafka')",
                "SET 'fs.s3a.secret.key' = 'AKIA-not-shown'")) {
            IllegalStateException failure = new IllegalStateException(message);
            String xmlLine = line(fromXml, xmlAppender, message, failure);
            assertThat(line(inCode, codeAppender, message, failure)).isEqualTo(xmlLine);
            assertThat(xmlLine).startsWith("ERROR io.github.sqlguard.Probe - ").contains("IllegalStateException")
                    .doesNotContain("hunter2", "AKIA-not-shown");
        }
    }

    @Test
    void aConfigurationFileNamedOnTheCommandLineIsLogbacksToRead() {
        String before = System.getProperty(ClassicConstants.CONFIG_FILE_PROPERTY);
        System.setProperty(ClassicConstants.CONFIG_FILE_PROPERTY, "conf/logback-client.xml");
        try {
            LoggerContext context = new LoggerContext();
            CliLogging logging = new CliLogging();
            logging.setContext(context);
            assertThat(logging.configure(context)).isEqualTo(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
            assertThat(appenders(context)).isEmpty();
        } finally {
            if (before == null) {
                System.clearProperty(ClassicConstants.CONFIG_FILE_PROPERTY);
            } else {
                System.setProperty(ClassicConstants.CONFIG_FILE_PROPERTY, before);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static ConsoleAppender<ILoggingEvent> stderr(LoggerContext context) {
        return (ConsoleAppender<ILoggingEvent>) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR");
    }

    private static String line(
            LoggerContext context, ConsoleAppender<ILoggingEvent> appender, String message, Throwable failure) {
        Logger logger = context.getLogger("io.github.sqlguard.Probe");
        LoggingEvent event = new LoggingEvent(Logger.class.getName(), logger, Level.ERROR, "{}",
                failure, new Object[] {message});
        return new String(appender.getEncoder().encode(event), StandardCharsets.UTF_8);
    }
}
