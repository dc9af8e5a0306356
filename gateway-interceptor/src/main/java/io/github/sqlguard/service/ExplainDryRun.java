package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.service.AuditedCall.Ending;
import io.github.sqlguard.service.StatementTiming.Part;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.ResultKind;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.operation.OperationStatus;
import org.apache.flink.table.gateway.api.results.FetchOrientation;
import org.apache.flink.table.gateway.api.results.OperationInfo;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.results.ResultSetImpl;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Optional;

/**
 * {@code EXPLAIN <statement>}, any of Flink's forms: a dry run of the explained statement.
 *
 * <p>The guard decides on the explained statement as it would if the statement itself were sent;
 * the EXPLAIN's records carry that verdict and its findings (outcome {@code explained}). No finding
 * refuses an EXPLAIN, as nothing runs; only an audit record that cannot be written does ({@code
 * sql-guard.audit.fail-mode: closed}). Flink runs the EXPLAIN itself (the call's {@link HandOff}),
 * and the client gets an operation whose result is Flink's EXPLAIN output followed by the guard's
 * {@link ExplainSection}, in the single-column schema of Flink's result. When Flink's EXPLAIN fails
 * (a planner rejection of the explained statement), that operation fails with Flink's own
 * exception, headed by the guard's diagnosis when a diagnosis rule explains it. Thread-safe.
 */
final class ExplainDryRun {

    private static final Logger LOG = LoggerFactory.getLogger(ExplainDryRun.class);

    /** The schema of Flink's EXPLAIN result: one {@code result} column of text ({@code TableResultImpl}). */
    private static final ResolvedSchema EXPLAIN_SCHEMA = ResolvedSchema.of(Column.physical("result", DataTypes.STRING()));

    private final SqlGatewayService delegate;
    private final Optional<GatewaySessions> gatewaySessions;
    private final Decider decider;
    private final StatementCalls calls;
    private final GuardOperations operations;

    ExplainDryRun(
            SqlGatewayService delegate, Optional<GatewaySessions> gatewaySessions, Decider decider,
            StatementCalls calls, GuardOperations operations) {
        this.delegate = delegate;
        this.gatewaySessions = gatewaySessions;
        this.decider = decider;
        this.calls = calls;
        this.operations = operations;
    }

    Submission submit(
            CallContext call, ParsedStatement explain, long timeoutMs, Configuration config, HandOff handOff) {
        // Decided, and audited, under the scopes of the tables the explained statement would touch.
        ScopedDecision decided = decider.analysed(call, explain, config);
        Decision asRun = decided.decision();
        CallContext scoped = decided.call();
        Decision decision = decider.observed(asRun.withRefuse(false), explain.kind().name(), scoped.policy());
        SessionHandle session = call.sessionHandle();
        if (decided.notPlanned()) {
            // The platform limits refused the explained statement before anything planned it (planning runs
            // user code): Flink's EXPLAIN would plan it, so the answer is the guard's section alone.
            String answer = "[sql-guard] The explained statement was not planned: the platform limits refuse it"
                    + " before Flink's planner runs, and EXPLAIN would plan it.\n\n" + ExplainSection.of(asRun, scoped.policy());
            return calls.submit(scoped, explain, decision, d -> Ending.operation(
                    Outcome.EXPLAINED, operations.submit(session, () -> single(EXPLAIN_SCHEMA, answer))));
        }
        return calls.submit(scoped, explain, decision, d -> {
            OperationHandle flinkExplain =
                    call.timing().time(Part.HAND_OFF,
                            () -> handOff.execute(session, explain, explain.text(), timeoutMs, config));
            if (gatewaySessions.isEmpty()) {
                // Not Flink's own service: its operation cannot be awaited, so it goes back as it is.
                return Ending.operation(Outcome.SUBMITTED, flinkExplain);
            }
            String section = ExplainSection.of(asRun, scoped.policy());
            Optional<String> diagnosis =
                    asRun.flinkError().isPresent() && !asRun.rejectedByFlink() ? Optional.of(diagnosisOf(asRun, scoped.policy().docsBaseUrl()))
                            : Optional.empty();
            return Ending.operation(
                    Outcome.EXPLAINED,
                    operations.submit(session, () -> answer(session, flinkExplain, section, diagnosis)));
        });
    }

    /**
     * Waits for Flink's EXPLAIN operation (as long as Flink runs it: its execution timeout, or until
     * the client closes the guard's operation), then returns its rows' text followed by {@code
     * section}, in Flink's result schema; closes Flink's operation.
     *
     * @param diagnosis the guard's explanation of a planner rejection
     */
    private ResultSet answer(
            SessionHandle session, OperationHandle flinkExplain, String section, Optional<String> diagnosis)
            throws Exception {
        try {
            if (!gatewaySessions.orElseThrow().awaitEnd(session, flinkExplain)) {
                throw new SqlGatewayException("[sql-guard] Stopped waiting for Flink's EXPLAIN: the operation was closed.");
            }
            OperationInfo info = delegate.getOperationInfo(session, flinkExplain);
            if (info.getStatus() == OperationStatus.ERROR) {
                Throwable flinkError =
                        info.getException().orElseGet(() -> new SqlGatewayException("Flink's EXPLAIN failed."));
                if (diagnosis.isPresent()) {
                    throw new StatementBlockedException(diagnosis.get(), flinkError);
                }
                if (flinkError instanceof Exception e) {
                    throw e;
                }
                throw (Error) flinkError;
            }
            if (info.getStatus() != OperationStatus.FINISHED) {
                throw new SqlGatewayException("[sql-guard] Flink's EXPLAIN ended as " + info.getStatus() + ".");
            }
            StringBuilder text = new StringBuilder();
            ResolvedSchema schema = null;
            while (true) {
                ResultSet page = delegate.fetchResults(session, flinkExplain, FetchOrientation.FETCH_NEXT, Integer.MAX_VALUE);
                if (page.getResultType() == ResultSet.ResultType.NOT_READY) {
                    throw new SqlGatewayException("[sql-guard] Flink's EXPLAIN finished without a result.");
                }
                schema = page.getResultSchema();
                for (RowData row : page.getData()) {
                    text.append(row.isNullAt(0) ? "" : row.getString(0).toString());
                }
                if (page.getResultType() == ResultSet.ResultType.EOS) {
                    break;
                }
            }
            return single(schema, text.toString().stripTrailing() + "\n\n" + section);
        } finally {
            try {
                delegate.closeOperation(session, flinkExplain);
            } catch (RuntimeException e) {
                LOG.warn("sql-guard could not close Flink's EXPLAIN operation {} of session {}.", flinkExplain, session, e);
            }
        }
    }

    /** {@code answer} as the one row of an EXPLAIN result in {@code schema}. */
    private static ResultSet single(ResolvedSchema schema, String answer) {
        return new ResultSetImpl(
                ResultSet.ResultType.EOS,
                null,
                schema,
                List.of(GenericRowData.of(StringData.fromString(answer))),
                row -> new String[] {row.getString(0).toString()},
                false,
                null,
                ResultKind.SUCCESS_WITH_CONTENT);
    }

    /** The guard's explanation of a planner rejection that a diagnosis rule explains: its findings, BLOCK first. */
    private static String diagnosisOf(Decision decision, String docsBaseUrl) {
        StringBuilder out = new StringBuilder("[sql-guard] Flink cannot plan the explained statement: ");
        out.append(String.join(", ", decision.verdict().findings(Level.BLOCK).stream().map(Finding::ruleId).toList()));
        out.append('\n');
        out.append(decision.describeFindings(docsBaseUrl));
        return out.toString().stripTrailing();
    }
}
