package io.github.sqlguard.statement;

import io.github.sqlguard.flink.FlinkExtendedParser;
import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.SourceStringReader;
import org.apache.flink.sql.parser.ddl.SqlReset;
import org.apache.flink.sql.parser.ddl.SqlSet;
import org.apache.flink.sql.parser.ddl.SqlTableOption;
import org.apache.flink.sql.parser.ddl.SqlCompilePlan;
import org.apache.flink.sql.parser.dml.SqlBeginStatementSet;
import org.apache.flink.sql.parser.dml.SqlCompileAndExecutePlan;
import org.apache.flink.sql.parser.dml.SqlEndStatementSet;
import org.apache.flink.sql.parser.dml.SqlExecute;
import org.apache.flink.sql.parser.dml.SqlExecutePlan;
import org.apache.flink.sql.parser.dml.SqlStatementSet;
import org.apache.flink.sql.parser.dql.SqlRichExplain;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;
import org.apache.flink.sql.parser.validate.FlinkSqlConformance;
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

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Classifies one statement as Flink's default-dialect parser chain ({@code ParserImpl}) reads it,
 * and collects what the configuration rules need: SET key and value, {@code STATE_TTL} hint
 * options, {@code WITH} and {@code OPTIONS} hint options. Flink's extended parser is asked first
 * ({@link FlinkExtendedParser}): what it matches ({@code SET}/{@code RESET} with an unquoted key,
 * ...) is read as Flink runs it. Everything else is read by Flink's SQL parser ({@code
 * FlinkSqlParserImpl}, configured as Flink's planner configures it in {@code PlannerContext}: Java
 * lexical rules, identifier length 256).
 *
 * <p>Never throws on bad input: a statement the parsers reject comes back as {@link
 * StatementKind#UNPARSABLE} with the parser's message. Thread-safe: each thread reads with a
 * parser of its own ({@link #parseStmtList}).
 */
public final class StatementParser {

    static final SqlParser.Config CONFIG =
            SqlParser.config()
                    .withParserFactory(FlinkSqlParserImpl.FACTORY)
                    .withConformance(FlinkSqlConformance.DEFAULT)
                    .withLex(Lex.JAVA)
                    .withUnquotedCasing(Casing.UNCHANGED)
                    .withQuotedCasing(Casing.UNCHANGED)
                    .withIdentifierMaxLength(256);

    /**
     * Statements up to this many characters are read by the thread's own parser; a longer one by a
     * new parser, so a thread never keeps the character buffer of a very long statement. So is any
     * statement with a {@code ?}: the parser numbers dynamic parameters from where its previous
     * statement left off, and re-initialisation does not reset that count.
     */
    private static final int REUSED_PARSER_MAX_CHARS = 64 * 1024;

    /**
     * One Flink SQL parser per thread, re-initialised for each statement. A new {@code
     * FlinkSqlParserImpl} allocates ~53 KB per statement (mostly JavaCC's lookahead bookkeeping), a
     * re-initialised one ~9 KB for a {@code SET} (measured with {@code
     * ThreadMXBean#getThreadAllocatedBytes}); Flink's parse is about a third of the guard's time on a
     * {@code SET} (the benchmark's server-side table).
     */
    private static final ThreadLocal<SqlAbstractParserImpl> PARSERS = new ThreadLocal<>();

    /**
     * What {@code SqlParser.create(text, CONFIG).parseStmtList()} returns, read by the thread's
     * parser configured as Calcite's {@code SqlParser} configures a new one (tab size, casing,
     * identifier length, time units, conformance, lexical state for {@link Lex#JAVA}).
     *
     * @throws SqlParseException as {@code SqlParser#parseStmtList} throws it
     */
    static SqlNodeList parseStmtList(String text) throws SqlParseException {
        if (text.length() > REUSED_PARSER_MAX_CHARS || text.indexOf('?') >= 0) {
            return SqlParser.create(text, CONFIG).parseStmtList();
        }
        SqlAbstractParserImpl parser = PARSERS.get();
        if (parser == null) {
            parser = CONFIG.parserFactory().getParser(new SourceStringReader(text));
            parser.setQuotedCasing(CONFIG.quotedCasing());
            parser.setUnquotedCasing(CONFIG.unquotedCasing());
            parser.setIdentifierMaxLength(CONFIG.identifierMaxLength());
            parser.setTimeUnitCodes(CONFIG.timeUnitCodes());
            parser.setConformance(CONFIG.conformance());
            PARSERS.set(parser);
        } else {
            parser.ReInit(new SourceStringReader(text));
        }
        // Re-initialisation resets the character stream and the lexical state: set both again.
        parser.setTabSize(1);
        parser.switchTo(SqlAbstractParserImpl.LexicalState.forConfig(CONFIG));
        try {
            return parser.parseSqlStmtList();
        } catch (Throwable e) {
            // As SqlParser#handleException; the parser is not reused after a failure.
            PARSERS.remove();
            throw parser.normalizeException(e);
        }
    }

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
        } catch (RuntimeException | StackOverflowError e) {
            // Flink's strategy matched and could not convert (or its regular expression gave up on
            // the text): Flink's own parse of the statement fails the same way.
            return new ParsedStatement.Unparsable(
                    text, "SQL parse failed. " + firstLines(String.valueOf(e.getMessage())), Optional.of(e));
        }
        if (extended.isPresent()) {
            return ofOperation(text, extended.get());
        }
        SqlNodeList nodes;
        try {
            nodes = parseStmtList(text);
        } catch (SqlParseException e) {
            return unparsable(text, "SQL parse failed. " + firstLines(e.getMessage()));
        } catch (RuntimeException | StackOverflowError e) {
            // JavaCC token errors (TokenMgrError) and very deep nesting end up here.
            return unparsable(text, "SQL parse failed. " + firstLines(String.valueOf(e.getMessage())));
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
        return ofNode(text, nodes.get(0));
    }

    /** {@code text} as the one node Flink's SQL parser read from it. */
    private static ParsedStatement ofNode(String text, SqlNode node) {
        Collector collector = new Collector();
        collector.visit(node);
        ParsedStatement.SqlFacts facts = collector.facts();
        StatementKind kind = classify(node);
        if (node instanceof SqlRichExplain explain) {
            return new ParsedStatement.Explain(
                    text,
                    Optional.ofNullable(explainedStatement(text, explain))
                            .map(body -> new ParsedStatement.Planned(body, classify(explain.getStatement()), body, facts)),
                    facts);
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
        if (kind == StatementKind.BEGIN_STATEMENT_SET || kind == StatementKind.END_STATEMENT_SET) {
            return new ParsedStatement.StatementSetControl(text, kind == StatementKind.BEGIN_STATEMENT_SET);
        }
        String body = null;
        if (kind == StatementKind.PLAN && !(node instanceof SqlExecutePlan)) {
            body = afterKeyword(text, "FOR");
        } else if (kind == StatementKind.MATERIALIZED_TABLE) {
            body = materializedTableQuery(text, node);
        } else if (kind.isPlanned()) {
            // The session's parser reads EXECUTE INSERT / EXECUTE STATEMENT SET as they are.
            body = withoutSemicolon(text);
        }
        return body == null
                ? new ParsedStatement.Other(text, kind, facts)
                : new ParsedStatement.Planned(text, kind, body, facts);
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
        } catch (RuntimeException | LinkageError e) {
            return new ParsedStatement.Unparsable(text, unparsable.message(), Optional.of(e));
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

    /**
     * The text of a materialized table's defining query, from the parser position of the query node
     * to the end; {@code null} (the guard then cannot analyse it) when that text does not start like
     * a query.
     */
    static String materializedTableQuery(String text, SqlNode node) {
        SqlNode query = FlinkLine.current().materializedTableQuery(node);
        if (query == null) {
            return null;
        }
        SqlParserPos pos = query.getParserPosition();
        int offset = 0;
        for (int line = 1; line < pos.getLineNum(); line++) {
            int nl = text.indexOf('\n', offset);
            if (nl < 0) {
                return null;
            }
            offset = nl + 1;
        }
        offset += Math.max(0, pos.getColumnNum() - 1);
        if (offset >= text.length()) {
            return null;
        }
        String body = text.substring(offset).strip();
        String head = body.toUpperCase(Locale.ROOT);
        return head.startsWith("SELECT") || head.startsWith("WITH") || head.startsWith("VALUES") || head.startsWith("(")
                ? body
                : null;
    }

    /**
     * The text of the statement an {@code EXPLAIN} explains ({@link SqlRichExplain#getStatement()}),
     * as written, or {@code null} when it cannot be found.
     *
     * <p>The explained node's parser position is not where its text starts (an {@code ORDER BY}
     * query is placed at its {@code ORDER BY}, an {@code INSERT} at {@code INTO}, a parenthesized
     * query inside its parentheses), so the text is read after the {@code EXPLAIN} prefix the parser
     * accepted ({@code EXPLAIN}, then {@code PLAN FOR} or the node's explain details, separated by
     * commas, comments anywhere) and kept only when Flink's parser reads it back as one statement of
     * the explained node's class. A statement set comes back as {@code EXECUTE STATEMENT SET ...},
     * the form Flink plans on its own.
     */
    static String explainedStatement(String text, SqlRichExplain explain) {
        int i = nextToken(text, 0);
        i = afterWord(text, i, "EXPLAIN");
        if (i < 0) {
            return null;
        }
        int plan = afterWord(text, nextToken(text, i), "PLAN");
        int planFor = plan < 0 ? -1 : afterWord(text, nextToken(text, plan), "FOR");
        if (planFor >= 0) {
            i = planFor;
        } else {
            Set<String> details = explain.getExplainDetails();
            int start = nextToken(text, i);
            int end = wordEnd(text, start);
            while (end >= 0 && details.contains(text.substring(start, end).toUpperCase(Locale.ROOT))) {
                i = end;
                int comma = nextToken(text, i);
                if (comma < text.length() && text.charAt(comma) == ',') {
                    i = comma + 1;
                }
                start = nextToken(text, i);
                end = wordEnd(text, start);
            }
        }
        String body = text.substring(nextToken(text, i)).strip();
        if (body.endsWith(";")) {
            body = body.substring(0, body.length() - 1).strip();
        }
        // A statement set is a statement of its own only after EXECUTE (or EXPLAIN).
        String statement = explain.getStatement() instanceof SqlStatementSet ? "EXECUTE " + body : body;
        try {
            SqlNodeList nodes = parseStmtList(statement);
            if (nodes.size() != 1) {
                return null;
            }
            SqlNode read = nodes.get(0);
            // EXECUTE around the explained statement: Flink 2.x keeps it in the EXPLAIN's node for a
            // statement set, 1.20 unwraps it for an INSERT too; compare the statements inside.
            if (read instanceof SqlExecute execute && !(explain.getStatement() instanceof SqlExecute)) {
                read = execute.getStatement();
            }
            return read.getClass() == explain.getStatement().getClass() ? statement : null;
        } catch (SqlParseException | RuntimeException | StackOverflowError e) {
            return null;
        }
    }

    /** The index of the next character at or after {@code i} that is neither white space nor in a comment. */
    private static int nextToken(String text, int i) {
        while (i < text.length()) {
            int next = SqlText.skipComment(text, i);
            if (next != i) {
                i = next;
            } else if (Character.isWhitespace(text.charAt(i))) {
                i++;
            } else {
                return i;
            }
        }
        return i;
    }

    /** The end of the word starting at {@code i}, or -1 when no word starts there. */
    private static int wordEnd(String text, int i) {
        if (i >= text.length() || !Character.isLetter(text.charAt(i))) {
            return -1;
        }
        int end = i;
        while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
            end++;
        }
        return end;
    }

    /** The index after {@code word} when that word (any case) starts at {@code i}; otherwise -1. */
    private static int afterWord(String text, int i, String word) {
        int end = wordEnd(text, i);
        return end >= 0 && text.substring(i, end).equalsIgnoreCase(word) ? end : -1;
    }

    /**
     * The text after the first {@code keyword} token outside string literals, quoted identifiers
     * and comments ({@code FOR} of {@code COMPILE PLAN 'f' FOR INSERT ...}), or {@code null}.
     */
    static String afterKeyword(String text, String keyword) {
        int i = 0;
        int n = text.length();
        while (i < n) {
            int next = SqlText.skipQuotedOrComment(text, i);
            if (next != i) {
                i = next;
            } else if (Character.isLetter(text.charAt(i))) {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                    i++;
                }
                if (text.substring(start, i).equalsIgnoreCase(keyword)) {
                    return text.substring(i).strip();
                }
            } else {
                i++;
            }
        }
        return null;
    }

    /** The parser message up to its list of expected tokens. */
    static String firstLines(String message) {
        int cut = message.indexOf("Was expecting");
        String head = cut > 0 ? message.substring(0, cut) : message;
        return head.strip();
    }

    /** Walks the parse tree collecting hint and table options. */
    private static final class Collector {
        final List<SqlOption> stateTtlHints = new ArrayList<>();
        final List<SqlOption> tableOptions = new ArrayList<>();
        final List<String> rankFunctionAliases = new ArrayList<>();

        ParsedStatement.SqlFacts facts() {
            return new ParsedStatement.SqlFacts(stateTtlHints, tableOptions, rankFunctionAliases);
        }

        void visit(SqlNode node) {
            if (node == null) {
                return;
            }
            if (node instanceof SqlNodeList list) {
                for (SqlNode child : list) {
                    visit(child);
                }
                return;
            }
            if (node instanceof SqlTableOption option) {
                SqlParserPos pos = option.getParserPosition();
                tableOptions.add(
                        new SqlOption(
                                option.getKeyString(),
                                option.getValueString(),
                                "WITH",
                                pos.getLineNum(),
                                pos.getColumnNum()));
                return;
            }
            if (node instanceof SqlHint hint) {
                collectHint(hint);
                return;
            }
            if (node instanceof SqlStatementSet set) {
                set.getInserts().forEach(this::visit);
                return;
            }
            if (node instanceof SqlCall call) {
                collectRankAlias(call);
                for (SqlNode operand : operands(call)) {
                    visit(operand);
                }
            }
        }

        /** {@code ROW_NUMBER() OVER (...) AS rn}: remembers {@code rn}. */
        private void collectRankAlias(SqlCall call) {
            if (call.getKind() != SqlKind.AS || call.operandCount() < 2) {
                return;
            }
            SqlNode value = call.operand(0);
            if (value instanceof SqlCall over && over.getKind() == SqlKind.OVER) {
                // Functions are not resolved at parse time: compare the operator name.
                if (over.operand(0) instanceof SqlCall function
                        && Set.of("ROW_NUMBER", "RANK", "DENSE_RANK")
                                .contains(function.getOperator().getName().toUpperCase(Locale.ROOT))) {
                    rankFunctionAliases.add(call.operand(1).toString());
                }
            }
        }

        private void collectHint(SqlHint hint) {
            String name = hint.getName().toUpperCase(Locale.ROOT);
            SqlParserPos pos = hint.getParserPosition();
            if (name.equals("STATE_TTL")) {
                hint.getOptionKVPairs()
                        .forEach(
                                (k, v) ->
                                        stateTtlHints.add(
                                                new SqlOption(
                                                        k,
                                                        v,
                                                        "STATE_TTL hint",
                                                        pos.getLineNum(),
                                                        pos.getColumnNum())));
            } else if (name.equals("OPTIONS")) {
                hint.getOptionKVPairs()
                        .forEach(
                                (k, v) ->
                                        tableOptions.add(
                                                new SqlOption(
                                                        k,
                                                        v,
                                                        "OPTIONS hint",
                                                        pos.getLineNum(),
                                                        pos.getColumnNum())));
            }
        }

        private static List<SqlNode> operands(SqlCall call) {
            try {
                return call.getOperandList();
            } catch (UnsupportedOperationException e) {
                // Some Flink DDL nodes do not expose operands; they carry no hints or queries.
                return List.of();
            }
        }
    }
}
