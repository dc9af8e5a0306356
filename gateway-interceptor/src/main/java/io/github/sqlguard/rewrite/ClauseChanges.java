package io.github.sqlguard.rewrite;

import io.github.sqlguard.rewrite.Splicer.Edit;
import io.github.sqlguard.rewrite.Splicer.Offsets;
import io.github.sqlguard.rewrite.Splicer.TextChange;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImplConstants;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The clauses of a query that a restructuring adds or takes off, placed by the tokens of the user's
 * text ({@link SqlTokens}) where Calcite's parser positions do not place them: a {@code SqlSelect}'s
 * {@code WHERE} and {@code GROUP BY} clauses have no span that includes their keywords, a {@code
 * LATERAL}'s span may start inside its parentheses, and a query's {@code ORDER BY ... LIMIT} node
 * sits at its last token. For {@link Splicer}: {@code last-value} turns a Top-1 block into a {@code
 * GROUP BY} of the block it read, and a {@code LATERAL} Top-N ({@link LateralTopN}) becomes the
 * {@code ROW_NUMBER} Top-N of the {@code LATERAL}'s own subquery with a {@code WHERE rn <= n}.
 *
 * <p>A clause added is written after the clause before it, on a line of its own at the indentation of
 * the block's {@code FROM} keyword when that keyword starts its line (else after a space), its
 * keywords in the case the user wrote {@code FROM} in. A clause taken off is cut from the white
 * space before its keyword to its last token; comments before the keyword stay.
 */
final class ClauseChanges {

    private ClauseChanges() {}

    /** A {@code WHERE condition} added to a block that had none: after its {@code FROM} clause. */
    record WhereAdded(SqlSelect block, SqlNode condition) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            Optional<Span> from = fromClause(block, offsets);
            if (from.isEmpty()) {
                return Optional.empty();
            }
            String clause = from.get().lead(offsets) + from.get().keyword("WHERE", offsets) + " "
                    + offsets.written(condition);
            return Optional.of(List.of(new Edit(from.get().end(), from.get().end(), clause)));
        }
    }

    /**
     * A {@code GROUP BY keys} added to a block that had none: after its {@code WHERE} clause when
     * {@code keepsWhere} (the block's condition stays), else after its {@code FROM} clause.
     */
    record GroupByAdded(SqlSelect block, boolean keepsWhere, List<SqlNode> keys) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            Optional<Span> from = fromClause(block, offsets);
            if (from.isEmpty()) {
                return Optional.empty();
            }
            int at = from.get().end();
            if (keepsWhere && block.getWhere() != null) {
                Optional<Span> where = parenthesised(block.getWhere(), offsets);
                if (where.isEmpty()) {
                    return Optional.empty();
                }
                at = where.get().end();
            }
            List<String> written = new ArrayList<>();
            keys.forEach(k -> written.add(offsets.written(k)));
            String clause = from.get().lead(offsets) + from.get().keyword("GROUP BY", offsets) + " "
                    + String.join(", ", written);
            return Optional.of(List.of(new Edit(at, at, clause)));
        }
    }

    /** A block's {@code GROUP BY} clause cut: from the white space before {@code GROUP} to its last key's last token. */
    record GroupByCut(SqlSelect block) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            // The list's own position may start at its GROUP keyword: its keys' positions place it.
            SqlTokens tokens = offsets.tokens();
            List<SqlNode> keys = block.getGroup().getList();
            int first = tokens.at(Splicer.first(keys.get(0), offsets));
            int last = tokens.endingBy(Splicer.last(keys.get(keys.size() - 1), offsets));
            if (first < 2 || last < first || !tokens.is(first - 1, FlinkSqlParserImplConstants.BY)
                    || !tokens.is(first - 2, FlinkSqlParserImplConstants.GROUP)) {
                return Optional.empty();
            }
            return Optional.of(List.of(new Edit(blankBefore(tokens.get(first - 2).start(), offsets), tokens.get(last).end(), "")));
        }
    }

    /**
     * A join replaced by its right side (a comma join of a {@code LATERAL} whose left side is no
     * longer needed): the left side, the comma or {@code JOIN} keywords and the white space up to
     * the right side cut, and an {@code ON} condition after it.
     */
    record LeftSideCut(SqlJoin join) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            Optional<Span> left = parenthesised(join.getLeft(), offsets);
            Optional<Span> rightSide = parenthesised(join.getRight(), offsets);
            if (left.isEmpty() || rightSide.isEmpty()) {
                return Optional.empty();
            }
            // The right side's span may start inside its LATERAL's parenthesis: the keyword is its first token.
            SqlTokens tokens = offsets.tokens();
            int keyword = rightSide.get().keywordAt();
            int right = tokens.is(keyword, FlinkSqlParserImplConstants.LATERAL)
                    ? tokens.get(keyword).start() : rightSide.get().start();
            if (right <= left.get().start()) {
                return Optional.empty();
            }
            List<Edit> edits = new ArrayList<>();
            edits.add(new Edit(left.get().start(), right, ""));
            if (join.getCondition() != null) {
                int end = Splicer.last(join, offsets);
                int from = Splicer.last(join.getRight(), offsets);
                if (from < 0 || end <= from) {
                    return Optional.empty();
                }
                edits.add(new Edit(from, end, ""));
            }
            return Optional.of(edits);
        }
    }

    /** The {@code LATERAL} keyword before a subquery cut, with the white space after it. */
    record LateralCut(SqlCall lateral) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            SqlTokens tokens = offsets.tokens();
            int query = tokens.at(Splicer.first(lateral.operand(0), offsets));
            int keyword = query;
            while (tokens.is(keyword - 1, FlinkSqlParserImplConstants.LPAREN)) {
                keyword--;
            }
            keyword--;
            if (query < 0 || !tokens.is(keyword, FlinkSqlParserImplConstants.LATERAL)) {
                return Optional.empty();
            }
            return Optional.of(List.of(new Edit(tokens.get(keyword).start(), tokens.get(keyword + 1).start(), "")));
        }
    }

    /**
     * A query's {@code ORDER BY ... [LIMIT n]} cut (its order now a ranking's {@code OVER} clause):
     * from the white space before {@code ORDER} to the clause's last token.
     */
    record OrderByCut(SqlOrderBy ordered) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            SqlTokens tokens = offsets.tokens();
            int query = tokens.endingBy(Splicer.last(ordered.query, offsets));
            int end = tokens.endingBy(Splicer.last(ordered, offsets));
            if (query < 0 || !tokens.is(query + 1, FlinkSqlParserImplConstants.ORDER) || end <= query
                    || tokens.get(query).end() != Splicer.last(ordered.query, offsets)) {
                return Optional.empty();
            }
            return Optional.of(List.of(new Edit(blankBefore(tokens.get(query + 1).start(), offsets), tokens.get(end).end(), "")));
        }
    }

    /**
     * The tokens {@code [start, end)} of a clause's text with the parentheses around it that its
     * parser position leaves out, and the keyword token before it ({@code -1} when none).
     */
    record Span(int start, int end, int keywordAt) {

        /** What goes before a clause added after this one: a line break and the keyword's indentation, or a space. */
        String lead(Offsets offsets) {
            String text = offsets.text();
            if (keywordAt < 0) {
                return " ";
            }
            int keyword = offsets.tokens().get(keywordAt).start();
            int lineStart = text.lastIndexOf('\n', keyword - 1) + 1;
            String indent = text.substring(lineStart, keyword);
            return indent.isBlank() ? "\n" + indent : " ";
        }

        /** {@code words} in the case of the keyword before this clause (lower case where the user wrote it so). */
        String keyword(String words, Offsets offsets) {
            if (keywordAt < 0) {
                return words;
            }
            SqlTokens.Tok tok = offsets.tokens().get(keywordAt);
            String written = offsets.text().substring(tok.start(), tok.end());
            return written.equals(written.toLowerCase(Locale.ROOT)) ? words.toLowerCase(Locale.ROOT) : words;
        }
    }

    /** The {@code FROM} clause of {@code block}: its item's tokens, and the {@code FROM} keyword. */
    private static Optional<Span> fromClause(SqlSelect block, Offsets offsets) {
        if (block.getFrom() == null) {
            return Optional.empty();
        }
        Optional<Span> item = parenthesised(block.getFrom(), offsets);
        if (item.isEmpty()) {
            return Optional.empty();
        }
        SqlTokens tokens = offsets.tokens();
        int keyword = item.get().keywordAt();
        while (tokens.is(keyword, FlinkSqlParserImplConstants.LPAREN)) {
            keyword--; // FROM ((SELECT ...) s JOIN ...): the FROM item's span left out a parenthesis it opens
        }
        return Optional.of(new Span(item.get().start(), item.get().end(),
                tokens.is(keyword, FlinkSqlParserImplConstants.FROM) ? keyword : -1));
    }

    /**
     * The text of {@code node} with the parentheses around it that its parser position leaves out
     * (a subquery's, a condition's), by tokens; {@code keywordAt} the token before it.
     */
    static Optional<Span> parenthesised(SqlNode node, Offsets offsets) {
        int from = Splicer.first(node, offsets);
        int to = Splicer.last(node, offsets);
        SqlTokens tokens = offsets.tokens();
        int i = tokens.at(from);
        int j = tokens.endingBy(to);
        if (from < 0 || to < from || i < 0 || j < i || tokens.get(j).end() != to) {
            return Optional.empty();
        }
        // A node's position may start inside a parenthesis it closes ((SELECT ...) s starts at SELECT).
        int depth = 0;
        int open = 0;
        for (int k = i; k <= j; k++) {
            if (tokens.is(k, FlinkSqlParserImplConstants.LPAREN)) {
                depth++;
            } else if (tokens.is(k, FlinkSqlParserImplConstants.RPAREN)) {
                if (depth == 0) {
                    open++;
                } else {
                    depth--;
                }
            }
        }
        for (; open > 0; open--) {
            if (!tokens.is(i - 1, FlinkSqlParserImplConstants.LPAREN)) {
                return Optional.empty();
            }
            i--;
        }
        for (; depth > 0; depth--) {
            if (!tokens.is(j + 1, FlinkSqlParserImplConstants.RPAREN)) {
                return Optional.empty();
            }
            j++;
        }
        while (tokens.is(i - 1, FlinkSqlParserImplConstants.LPAREN) && tokens.is(j + 1, FlinkSqlParserImplConstants.RPAREN)) {
            i--;
            j++;
        }
        return Optional.of(new Span(tokens.get(i).start(), tokens.get(j).end(), i - 1));
    }

    /** Where a cut before {@code keyword} starts: the white space before it (not a comment). */
    static int blankBefore(int keyword, Offsets offsets) {
        String text = offsets.text();
        int cut = keyword;
        while (cut > 0 && Character.isWhitespace(text.charAt(cut - 1))) {
            cut--;
        }
        return cut;
    }
}
