package io.github.sqlguard.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.util.OptionHelper;
import io.github.sqlguard.audit.logback.MessageLineEncoder;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * {@code conf/logback-client.xml}, the logging {@code bin/sql-guard.sh} names ({@code
 * -Dlogback.configurationFile}; so every pre-commit hook's lint), built in code where the file named is
 * the one the CLI jar ships, byte for byte ({@link #isShipped}: the jar holds a copy, {@value #SHIPPED}).
 * Logback read it with Joran and the JDK's SAX parser on every start: about 460 classes more than a lint
 * through {@code java -jar} (Logback's Joran and model classes, the JDK's XML parser), outside the class-data
 * archive whenever a {@code java -jar} run wrote that archive, and 160-585 ms of the main thread's wall time
 * between Logback's first class and Joran's last at a load of 10-13 (bench/results/2026-12-05-lint-cpu-r50.md).
 * A file that differs (the user's own configuration) is left to Logback, which reads it as before. {@code
 * ClientFileLoggingTest} (dist) configures one context from the file and one in code and compares them.
 */
final class ClientFileLogging {

    /** Where the CLI jar keeps its copy of {@code conf/logback-client.xml} (dist's build puts it there). */
    static final String SHIPPED = "/io/github/sqlguard/cli/logback-client.xml";

    /**
     * The level of the log file ({@code sql-guard-client.log}), INFO where no one names one: {@code bin/sql-guard.sh
     * lint} names WARN.
     */
    static final String LEVEL_PROPERTY = "sql-guard.log.level";

    private ClientFileLogging() {}

    /** Whether {@code configurationFile} is a file with the bytes of the jar's copy of {@code conf/logback-client.xml}. */
    static boolean isShipped(String configurationFile) {
        try (InputStream shipped = ClientFileLogging.class.getResourceAsStream(SHIPPED)) {
            if (shipped == null || configurationFile == null || configurationFile.isBlank()) {
                return false;
            }
            Path file = Path.of(configurationFile);
            return Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), shipped.readAllBytes());
        } catch (IOException | RuntimeException e) {
            // Not a readable path (a URL, a class path resource): Logback's to read.
            return false;
        }
    }

    /** What {@code conf/logback-client.xml} configures, element by element. */
    static void apply(LoggerContext context) {
        CliLogging.maskingConversionRules(context);
        // <property name="LOG_DIR" value="${sql-guard.log.dir:-log}"/>, looked up as Joran looks up a variable
        // (the context's properties, the JVM's, the environment's), its default where none has it
        String logDir = property(context, "sql-guard.log.dir", "log");

        PatternLayoutEncoder lines = new PatternLayoutEncoder();
        lines.setContext(context);
        lines.setPattern("%d{yyyy-MM-dd HH:mm:ss.SSS} %-5level [%thread] %logger - %maskedMsg%n%maskedEx");
        lines.start();
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setContext(context);
        file.setName("FILE");
        file.setFile(logDir + "/sql-guard-client.log");
        file.setEncoder(lines);
        file.start();

        MessageLineEncoder records = new MessageLineEncoder();
        records.setContext(context);
        records.setCharset(StandardCharsets.UTF_8);
        records.start();
        FileAppender<ILoggingEvent> audit = new FileAppender<>();
        audit.setContext(context);
        audit.setName("AUDIT");
        audit.setFile(property(context, "sql-guard.audit.file", logDir + "/sql-guard-audit.jsonl"));
        audit.setImmediateFlush(true);
        audit.setEncoder(records);
        audit.start();

        Logger auditLogger = context.getLogger("sql-guard.audit");
        auditLogger.setLevel(Level.INFO);
        auditLogger.setAdditive(false);
        auditLogger.addAppender(audit);
        context.getLogger("org.apache.flink.client.cli.CliFrontend").setLevel(Level.ERROR);
        context.getLogger("org.apache.calcite").setLevel(Level.WARN);
        context.getLogger("org.apache.flink.table.planner").setLevel(Level.WARN);
        // <root level="${sql-guard.log.level:-INFO}">, a level Logback reads as Joran's root logger does (Level#toLevel)
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(property(context, LEVEL_PROPERTY, "INFO")));
        root.addAppender(file);
    }

    /** {@code ${key:-fallback}} of a Logback configuration file. */
    private static String property(LoggerContext context, String key, String fallback) {
        String value = OptionHelper.propertyLookup(key, context, null);
        return value == null ? fallback : value;
    }
}
