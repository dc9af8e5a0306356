package io.github.sqlguard.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a Logback configuration made of a {@link LoggerContext}, for the logging tests to compare two ways of
 * configuring it: its loggers' levels and its appenders.
 */
final class LoggerContextShape {

    private LoggerContextShape() {}

    /** Every logger given a level: name to level and additivity. */
    static Map<String, String> levels(LoggerContext context) {
        Map<String, String> levels = new TreeMap<>();
        for (Logger logger : context.getLoggerList()) {
            Level level = logger.getLevel();
            if (level != null || !logger.isAdditive()) {
                levels.put(logger.getName(), level + (logger.isAdditive() ? "" : ", not additive"));
            }
        }
        return levels;
    }

    /** Every appender of every logger: the logger's name, the appender's name and class. */
    static List<String> appenders(LoggerContext context) {
        List<String> appenders = new ArrayList<>();
        for (Logger logger : context.getLoggerList()) {
            for (Iterator<Appender<ILoggingEvent>> it = logger.iteratorForAppenders(); it.hasNext(); ) {
                Appender<ILoggingEvent> appender = it.next();
                appenders.add(logger.getName() + ": " + appender.getName() + " " + appender.getClass().getName());
            }
        }
        return appenders;
    }
}
