package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.flink.SessionCatalog;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.rewrite.RewriteSession;
import io.github.sqlguard.rewrite.TableChange;
import io.github.sqlguard.rewrite.WrittenView;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The user's session as one statement's rewrites see it ({@link RewriteSession}): its catalogs
 * through Flink's own catalog manager ({@link SessionCatalog}), and the guard's decision on a
 * candidate taken as on the statement itself ({@link StatementGuard}, same policy and scope),
 * planned in the session by the {@link SessionPlanner} with the candidate's {@code SET}s as
 * execution config, so the session's own configuration is not changed. Proofs plan after every
 * statement waiting for a planner ({@link SessionPlanner#prove}), within one {@code
 * sql-guard.explain-timeout} for all of a statement's candidates ({@link #budgetSpent}: once spent,
 * the rewriter plans no further candidate). Not thread-safe: one statement's.
 */
final class SessionRewrites implements RewriteSession {

    private final StatementParser parser = new StatementParser();
    private final StatementGuard guard;
    private final SessionPlanner planner;
    private final SessionCatalog.Reader catalog;
    private final SessionHandle session;
    private final Map<String, String> sessionConfig;
    private final Map<String, String> executionConfig;
    private final Duration explainTimeout;
    private final boolean ordered;
    private final Restoring restoring;
    private final List<WrittenView> writtenViews;
    /**
     * Time the statement's proofs have planned (and waited for a planner): at most one {@code
     * sql-guard.explain-timeout} in all, so proofs never cost more than the statement itself may.
     */
    private long spentNanos;

    /**
     * @param sessionConfig the session's configuration when the statement was decided
     * @param executionConfig the statement's own execution config, over the session's and a candidate's SETs
     * @param ordered true when the caller holds the session's order (scratch tables are allowed)
     * @param restoring what a candidate's job would restore, by the check the statement got ({@link Restoring})
     * @param writtenViews the session's {@code CREATE VIEW} and {@code ALTER VIEW ... AS} statements as written, newest first ({@link WrittenViews})
     */
    SessionRewrites(
            StatementGuard guard, SessionPlanner planner, SessionCatalog.Reader catalog, SessionHandle session,
            Map<String, String> sessionConfig, Map<String, String> executionConfig, Duration explainTimeout, boolean ordered,
            Restoring restoring, List<WrittenView> writtenViews) {
        this.guard = guard;
        this.planner = planner;
        this.catalog = catalog;
        this.session = session;
        this.sessionConfig = sessionConfig;
        this.executionConfig = executionConfig;
        this.explainTimeout = explainTimeout;
        this.ordered = ordered;
        this.restoring = restoring;
        this.writtenViews = List.copyOf(writtenViews);
    }

    /**
     * What the job of a candidate would restore, added to its analysis by the check the statement itself got
     * ({@code Decider#restoring}: the savepoint its configuration names, read against the candidate's job; in
     * {@code lint}, the statement's previous version): a rewrite of a statement that restores state is judged as
     * a restore too, so its proof knows whether it keeps that state (issue 30).
     */
    @FunctionalInterface
    interface Restoring {

        /** {@code analysis} with what its statement would restore, planned under {@code executionConfig}. */
        StatementGuard.Analysis restoring(StatementGuard.Analysis analysis, Configuration executionConfig);
    }

    @Override
    public Judged judge(String statement, Map<String, String> config, List<TableChange> tables) {
        ParsedStatement parsed = parser.parse(statement);
        // As if the candidate's SETs ran before it: over the session's configuration, under the call's own.
        Map<String, String> execution = new HashMap<>(config);
        execution.putAll(executionConfig);
        Configuration planning = Configuration.fromMap(execution);
        Supplier<Decision> decide = () -> guard.decide(parsed, sessionConfig, execution,
                (body, streaming) -> {
                    long start = System.nanoTime();
                    try {
                        return planner.prove(session, body, planning, streaming, explainTimeout);
                    } finally {
                        spentNanos += System.nanoTime() - start;
                    }
                },
                analysis -> restoring.restoring(analysis, planning));
        for (TableChange change : tables) {
            Supplier<Decision> inner = decide;
            decide = () -> catalog.withChangedTable(
                    change.table(), change.scratchName(), change.watermark(), change.watermarkDelay(), change.removedOption(),
                    inner);
        }
        Decision decision = decide.get();
        return new Judged(decision.verdict(), decision.plan(), decision.unanalysedReason(), decision.restore());
    }

    @Override
    public List<WrittenView> writtenViews() {
        return writtenViews;
    }

    @Override
    public Optional<String> budgetSpent() {
        if (spentNanos < explainTimeout.toNanos()) {
            return Optional.empty();
        }
        return Optional.of("the proofs have planned (and waited for a planner) " + spentNanos / 1_000_000 + " ms, one "
                + "sql-guard.explain-timeout (" + explainTimeout.toMillis() + " ms)");
    }

    @Override
    public Set<String> callKeys() {
        return executionConfig.keySet();
    }

    @Override
    public Optional<List<Column>> columns(String query) {
        return catalog.columns(query);
    }

    @Override
    public Optional<String> createdWatermark(String ddl) {
        return catalog.createdWatermark(ddl);
    }

    @Override
    public Optional<CatalogObject> lookUp(List<String> names) {
        return catalog.lookUp(names);
    }

    @Override
    public boolean mayUseScratchTables() {
        return ordered;
    }
}
