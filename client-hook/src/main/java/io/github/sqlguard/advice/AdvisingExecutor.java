package io.github.sqlguard.advice;

import io.github.sqlguard.service.Advisory;

import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.client.cli.CliClient;
import org.apache.flink.table.client.gateway.Executor;
import org.apache.flink.table.client.gateway.StatementResult;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.URI;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Flink's SQL Client {@link Executor} (the stock {@code ExecutorImpl}) with the guard's advisories:
 * after each statement it reads the advisories the guard kept for the session's new operations and
 * hands their WARN and INFO findings to {@link AdvisoryOutput}, which prints them with the result. A
 * blocked statement needs nothing extra: the guard's message is the statement's error.
 *
 * <p>Made through {@link io.github.sqlguard.flink.SqlClientLine#advising}, which adds the methods
 * that only some lines' {@code Executor} has (2.x: {@code deployScript}).
 */
public abstract class AdvisingExecutor implements Executor {

    private static final Logger LOG = LoggerFactory.getLogger(AdvisingExecutor.class);
    private static final StackWalker STACK = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private final Executor delegate;
    private final String sessionHandle;
    private final AdvisoryClient advisories;
    private final AdvisoryOutput output;
    private final Set<String> seen = new HashSet<>();
    private boolean available = true;

    /**
     * @param delegate the stock executor, connected and with its session open
     * @param sessionHandle the session of {@code delegate}
     * @param gatewayRoot the gateway's REST root, e.g. {@code http://127.0.0.1:8083}
     */
    protected AdvisingExecutor(Executor delegate, String sessionHandle, URI gatewayRoot, AdvisoryOutput output) {
        this.delegate = delegate;
        this.sessionHandle = sessionHandle;
        this.advisories = new AdvisoryClient(gatewayRoot);
        this.output = output;
        newAdvisories(); // the session's own (openSession) is not a statement's
    }

    @Override
    public StatementResult executeStatement(String statement) {
        StatementResult result;
        try {
            result = delegate.executeStatement(statement);
        } catch (RuntimeException e) {
            newAdvisories();
            output.drop();
            throw e;
        }
        StringBuilder text = new StringBuilder();
        for (Advisory advisory : newAdvisories()) {
            text.append(AdvisoryText.of(advisory));
        }
        output.hold(text.toString(), result.isQueryResult());
        return result;
    }

    /** The advisories the client has not seen yet, oldest first. */
    private List<Advisory> newAdvisories() {
        if (!available) {
            return List.of();
        }
        Optional<List<Advisory>> all;
        try {
            all = advisories.sessionAdvisories(sessionHandle);
        } catch (IOException e) {
            LOG.warn("Could not read the guard's advisories of session {}.", sessionHandle, e);
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
        if (all.isEmpty()) {
            available = false;
            LOG.warn("The gateway serves no Flink SQL Guard advisories for session {}; none will be shown.", sessionHandle);
            return List.of();
        }
        return all.get().stream().filter(a -> seen.add(a.operationHandle())).toList();
    }

    @Override
    public ReadableConfig getSessionConfig() {
        ReadableConfig config = delegate.getSessionConfig();
        // CliClient itself reads the session config when the input line is complete and the result
        // is about to be printed (its parser and syntax highlighter read it while the line is typed).
        boolean fromCliLoop =
                STACK.walk(frames -> frames.skip(1).findFirst())
                        .map(frame -> frame.getDeclaringClass() == CliClient.class)
                        .orElse(false);
        if (fromCliLoop) {
            output.arm();
        }
        return config;
    }

    @Override
    public void configureSession(String statement) {
        delegate.configureSession(statement);
    }

    @Override
    public Map<String, String> getSessionConfigMap() {
        return delegate.getSessionConfigMap();
    }

    @Override
    public List<String> completeStatement(String statement, int position) {
        return delegate.completeStatement(statement, position);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
