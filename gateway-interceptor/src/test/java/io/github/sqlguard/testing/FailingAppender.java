package io.github.sqlguard.testing;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.ContextAwareBase;
import ch.qos.logback.core.spi.FilterReply;

import java.util.List;

/**
 * A Logback appender that fails as a full disk or a dead network appender does: while {@link
 * #failing}, {@code doAppend} throws. It implements {@link Appender} directly (not {@code
 * AppenderBase}, which swallows), so Logback propagates the exception to the logging call.
 */
public final class FailingAppender extends ContextAwareBase implements Appender<ILoggingEvent> {

    /** Whether the next append fails. */
    public volatile boolean failing = true;

    @Override
    public void doAppend(ILoggingEvent event) {
        if (failing) {
            throw new IllegalStateException("disk full");
        }
    }

    @Override
    public String getName() {
        return "failing";
    }

    @Override
    public void setName(String name) {}

    @Override
    public void start() {}

    @Override
    public void stop() {}

    @Override
    public boolean isStarted() {
        return true;
    }

    @Override
    public void addFilter(Filter<ILoggingEvent> newFilter) {}

    @Override
    public void clearAllFilters() {}

    @Override
    public List<Filter<ILoggingEvent>> getCopyOfAttachedFiltersList() {
        return List.of();
    }

    @Override
    public FilterReply getFilterChainDecision(ILoggingEvent event) {
        return FilterReply.NEUTRAL;
    }
}
