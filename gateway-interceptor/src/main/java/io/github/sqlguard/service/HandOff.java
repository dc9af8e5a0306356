package io.github.sqlguard.service;

import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.JudgedOperation;
import io.github.sqlguard.flink.StatementUids;
import io.github.sqlguard.restore.PlanStore;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import java.util.Optional;

/**
 * How a statement the guard allows reaches Flink: the gateway hands it to Flink's own service
 * ({@link #toFlink}); {@code lint} applies what changes the session and runs no job.
 */
public interface HandOff {

    /**
     * Runs {@code statement} (as {@code parsed} reads it) in the session.
     *
     * @return the operation it became
     */
    OperationHandle execute(
            SessionHandle session, ParsedStatement parsed, String statement, long executionTimeoutMs,
            Configuration executionConfig);

    /**
     * Makes the operation of {@code statement} in the session without running it yet ({@link
     * GatewaySessions#holdStatement}): it runs when released, so its audit record can name the
     * operation before it runs; empty when this hand-off cannot (then {@link #execute} runs it). It
     * reads nothing of the statement but its text: it may be made before the guard parses it ({@link
     * EarlyHold#beforeParse}).
     */
    default Optional<GatewaySessions.Held> hold(
            SessionHandle session, String statement, long executionTimeoutMs, Configuration executionConfig) {
        return Optional.empty();
    }

    /**
     * Runs the compiled plan the guard judged, so the job is exactly that plan; empty when this
     * hand-off runs no jobs.
     *
     * @param inPlaceOfText true for the plan of an INSERT or a statement set, run in place of its text
     *     (its operators get the ids Flink gives the text); false for a stored plan the user runs
     *     ({@code EXECUTE PLAN}), whose operators keep the ids Flink gives that plan
     * @param judgedPlan the statement's judged plan ({@code Decision#planToRun}): where it is the plan
     *     that runs, its renumbering runs, made once for the hand-off and the job's operator ids; with
     *     the job the guard translated from it to judge its restore, if it did, which the plan store
     *     takes in place of a translation of its own
     */
    default Optional<OperationHandle> executeJudgedPlan(
            SessionHandle session, String compiledPlanJson, Configuration executionConfig, boolean inPlaceOfText,
            StatementUids.PlanToRun judgedPlan) {
        return Optional.empty();
    }

    /**
     * Runs {@code COMPILE AND EXECUTE PLAN 'planFile' FOR ...} of a file that did not exist when it
     * was judged as the plan the guard compiled and judged: writes it to the file as Flink would and
     * runs it, or fails without a job when the file exists by then ({@link
     * GatewaySessions#compileAndExecutePlan}); empty when this hand-off runs no jobs.
     */
    default Optional<OperationHandle> compileAndExecuteJudgedPlan(
            SessionHandle session, String planFile, String compiledPlanJson, Configuration executionConfig) {
        return Optional.empty();
    }

    /**
     * Runs the query or {@code CREATE/REPLACE TABLE AS} the guard judged as it was planned ({@link
     * JudgedOperation}: the catalog reads and configuration of its judging), in place of the
     * statement's text; empty when this hand-off runs no statements.
     */
    default Optional<OperationHandle> executeJudgedOperation(SessionHandle session, JudgedOperation judged) {
        return Optional.empty();
    }

    /**
     * The gateway's hand-off: the statement to Flink's own service; the judged plan or operation as
     * the session's next operation through Flink's sessions ({@link GatewaySessions#executePlan},
     * {@link GatewaySessions#compileAndExecutePlan}, {@link GatewaySessions#executeOperation}; not
     * when the service is not Flink's own, which then gets the statement).
     */
    static HandOff toFlink(SqlGatewayService flink, Optional<GatewaySessions> sessions) {
        return toFlink(flink, sessions, Optional.empty());
    }

    /** As {@link #toFlink(SqlGatewayService, Optional)}, storing the plans of the jobs it submits from judged plans in {@code plans}. */
    static HandOff toFlink(SqlGatewayService flink, Optional<GatewaySessions> sessions, Optional<PlanStore> plans) {
        return new HandOff() {
            @Override
            public OperationHandle execute(
                    SessionHandle session, ParsedStatement parsed, String statement, long timeoutMs,
                    Configuration config) {
                return flink.executeStatement(session, statement, timeoutMs, config);
            }

            @Override
            public Optional<GatewaySessions.Held> hold(
                    SessionHandle session, String statement, long timeoutMs, Configuration config) {
                // Flink refuses an execution timeout with its own error: that call is left to Flink's service.
                return timeoutMs > 0 ? Optional.empty() : sessions.map(s -> s.holdStatement(session, statement, config));
            }

            @Override
            public Optional<OperationHandle> executeJudgedPlan(
                    SessionHandle session, String compiledPlanJson, Configuration config, boolean inPlaceOfText,
                    StatementUids.PlanToRun judgedPlan) {
                return sessions.map(s -> s.executePlan(session, compiledPlanJson, config, inPlaceOfText, plans, judgedPlan));
            }

            @Override
            public Optional<OperationHandle> compileAndExecuteJudgedPlan(
                    SessionHandle session, String planFile, String compiledPlanJson, Configuration config) {
                return sessions.map(s -> s.compileAndExecutePlan(session, planFile, compiledPlanJson, config));
            }

            @Override
            public Optional<OperationHandle> executeJudgedOperation(SessionHandle session, JudgedOperation judged) {
                return sessions.map(s -> s.executeOperation(session, judged));
            }
        };
    }
}
