package io.github.sqlguard.statement;

import io.github.sqlguard.flink.FlinkExtendedParser;
import io.github.sqlguard.flink.FlinkLine;

import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.flink.sql.parser.ddl.SqlReset;
import org.apache.flink.sql.parser.ddl.SqlSet;
import org.apache.flink.sql.parser.ddl.SqlCompilePlan;
import org.apache.flink.sql.parser.ddl.SqlStopJob;
import org.apache.flink.sql.parser.dml.SqlBeginStatementSet;
import org.apache.flink.sql.parser.dml.SqlCompileAndExecutePlan;
import org.apache.flink.sql.parser.dml.SqlEndStatementSet;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.sql.parser.dml.SqlExecutePlan;
import org.apache.flink.sql.parser.dml.SqlStatementSet;
import org.apache.flink.sql.parser.dql.SqlRichExplain;
import org.apache.flink.table.operations.BeginStatementSetOperation;
import org.apache.flink.table.operations.EndStatementSetOperation;
import org.apache.flink.table.operations.ExplainOperation;
import org.apache.flink.table.operations.ModifyOperation;
import org.apache.flink.table.operations.Operation;
import org.apache.flink.table.operations.QueryOperation;
import org.apache.flink.table.operations.StatementSetOperation;
import org.apache.flink.table.operations.command.AddJarOperation;
import org.apache.flink.table.operations.command.RemoveJarOperation;
import org.apache.flink.table.operations.command.ResetOperation;
import org.apache.flink.table.operations.command.SetOperation;
import org.apache.flink.table.operations.command.ShowJarsOperation;

import java.util.List;
import java.util.Optional;

/**
 * Classifies one statement as Flink's default-dialect parser chain ({@code ParserImpl}) reads it,
 * and collects what the configuration rules need: SET key and value, {@code STATE_TTL} hint
 * options, {@code WITH} and {@code OPTIONS} hint options. Flink's extended parser is asked first
 * ({@link FlinkExtendedParser}): what it matches ({@code SET}/{@code RESET} with an unquoted key,
 * ...) is read as Flink runs it. Everything else is read by Flink's SQL parser ({@code
 * FlinkSqlParserImpl}, configured as Flink's planner configures it in {@code PlannerContext}: Java
 * lexical rules, identifier length 256), but a plain {@code SET 'key' = 'value'}, {@code RESET 'key'}
 * or {@code SHOW TABLES}, whose reading by that parser is known without running it ({@link FixedForms}).
 *
 * <p>Never throws on bad input: a statement the parsers reject comes back as {@link
 * ParsedStatement.Unparsable} with the parser's message. Thread-safe: each thread reads with a
 * parser of its own ({@link FlinkSqlParser}).
 */
public final class StatementParser {

    /**
     * Parses and classifies {@code statement} as Flink's default-dialect parser chain ({@code
     * ParserImpl}) reads it: Flink's extended parser first ({@link FlinkExtendedParser}: {@code
     * SET}/{@code RESET} with an unquoted key, {@code HELP}, ...), then Flink's SQL parser.
     */
    public ParsedStatement parse(String statement) {
        String text = statement == null ? "" : statement;
        if (text.isBlank()) {
            return unparsable(text, "The statement is empty.");
        }
        Optional<Operation> extended;
        try {
            extended = FlinkExtendedParser.parse(text);
        } catch (StackOverflowError e) {
            return tooDeep(text);
        } catch (RuntimeException e) {
            // Flink's strategy matched and could not convert: Flink's own parse of the statement fails
            // the same way.
            return new ParsedStatement.Unparsable(text, "SQL parse failed. " + firstLines(e.getMessage()), Optional.of(e));
        }
        if (extended.isPresent()) {
            return ofOperation(text, extended.get());
        }
        Optional<ParsedStatement> fixed = FixedForms.read(text);
        if (fixed.isPresent()) {
            return fixed.get();
        }
        SqlNodeList nodes;
        try {
            nodes = FlinkSqlParser.parseStmtList(text);
        } catch (StackOverflowError e) {
            return tooDeep(text);
        } catch (SqlParseException | RuntimeException e) {
            // JavaCC token errors (TokenMgrError) end up here too. Calcite wraps a StackOverflowError of
            // its parser in a SqlParseException without a message (SqlAbstractParserImpl#normalizeException).
            return overflowed(e) ? tooDeep(text) : unparsable(text, "SQL parse failed. " + firstLines(e.getMessage()));
        }
        if (nodes.isEmpty()) {
            return unparsable(text, "The statement is empty.");
        }
        if (nodes.size() > 1) {
            return unparsable(
                    text,
                    "The SQL Gateway runs one statement per request, but "
                            + nodes.size()
                            + " statements were found. Send them one by one.");
        }
        try {
            return ofNode(text, nodes.get(0));
        } catch (StackOverflowError e) {
            // Walking a very deep tree the parser did build (the facts, the planned text).
            return tooDeep(text);
        }
    }

    /** {@code text} as the one node Flink's SQL parser read from it. */
    static ParsedStatement ofNode(String text, SqlNode node) {
        SqlFactsCollector collector = new SqlFactsCollector();
        collector.visit(node);
        ParsedStatement.SqlFacts facts = collector.facts();
        StatementKind kind = classify(node);
        if (node instanceof SqlRichExplain explain) {
            return new ParsedStatement.Explain(
                    text,
                    Optional.ofNullable(PlannedText.explainedStatement(text, explain))
                            .map(body -> new ParsedStatement.Planned(body, classify(explain.getStatement()), body, facts)),
                    facts, Optional.of(new ParsedTree(node)));
        }
        if (node instanceof SqlSet set) {
            return new ParsedStatement.Configure(
                    text, StatementKind.SET, Optional.ofNullable(set.getKeyString()),
                    Optional.ofNullable(set.getValueString()), facts);
        }
        if (node instanceof SqlReset reset) {
            return new ParsedStatement.Configure(
                    text, StatementKind.RESET, Optional.ofNullable(reset.getKeyString()), Optional.empty(), facts);
        }
        if (node instanceof SqlStopJob stop) {
            return new ParsedStatement.StopJob(text, stop.getId(), stop.isWithSavepoint(), facts);
        }
        if (kind == StatementKind.BEGIN_STATEMENT_SET || kind == StatementKind.END_STATEMENT_SET) {
            return new ParsedStatement.StatementSetControl(text, kind == StatementKind.BEGIN_STATEMENT_SET);
        }
        String body = null;
        if (kind == StatementKind.PLAN && !(node instanceof SqlExecutePlan)) {
            body = PlannedText.afterKeyword(text, "FOR");
        } else if (kind == StatementKind.MATERIALIZED_TABLE) {
            body = PlannedText.materializedTableQuery(text, node);
        } else if (kind.isPlanned()) {
            // The session's parser reads EXECUTE INSERT / EXECUTE STATEMENT SET as they are.
            body = withoutSemicolon(text);
        }
        return body == null
                ? new ParsedStatement.Other(text, kind, facts)
                : new ParsedStatement.Planned(text, kind, body, facts, Optional.of(new ParsedTree(node)));
    }

    /** Flink's parser chain of one session ({@code TableEnvironmentInternal#getParser()}). */
    @FunctionalInterface
    public interface SessionParser {
        /** The operations Flink reads from {@code statement}; throws Flink's own exception when it cannot. */
        List<Operation> parse(String statement);
    }

    /**
     * Classifies a statement that {@link #parse} rejected with the session's own parser chain,
     * which is what the gateway really runs: the session's dialect may not be the default one, and
     * where Flink's extended parser could not be loaded ({@link FlinkExtendedParser#available()}),
     * this is where a {@code SET} with an unquoted key is read. A statement that chain accepts is
     * classified by the {@link Operation} it gives, so the guard never refuses as unparsable what
     * Flink runs; one it rejects stays {@link ParsedStatement.Unparsable}, carrying Flink's exception.
     */
    public ParsedStatement reparse(ParsedStatement statement, SessionParser sessionParser) {
        if (!(statement instanceof ParsedStatement.Unparsable unparsable) || unparsable.text().isBlank()) {
            return statement;
        }
        String text = unparsable.text();
        List<Operation> operations;
        try {
            operations = sessionParser.parse(text);
        } catch (StackOverflowError e) {
            return tooDeep(text);
        } catch (RuntimeException | LinkageError | AssertionError e) {
            // AssertionError: Calcite's Litmus.THROW, as Flink's hint checkers refuse a hint (STATE_TTL()).
            return overflowed(e) ? tooDeep(text) : new ParsedStatement.Unparsable(text, unparsable.message(), Optional.of(e));
        }
        if (operations.size() != 1) {
            return unparsable;
        }
        return ofOperation(text, operations.get(0));
    }

    /** {@code text} classified by the {@link Operation} Flink's parser chain read from it. */
    private static ParsedStatement ofOperation(String text, Operation operation) {
        ParsedStatement.SqlFacts none = ParsedStatement.SqlFacts.NONE;
        if (operation instanceof SetOperation set) {
            return new ParsedStatement.Configure(text, StatementKind.SET, set.getKey(), set.getValue(), none);
        }
        if (operation instanceof ResetOperation reset) {
            return new ParsedStatement.Configure(text, StatementKind.RESET, reset.getKey(), Optional.empty(), none);
        }
        if (operation instanceof BeginStatementSetOperation || operation instanceof EndStatementSetOperation) {
            return new ParsedStatement.StatementSetControl(text, operation instanceof BeginStatementSetOperation);
        }
        if (operation instanceof StatementSetOperation) {
            return new ParsedStatement.Planned(text, StatementKind.STATEMENT_SET, withoutSemicolon(text), none);
        }
        if (operation instanceof QueryOperation) {
            return new ParsedStatement.Planned(text, StatementKind.QUERY, withoutSemicolon(text), none);
        }
        if (operation instanceof ModifyOperation) {
            return new ParsedStatement.Planned(text, StatementKind.INSERT, withoutSemicolon(text), none);
        }
        if (operation instanceof ExplainOperation) {
            return new ParsedStatement.Explain(text, Optional.empty(), none);
        }
        boolean jars = operation instanceof AddJarOperation
                || operation instanceof RemoveJarOperation
                || operation instanceof ShowJarsOperation;
        return new ParsedStatement.Other(text, jars ? StatementKind.METADATA : StatementKind.OTHER, none);
    }

    private static String withoutSemicolon(String text) {
        String body = text.strip();
        return body.endsWith(";") ? body.substring(0, body.length() - 1) : body;
    }

    private static ParsedStatement unparsable(String text, String message) {
        return new ParsedStatement.Unparsable(text, message, Optional.empty());
    }

    /**
     * A statement nested deeper than the parser's stack allows (a thousand parentheses, a long
     * chain of {@code CASE} or of {@code +}): the guard could not read it, which says nothing of
     * whether Flink, on a thread with a larger stack, could.
     */
    private static ParsedStatement tooDeep(String text) {
        return new ParsedStatement.Unread(
                text, "the statement is nested too deeply for the guard to read it (Flink's SQL parser ran out of stack)",
                false);
    }

    /** True when {@code e} or one of its causes is a {@link StackOverflowError}. */
    private static boolean overflowed(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof StackOverflowError) {
                return true;
            }
        }
        return false;
    }

    static StatementKind classify(SqlNode node) {
        if (node instanceof SqlRichExplain) {
            return StatementKind.EXPLAIN;
        }
        if (node instanceof SqlExecute execute) {
            return classify(execute.getStatement());
        }
        if (node instanceof SqlStatementSet) {
            return StatementKind.STATEMENT_SET;
        }
        if (node instanceof SqlInsert) {
            return StatementKind.INSERT;
        }
        if (node instanceof SqlBeginStatementSet) {
            return StatementKind.BEGIN_STATEMENT_SET;
        }
        if (node instanceof SqlEndStatementSet) {
            return StatementKind.END_STATEMENT_SET;
        }
        if (FlinkLine.current().isCreateOrReplaceTableAs(node)) {
            return StatementKind.CREATE_TABLE_AS;
        }
        if (FlinkLine.current().isMaterializedTableQuery(node)) {
            return StatementKind.MATERIALIZED_TABLE;
        }
        if (node instanceof SqlSet) {
            return StatementKind.SET;
        }
        if (node instanceof SqlReset) {
            return StatementKind.RESET;
        }
        if (node instanceof SqlCompilePlan
                || node instanceof SqlCompileAndExecutePlan
                || node instanceof SqlExecutePlan) {
            return StatementKind.PLAN;
        }
        if (node.getKind().belongsTo(SqlKind.QUERY)) {
            return StatementKind.QUERY;
        }
        if (node instanceof SqlStopJob) {
            return StatementKind.STOP_JOB;
        }
        String name = node.getClass().getSimpleName();
        if (name.startsWith("SqlShow")
                || name.startsWith("SqlDescribe")
                || name.startsWith("SqlRichDescribe")
                || name.startsWith("SqlUse")
                || name.equals("SqlAddJar")
                || name.equals("SqlRemoveJar")
                || name.startsWith("SqlLoadModule")
                || name.startsWith("SqlUnloadModule")) {
            return StatementKind.METADATA;
        }
        if (node.getKind().belongsTo(SqlKind.DDL)
                || name.startsWith("SqlCreate")
                || name.startsWith("SqlAlter")
                || name.startsWith("SqlDrop")
                || name.startsWith("SqlAnalyze")
                || name.startsWith("SqlTruncate")) {
            return StatementKind.DDL;
        }
        return StatementKind.OTHER;
    }

    /** The parser message up to its list of expected tokens; a message-less error says so. */
    static String firstLines(String message) {
        if (message == null || message.isBlank()) {
            return "(Flink's parser gave no message)";
        }
        int cut = message.indexOf("Was expecting");
        String head = cut > 0 ? message.substring(0, cut) : message;
        return head.strip();
    }
}
