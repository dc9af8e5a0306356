package io.github.sqlguard.testing;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.function.Predicate;

/**
 * The rewrite families that failed while a test ran: {@code Rewriter} catches a family's exception
 * so that the other families still write theirs, and logs it at WARN, which a corpus test does not
 * otherwise see (a family that throws on a shape offers nothing there, silently, and prints a stack
 * trace on lint's standard error). Attached to the {@code Rewriter}'s logger of the test JVM's Logback.
 */
public final class RewriteFamilyFailures implements AutoCloseable {

    private static final String REWRITER = "io.github.sqlguard.rewrite.Rewriter";

    private final Logger logger = (Logger) LoggerFactory.getLogger(REWRITER);
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public RewriteFamilyFailures() {
        appender.setContext(logger.getLoggerContext());
        appender.start();
        logger.addAppender(appender);
    }

    /** Each failure so far, with its exception's message, and forgets them. */
    public List<String> take() {
        return take(event -> true);
    }

    /**
     * Each failure so far that the calling thread logged, and forgets every failure: what the statements this thread
     * ran wrote, while another thread plans statements of its own (a statement's rewrites proven at once are written
     * in the thread that submits it, {@code RewriteStage#proveNow}).
     */
    public List<String> takeOfThisThread() {
        String thread = Thread.currentThread().getName();
        return take(event -> event.getThreadName().equals(thread));
    }

    private List<String> take(Predicate<ILoggingEvent> logged) {
        // The appender adds under its own lock (AppenderBase#doAppend), from whichever thread logs.
        synchronized (appender) {
            List<String> out = appender.list.stream()
                    .filter(logged)
                    .filter(e -> e.getFormattedMessage().contains("failed on a statement"))
                    .map(e -> e.getFormattedMessage() + (e.getThrowableProxy() == null ? ""
                            : " " + e.getThrowableProxy().getClassName() + ": " + e.getThrowableProxy().getMessage()))
                    .toList();
            appender.list.clear();
            return out;
        }
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        appender.stop();
    }
}
