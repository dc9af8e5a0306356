package io.github.sqlguard.flink;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.rules.TableRead;

import java.util.List;
import java.util.Optional;

/**
 * What planning a statement in the user's session gave: a plan, a planner rejection, a guard
 * failure (the guard could not find out), or no planning at all (the planners are all held).
 */
public sealed interface ExplainOutcome {

    /** How long planning took (or was waited for), in milliseconds. */
    long explainMs();

    /**
     * The planner accepted the statement.
     *
     * @param judged the statement as planned, to run as it was judged (a query, a {@code
     *     CREATE/REPLACE TABLE AS}); empty for anything else
     * @param job the job of the plan's {@link ExplainedPlan#executablePlan()}, translated by the
     *     planning in place of {@code CompiledPlan#explain} ({@link StatementJobs#judgedJob}), when
     *     the statement restores a savepoint and so needs it judged; empty otherwise
     * @param tablesRead the tables and views the statement reads, with their columns and declared PRIMARY KEY as the
     *     session's catalog has them ({@link TablesRead}), where its plan has a join (whose fix may name a dimension's
     *     or a versioned table's key); empty otherwise
     */
    record Planned(
            ExplainedPlan plan, Optional<JudgedOperation> judged, Optional<StatementJobs.JudgedJob> job, long explainMs,
            List<TableRead> tablesRead)
            implements ExplainOutcome {

        public Planned {
            tablesRead = List.copyOf(tablesRead);
        }

        /** Planned, with no tables read from the catalog. */
        public Planned(
                ExplainedPlan plan, Optional<JudgedOperation> judged, Optional<StatementJobs.JudgedJob> job, long explainMs) {
            this(plan, judged, job, explainMs, List.of());
        }

        /** Planned, without a translated job. */
        public Planned(ExplainedPlan plan, Optional<JudgedOperation> judged, long explainMs) {
            this(plan, judged, Optional.empty(), explainMs);
        }

        /** Planned, with nothing to run as judged (a plan read without a session). */
        public Planned(ExplainedPlan plan, long explainMs) {
            this(plan, Optional.empty(), explainMs);
        }
    }

    /**
     * Flink's parser or planner rejected the statement.
     *
     * @param error Flink's own exception, with its whole cause chain
     * @param tablesRead the tables and views the statement reads, with their columns as the session's catalog has
     *     them ({@link TablesRead}), where the planner (not the parser) refused it; empty otherwise
     */
    record Rejected(Throwable error, long explainMs, List<TableRead> tablesRead) implements ExplainOutcome {

        public Rejected {
            tablesRead = List.copyOf(tablesRead);
        }

        /** Rejected, with no tables read (the parser refused the statement, or it was planned without a session). */
        public Rejected(Throwable error, long explainMs) {
            this(error, explainMs, List.of());
        }
    }

    /** The guard could not get an answer; {@code reason} says why. */
    record Failed(String reason, long explainMs) implements ExplainOutcome {}

    /**
     * Not planned: every planner thread is held by a planning the guard gave up on ({@code
     * sql-guard.planner.threads}); {@code reason} says so. Refused, whatever {@code
     * sql-guard.fail-mode} says: a capacity limit of the gateway, not a statement the guard failed
     * on.
     */
    record Busy(String reason, long explainMs) implements ExplainOutcome {}
}
