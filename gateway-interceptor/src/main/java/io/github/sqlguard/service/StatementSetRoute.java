package io.github.sqlguard.service;

import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.service.AuditedCall.Ending;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;

import java.util.Optional;

/**
 * {@code BEGIN STATEMENT SET;}, the statements that follow it, and {@code END;}. The guard keeps
 * the set instead of Flink's session ({@link StatementSetBuffer}): each INSERT is decided when it
 * arrives and, if allowed, kept; {@code END} decides on the whole {@code EXECUTE STATEMENT SET BEGIN
 * ... END} and hands that single statement on. Other statements inside a set are refused with
 * Flink's own message. Thread-safe.
 */
final class StatementSetRoute {

    /** Flink's own message for a statement other than INSERT inside a statement set. */
    static final String ONLY_INSERTS =
            "Only 'INSERT/CREATE TABLE AS' statement is allowed in Statement Set or use 'END' statement to submit"
                    + " Statement Set.";

    private final Decider decider;
    private final StatementCalls calls;
    private final StatementParser parser;

    StatementSetRoute(Decider decider, StatementCalls calls, StatementParser parser) {
        this.decider = decider;
        this.calls = calls;
        this.parser = parser;
    }

    /** True when {@code statement} of a session whose set is open or not ({@code inSet}) takes this route. */
    static boolean takes(ParsedStatement statement, boolean inSet) {
        return statement.kind() == StatementKind.BEGIN_STATEMENT_SET
                || (inSet && !(statement instanceof ParsedStatement.Unparsable)
                        && !(statement instanceof ParsedStatement.Unread));
    }

    Submission submit(
            CallContext call, StatementSetBuffer set, ParsedStatement statement, long timeoutMs, Configuration config,
            HandOff handOff) {
        if (statement.kind() == StatementKind.BEGIN_STATEMENT_SET) {
            ScopedDecision decided = decider.statement(call, statement, config);
            return calls.submit(decided.call(), statement, decided.decision(), d -> set.begin()
                    ? Ending.operation(Outcome.STATEMENT_SET_OPENED, calls.ok(call))
                    : calls.refusedInSession(call, "A statement set is already open in this session; send 'END;' to submit"
                            + " it first."));
        }
        if (statement.kind() == StatementKind.INSERT) {
            long whole = set.bytesWith(statement.plannedBody().orElseThrow());
            long max = call.policy().maxStatementBytes();
            if (whole > max) {
                // The set is handed on as one statement at END: held to the size one statement may have,
                // before this INSERT is planned, as a statement over the limit is refused before it is parsed.
                ParsedStatement.Unread over = new ParsedStatement.Unread(statement.text(), "the statement set would be "
                        + whole + " bytes with this INSERT, more than " + GuardOptions.MAX_STATEMENT_BYTES.key() + " ("
                        + max + " bytes); the set stays open without it", true);
                ScopedDecision decided = decider.statement(call, over, config);
                return calls.refuse(decided.call(), over, decided.decision(), StatementPipeline.overLimit(over));
            }
            ScopedDecision decided = decider.statement(call, statement, config);
            return calls.submit(decided.call(), statement, decided.decision(), d -> {
                set.add(statement.plannedBody().orElseThrow());
                return Ending.operation(
                        d.refuse() ? Outcome.WOULD_BLOCK : Outcome.ADDED_TO_STATEMENT_SET, calls.ok(call));
            });
        }
        if (statement.kind() == StatementKind.END_STATEMENT_SET) {
            Optional<String> whole = set.end();
            if (whole.isEmpty()) {
                ScopedDecision decided = decider.statement(call, statement, config);
                return calls.acknowledge(decided.call(), statement, decided.decision(), Outcome.EMPTY_STATEMENT_SET);
            }
            // The whole set is decided under the strictest scope of every table its INSERTs read and write.
            ParsedStatement executed = parser.parse(whole.get());
            ScopedDecision decided = decider.statement(call, executed, config);
            return calls.submit(decided.call(), executed, decided.decision(),
                    d -> calls.handOn(decided.call(), executed, timeoutMs, config, d, handOff));
        }
        ScopedDecision decided = decider.statement(call, statement, config);
        return calls.refuse(decided.call(), statement, decided.decision(), ONLY_INSERTS);
    }
}
