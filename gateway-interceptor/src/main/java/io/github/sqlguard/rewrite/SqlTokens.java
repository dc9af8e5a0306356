package io.github.sqlguard.rewrite;

import io.github.sqlguard.statement.FlinkSqlParser;

import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.util.SourceStringReader;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImpl;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImplConstants;
import org.apache.flink.sql.parser.impl.Token;

import java.util.ArrayList;
import java.util.List;

/**
 * The tokens of a statement's text as Flink's own tokenizer reads them ({@code
 * FlinkSqlParserImplTokenManager}, in the lexical state and tab size {@link FlinkSqlParser} parses
 * with), each with the character offsets of its first and after its last character. Comments are
 * not tokens; a query hint's {@code /*+} and {@code *}{@code /} are ({@code HINT_BEG}, {@code
 * COMMENT_END}). For the {@link Splicer}: where a change goes in the user's text when Calcite's
 * parser positions do not say it (a {@code SqlSelect}'s hints have no span of their own, a
 * condition's span leaves out its parentheses and the {@code WHERE} before it, an order key's its
 * {@code ASC}).
 *
 * <p>The kinds are Flink's parser's constants ({@link FlinkSqlParserImplConstants}), compiled
 * against the Flink line the guard is built for.
 */
final class SqlTokens {

    /** One token: its kind ({@link FlinkSqlParserImplConstants}) and its offsets {@code [start, end)}. */
    record Tok(int kind, int start, int end) {}

    private final List<Tok> tokens;

    private SqlTokens(List<Tok> tokens) {
        this.tokens = tokens;
    }

    /** The tokens of {@code offsets}' text; none when Flink's tokenizer cannot read it. */
    static SqlTokens of(Splicer.Offsets offsets) {
        List<Tok> out = new ArrayList<>();
        try {
            SqlAbstractParserImpl parser = FlinkSqlParser.CONFIG.parserFactory().getParser(new SourceStringReader(offsets.text()));
            parser.setTabSize(1);
            parser.switchTo(FlinkSqlParser.LEXICAL_STATE);
            FlinkSqlParserImpl flink = (FlinkSqlParserImpl) parser;
            for (Token t = flink.getNextToken(); t.kind != FlinkSqlParserImplConstants.EOF; t = flink.getNextToken()) {
                int start = offsets.offset(t.beginLine, t.beginColumn);
                int last = offsets.offset(t.endLine, t.endColumn);
                if (start < 0 || last < start) {
                    return new SqlTokens(List.of());
                }
                out.add(new Tok(t.kind, start, last + 1));
            }
        } catch (RuntimeException | Error e) {
            return new SqlTokens(List.of()); // TokenMgrError on text Flink cannot read: nothing is placed by tokens
        }
        return new SqlTokens(out);
    }

    /** The index of the token starting at {@code offset}; -1 when none does. */
    int at(int offset) {
        int lo = 0;
        int hi = tokens.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int start = tokens.get(mid).start();
            if (start == offset) {
                return mid;
            }
            if (start < offset) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return -1;
    }

    /** The index of the last token ending at or before {@code offset}; -1 when none does. */
    int endingBy(int offset) {
        int found = -1;
        int lo = 0;
        int hi = tokens.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (tokens.get(mid).end() <= offset) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** The token at {@code index}; null outside the text. */
    Tok get(int index) {
        return index >= 0 && index < tokens.size() ? tokens.get(index) : null;
    }

    /** True when the token at {@code index} is of {@code kind}. */
    boolean is(int index, int kind) {
        Tok tok = get(index);
        return tok != null && tok.kind() == kind;
    }
}
