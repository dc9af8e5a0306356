package io.github.sqlguard.statement;

import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.config.Lex;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;
import org.apache.flink.sql.parser.validate.FlinkSqlConformance;

/**
 * Flink's SQL parser ({@code FlinkSqlParserImpl}), configured as Flink's planner configures it in
 * {@code PlannerContext}: Java lexical rules, identifier length 256. Thread-safe: each thread reads
 * with a parser of its own, re-initialised for each statement, that reads the text through a {@link
 * StatementTextReader} (the end of the text without a new exception each time the parser looks for it).
 *
 * <p>Public for the rewrites ({@code rewrite} package), which read and change the statement's tree;
 * internal to the guard otherwise.
 */
public final class FlinkSqlParser {

    private FlinkSqlParser() {}

    public static final SqlParser.Config CONFIG =
            SqlParser.config()
                    .withParserFactory(FlinkSqlParserImpl.FACTORY)
                    .withConformance(FlinkSqlConformance.DEFAULT)
                    .withLex(Lex.JAVA)
                    .withUnquotedCasing(Casing.UNCHANGED)
                    .withQuotedCasing(Casing.UNCHANGED)
                    .withIdentifierMaxLength(256);

    /**
     * The lexical state Calcite's {@code SqlParser} switches a new parser of {@link #CONFIG} to ({@code
     * LexicalState.forConfig}, which compares the configuration's character literal styles with each state's set:
     * Guava's {@code ImmutableSet#equals} on every statement, 1 % of the guard's CPU samples on a cheap statement,
     * bench/results/2026-12-05-cheap-r54.md), read once: the configuration is a constant.
     */
    public static final SqlAbstractParserImpl.LexicalState LEXICAL_STATE =
            SqlAbstractParserImpl.LexicalState.forConfig(CONFIG);

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
     * How many texts this thread has had read ({@link #parsesOnThisThread}): a statement is read once, and what reads
     * it later reads its tree ({@link ParsedTree}); {@code OneParsePerStatementTest} counts.
     */
    private static final ThreadLocal<long[]> READ = ThreadLocal.withInitial(() -> new long[1]);

    /** How many texts {@link #parseStmtList} has read on the calling thread, each read once counted once. */
    public static long parsesOnThisThread() {
        return READ.get()[0];
    }

    /**
     * What {@code SqlParser.create(text, CONFIG).parseStmtList()} returns, read by the thread's
     * parser configured as Calcite's {@code SqlParser} configures a new one (tab size, casing,
     * identifier length, time units, conformance, lexical state for {@link Lex#JAVA}).
     *
     * @throws SqlParseException as {@code SqlParser#parseStmtList} throws it
     */
    public static SqlNodeList parseStmtList(String text) throws SqlParseException {
        READ.get()[0]++;
        if (text.length() > REUSED_PARSER_MAX_CHARS || text.indexOf('?') >= 0) {
            return SqlParser.create(text, CONFIG).parseStmtList();
        }
        SqlAbstractParserImpl parser = PARSERS.get();
        if (parser == null) {
            parser = CONFIG.parserFactory().getParser(new StatementTextReader(text));
            parser.setQuotedCasing(CONFIG.quotedCasing());
            parser.setUnquotedCasing(CONFIG.unquotedCasing());
            parser.setIdentifierMaxLength(CONFIG.identifierMaxLength());
            parser.setTimeUnitCodes(CONFIG.timeUnitCodes());
            parser.setConformance(CONFIG.conformance());
            PARSERS.set(parser);
        } else {
            parser.ReInit(new StatementTextReader(text));
        }
        // Re-initialisation resets the character stream and the lexical state: set both again.
        parser.setTabSize(1);
        parser.switchTo(LEXICAL_STATE);
        try {
            return parser.parseSqlStmtList();
        } catch (Throwable e) {
            // As SqlParser#handleException; the parser is not reused after a failure.
            PARSERS.remove();
            throw parser.normalizeException(e);
        }
    }
}
