package io.github.sqlguard.service;

import io.github.sqlguard.flink.GatewaySessions;
import io.github.sqlguard.flink.OperationTables;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.StatementParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.operations.Operation;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The classification stage: a statement as Flink's parsers read it ({@link StatementParser#parse})
 * or, where both refuse it, as the session's whole parser chain does, which is what the gateway
 * really runs. Thread-safe.
 */
final class Classifier {

    private static final Logger LOG = LoggerFactory.getLogger(Classifier.class);

    private final StatementParser parser = new StatementParser();
    private final Optional<GatewaySessions> gatewaySessions;

    Classifier(Optional<GatewaySessions> gatewaySessions) {
        this.gatewaySessions = gatewaySessions;
    }

    /**
     * Flink's parse of {@code statement}, timed; a statement larger than {@code maxBytes} (UTF-8) is
     * not parsed at all ({@code sql-guard.max-statement-bytes}).
     */
    KeptParse parse(String statement, long maxBytes) {
        long start = System.nanoTime();
        long bytes = statement == null ? 0 : utf8Length(statement);
        if (bytes > maxBytes) {
            return new KeptParse(
                    new ParsedStatement.Unread(statement, "the statement is " + bytes + " bytes, more than "
                            + GuardOptions.MAX_STATEMENT_BYTES.key() + " (" + maxBytes + " bytes)", true),
                    System.nanoTime() - start);
        }
        return KeptParse.of(parser, statement);
    }

    /**
     * The table or view a DDL statement (the guard does not plan it: {@code CREATE/ALTER/DROP
     * TABLE}, views) or a materialized table statement (whose plan, of its defining query, does not
     * name it) names, as the session's parser chain resolves it into Flink's operation ({@link
     * OperationTables}); empty for any other statement, and when the session's parser rejects it
     * (Flink then fails the statement itself). Parsing converts the statement; it runs nothing.
     */
    List<ObjectIdentifier> namedTables(CallContext call, ParsedStatement statement, Configuration config) {
        boolean ddl = statement instanceof ParsedStatement.Other && statement.kind() == StatementKind.DDL;
        if ((!ddl && statement.kind() != StatementKind.MATERIALIZED_TABLE) || gatewaySessions.isEmpty()) {
            return List.of();
        }
        try {
            List<Operation> operations = gatewaySessions.get().parser(call.sessionHandle(), config).apply(statement.text());
            return operations.size() == 1 ? OperationTables.of(operations.get(0)) : List.of();
        } catch (RuntimeException | LinkageError | StackOverflowError e) {
            LOG.debug("The session's parser rejected a statement of session {}; it is scoped by its current catalog.",
                    call.session(), e);
            return List.of();
        }
    }

    /** The length of {@code text} in UTF-8, without encoding it. */
    static long utf8Length(String text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }

    /** {@code parsed} as the session's parser chain reads it, when Flink's parsers refused it. */
    ParsedStatement classify(CallContext call, ParsedStatement parsed, Configuration config) {
        if (!(parsed instanceof ParsedStatement.Unparsable) || parsed.text().isBlank() || gatewaySessions.isEmpty()) {
            return parsed;
        }
        Function<String, List<Operation>> sessionParser;
        try {
            sessionParser = gatewaySessions.get().parser(call.sessionHandle(), config);
        } catch (RuntimeException e) {
            LOG.debug("Could not ask the session's parser about a statement of session {}.", call.session(), e);
            return parsed;
        }
        return call.timing().time(StatementTiming.Part.PARSE, () -> parser.reparse(parsed, sessionParser::apply));
    }
}
