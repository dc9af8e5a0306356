package io.github.sqlguard.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns off Flink's loggers that report each failed operation, failed result fetch and failed job
 * submission with its stack trace, for the suites that have Flink fail thousands of statements on
 * purpose (mutations, hostile input, jobs sent where nothing listens): there, hundreds of thousands
 * of lines of Flink's stack traces say nothing, and writing them to the console and the gateway log
 * is a good part of the run. The guard's own loggers keep their levels; what the tests check is in
 * the audit records and the REST answers. {@link #close} gives the loggers their levels back.
 */
public final class QuietFlinkFailures implements AutoCloseable {

    /** Flink's loggers that report each failed operation and job submission with a stack trace. */
    private static final List<String> LOGGERS =
            List.of("org.apache.flink.table.gateway.service", "org.apache.flink.table.gateway.rest.handler",
                    "org.apache.flink.client");

    private final Map<String, Level> levels = new HashMap<>();

    private QuietFlinkFailures() {
        for (String name : LOGGERS) {
            Logger logger = (Logger) LoggerFactory.getLogger(name);
            levels.put(name, logger.getLevel());
            logger.setLevel(Level.OFF);
        }
    }

    /** Turns the loggers off until {@link #close}. */
    public static QuietFlinkFailures start() {
        return new QuietFlinkFailures();
    }

    @Override
    public void close() {
        levels.forEach((name, level) -> ((Logger) LoggerFactory.getLogger(name)).setLevel(level));
    }
}
