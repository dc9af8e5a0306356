package io.github.sqlguard.audit.logback;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;

/**
 * Drops Flink's ERROR lines about a statement the guard refused: an event at ERROR whose exception, or one of its
 * causes, is the guard's refusal ({@code io.github.sqlguard.service.StatementBlockedException} with a message starting
 * {@value #PREFIX}). Flink logs each such statement three times at ERROR ({@code OperationManager} when the operation
 * fails, {@code SqlGatewayServiceImpl} and the REST handler when its result is fetched: the guard's {@code
 * ReadyResultsHandler} for a result request, under which Flink's {@code AbstractHandler} logs), none naming a rule; the
 * guard logs its own line for the refusal instead, at WARN, with the operation and the rule ids ({@code
 * StatementCalls}). Any other event, Flink's own rejections and the guard's failures included, passes.
 */
public final class GuardRefusalFilter extends Filter<ILoggingEvent> {

    /** The class of the guard's refusals, by name: the filter is loaded by Logback, before the guard. */
    static final String REFUSAL = "io.github.sqlguard.service.StatementBlockedException";

    /** How every refusal message of the guard starts. */
    static final String PREFIX = "[sql-guard]";

    /** Causes looked at, at most (a cycle ends the walk too). */
    private static final int MAX_DEPTH = 16;

    @Override
    public FilterReply decide(ILoggingEvent event) {
        if (!event.getLevel().isGreaterOrEqual(Level.ERROR)) {
            return FilterReply.NEUTRAL;
        }
        IThrowableProxy error = event.getThrowableProxy();
        for (int depth = 0; error != null && depth < MAX_DEPTH; depth++, error = error.getCause()) {
            if (REFUSAL.equals(error.getClassName()) && error.getMessage() != null && error.getMessage().startsWith(PREFIX)) {
                return FilterReply.DENY;
            }
        }
        return FilterReply.NEUTRAL;
    }
}
