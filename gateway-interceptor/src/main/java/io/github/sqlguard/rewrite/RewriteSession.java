package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Verdict;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What rewriting may ask of the user's session: read its catalogs, and have the guard judge a
 * candidate in it. Nothing asked here may change the session: nothing is registered under a name
 * anyone uses, nothing runs. Implemented by the service over Flink's session ({@code
 * service.SessionRewrites}) and by tests.
 */
public interface RewriteSession {

    /**
     * The guard's decision on a candidate in this session, as if its statements ran: {@code
     * statement} planned with {@code config} (what the candidate's {@code SET}s set) over the
     * session's configuration and under the original call's execution config, against {@code
     * tables} changed under their scratch names, and judged by the same policy and rules as the
     * original statement.
     */
    Judged judge(String statement, Map<String, String> config, List<TableChange> tables);

    /**
     * Why no further candidate may be planned for this statement, if its proofs have spent the
     * session's own budget for them (the time they may plan); empty while they may plan. Asked
     * before each planning ({@link RewriteContext#budgetSpent}). Never spent by default.
     */
    default Optional<String> budgetSpent() {
        return Optional.empty();
    }

    /**
     * The keys the original call's own execution config sets: {@link #judge} plans under the call's
     * values, so a candidate's {@code SET} of one of these keys changes nothing in what is planned
     * (as in Flink, where a statement's execution config is applied over the session's
     * configuration). Empty by default.
     */
    default Set<String> callKeys() {
        return Set.of();
    }

    /**
     * The columns of {@code query} (a {@code SELECT}) in this session, with their time attributes,
     * as Flink's parser and validator read it; empty when Flink cannot read it.
     */
    Optional<List<Column>> columns(String query);

    /**
     * The watermark of the table the {@code CREATE TABLE} statement {@code ddl} would create, as Flink resolves it: its
     * rowtime column and strategy ({@code ts: `ts` - INTERVAL '5' SECOND}), read through the session's parser and catalog
     * manager, which validate the strategy against the table's columns (a {@code TIMESTAMP(3)} or {@code
     * TIMESTAMP_LTZ(3)} expression); nothing is registered. Empty when Flink refuses the DDL or it declares no
     * watermark; empty by default.
     */
    default Optional<String> createdWatermark(String ddl) {
        return Optional.empty();
    }

    /** The table or view {@code names} name in this session (resolved as Flink resolves them), if any. */
    Optional<CatalogObject> lookUp(List<String> names);

    /**
     * The {@code CREATE VIEW} and {@code ALTER VIEW ... AS} statements of this session, as the user wrote them, newest
     * first: those the guard handed on before the statement (in {@code lint}, the script's), less those of a view a
     * {@code DROP VIEW} dropped since. A rewrite that redefines a view writes the
     * user's definition with its change where one of them {@link WrittenView#defines} the view. Empty by default.
     */
    default List<WrittenView> writtenViews() {
        return List.of();
    }

    /**
     * True when a candidate may plan against a changed table ({@link Candidate#tables()}): the
     * session's order is held, so no other call of the session can see the scratch table.
     */
    boolean mayUseScratchTables();

    /**
     * The guard's decision on a candidate: its verdict, plan, why it was not analysed, if it was not, and what its
     * job would restore where the statement restores state (the savepoint the session names, or in {@code lint} the
     * previous version's), judged by the same check as the statement's ({@code Decider#restoring}), whose findings
     * are among the verdict's.
     */
    record Judged(Verdict verdict, Optional<ExplainedPlan> plan, Optional<String> unanalysed, Optional<Restore> restore) {

        /** A decision on a candidate that restores nothing. */
        public Judged(Verdict verdict, Optional<ExplainedPlan> plan, Optional<String> unanalysed) {
            this(verdict, plan, unanalysed, Optional.empty());
        }
    }
}
