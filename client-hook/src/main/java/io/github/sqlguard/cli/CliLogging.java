package io.github.sqlguard.cli;

import ch.qos.logback.classic.ClassicConstants;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.pattern.DynamicConverter;
import ch.qos.logback.core.spi.ContextAwareBase;
import io.github.sqlguard.audit.logback.MaskingMessageConverter;
import io.github.sqlguard.audit.logback.MaskingThrowableConverter;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The CLI jar's own logging configuration, {@code dist/src/cli/logback.xml}, built in code: the jar
 * names this class as a Logback {@link Configurator} service ({@code
 * dist/src/cli/ch.qos.logback.classic.spi.Configurator}), which Logback runs before it looks for an XML
 * file. Reading that XML file cost every {@code java -jar ... lint} start Logback's Joran and the JDK's
 * SAX parser (lint's JVM loaded 432 classes more, 14,014 for one script, and ran their code once):
 * bench/results/2026-12-03-lint-speed-r40.md. Whatever the XML file says, this class does:
 * {@code CliLoggingTest} (dist) configures one context from each and compares them.
 *
 * <p>Where {@code -Dlogback.configurationFile} names the file {@code bin/sql-guard.sh} names, {@code
 * conf/logback-client.xml} as the jar ships it, it configures that file's logging in code instead ({@link
 * ClientFileLogging}). It steps aside (Logback then reads XML as before) where another configuration file is
 * named, {@code -Dlogback.configurationFile} or {@code -Dlogback.scmoFile}, and where a {@code logback-test.xml}
 * is on the class path.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_NORMAL_PRIORITY)
public final class CliLogging extends ContextAwareBase implements Configurator {

    /** The pattern of {@code dist/src/cli/logback.xml}'s STDERR appender. */
    static final String PATTERN = "%-5level %logger{36} - %maskedMsg%n%maskedEx";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        String file = System.getProperty(ClassicConstants.CONFIG_FILE_PROPERTY);
        if (file != null && System.getProperty(ClassicConstants.MODEL_CONFIG_FILE_PROPERTY) == null
                && ClientFileLogging.isShipped(file)) {
            ClientFileLogging.apply(context);
            return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
        }
        if (file != null
                || System.getProperty(ClassicConstants.MODEL_CONFIG_FILE_PROPERTY) != null
                || CliLogging.class.getClassLoader().getResource(ClassicConstants.TEST_AUTOCONFIG_FILE) != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        apply(context);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** What {@code dist/src/cli/logback.xml} configures, element by element. */
    static void apply(LoggerContext context) {
        maskingConversionRules(context);
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();

        Logger audit = context.getLogger("sql-guard.audit");
        audit.setLevel(Level.INFO);
        audit.setAdditive(false);
        context.getLogger("io.github.sqlguard").setLevel(Level.WARN);
        context.getLogger("org.apache.flink.table.gateway").setLevel(Level.OFF);
        context.getLogger("io.github.sqlguard.service.StatementCalls").setLevel(Level.ERROR);
        context.getLogger("io.github.sqlguard.policy.PolicyReloader").setLevel(Level.ERROR);
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.ERROR);
        root.addAppender(stderr);
    }

    /**
     * {@code <conversionRule conversionWord="maskedMsg" .../>} and {@code "maskedEx"} of both configuration
     * files (the jar's and {@code conf/logback-client.xml}): the context's rule registry, where Joran's {@code
     * ConversionRuleModelHandler} puts them.
     */
    static void maskingConversionRules(LoggerContext context) {
        @SuppressWarnings("unchecked")
        Map<String, Supplier<DynamicConverter<?>>> rules =
                (Map<String, Supplier<DynamicConverter<?>>>) context.getObject(CoreConstants.PATTERN_RULE_REGISTRY_FOR_SUPPLIERS);
        if (rules == null) {
            rules = new HashMap<>();
            context.putObject(CoreConstants.PATTERN_RULE_REGISTRY_FOR_SUPPLIERS, rules);
        }
        rules.put("maskedMsg", MaskingMessageConverter::new);
        rules.put("maskedEx", MaskingThrowableConverter::new);
    }
}
