package io.github.sqlguard.rewrite;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlHint;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.util.Litmus;
import org.apache.flink.sql.parser.impl.FlinkSqlParserImplConstants;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Writes a changed statement tree back into the user's own text: only the parts that changed are
 * written anew, so the rest (comments, line breaks, spacing, keyword case) stays as the user wrote
 * it, as {@code sqlfluff fix} leaves what it does not fix.
 *
 * <p>The original and the changed tree are walked side by side; where they differ, the smallest
 * differing node of the original is replaced by the changed node, at the text span Flink's parser
 * gave it ({@link SqlParserPos}: line and column, tab size 1): unparsed ({@link SqlTrees#unparse}),
 * or as the user wrote it where it is a node of the original moved unchanged (a restructuring keeps
 * a table, a condition: {@link Offsets#written}); and items added to or removed from a list are
 * inserted or cut beside their neighbours. Where a change has no parser position of its own, it is
 * placed by the tokens of the user's text as Flink's tokenizer reads them ({@link SqlTokens}): hints
 * added to a block right after its {@code SELECT} token, hints taken off from there to their
 * closing {@code *}{@code /}, a key-value hint that lost a key written anew between its parentheses
 * alone ({@link HintOptionsWritten}), a {@code WHERE} clause cut from its keyword to its condition's last
 * token (the condition's parentheses included), a clause appended after an order key's {@code
 * ASC}/{@code DESC}; and the clauses a restructuring adds or takes off ({@link ClauseChanges}: a
 * {@code WHERE} or {@code GROUP BY} added after the clause before it, a {@code GROUP BY} cut, a join
 * replaced by its right side, a {@code LATERAL} keyword and an {@code ORDER BY ... LIMIT} cut).
 * The keywords of what is written anew are in lower case where the user wrote every keyword so
 * ({@link KeywordCase}), else as Calcite writes them.
 * Parser positions do not always cover a node's whole text (a {@code PARTITION BY} list may start at
 * its keyword, a parenthesised query inside its parentheses), so the result is checked: it must read
 * back, through Flink's parser, as the changed tree (the two unparse alike). When it does not, the
 * change is put back one level up, at the parent node's span, and so on; at the top, the whole
 * statement is written anew.
 *
 * <p>Stateless.
 */
final class Splicer {

    /** Levels tried above the differing nodes before the whole statement is written anew. */
    private static final int MAX_LIFT = 6;

    private Splicer() {}

    /** {@code changed} written into {@code text}, whose tree (as Flink's parser reads it) is {@code original}. */
    static String splice(String text, SqlNode original, SqlNode changed) {
        String expected = SqlTrees.unparse(changed);
        if (SqlTrees.unparse(original).equals(expected)) {
            return text;
        }
        List<Diff> diffs = new ArrayList<>();
        diff(original, changed, new ArrayList<>(), new ArrayList<>(), diffs);
        Offsets offsets = new Offsets(text, original);
        boolean lowerCase = KeywordCase.lowerCase(offsets.tokens(), text);
        boolean[] cases = lowerCase ? new boolean[] {true, false} : new boolean[] {false};
        for (int level = 0; level <= MAX_LIFT && !diffs.isEmpty(); level++) {
            for (boolean lowered : cases) {
                Optional<String> spliced = apply(text, offsets, diffs, level, lowered);
                if (spliced.isPresent() && readsAs(spliced.get(), expected)) {
                    return spliced.get();
                }
            }
            if (level == 0) {
                // Each change lifted only as far as it must be: a change placed at its own node keeps its place
                // while another one is lifted (a hint's value and the tables the hint names, in one block).
                for (boolean lowered : cases) {
                    Optional<String> each = liftEach(text, original, offsets, diffs, lowered);
                    if (each.isPresent() && readsAs(each.get(), expected)) {
                        return each.get();
                    }
                }
            }
        }
        return rewritten(text, original, offsets, changed, lowerCase, expected);
    }

    /**
     * The whole statement written anew, the text before its first token (its comments) kept, its
     * keywords in lower case where the user's are and the text still reads as the changed tree.
     */
    private static String rewritten(String text, SqlNode original, Offsets offsets, SqlNode changed,
            boolean lowerCase, String expected) {
        int start = first(original, offsets);
        String head = start > 0 ? text.substring(0, Math.min(start, text.length())) : leadingComments(text);
        String written = SqlTrees.unparse(changed);
        if (lowerCase) {
            String lowered = KeywordCase.lowered(written);
            if (readsAs(head + lowered, expected)) {
                return head + lowered;
            }
        }
        return head + written;
    }

    /**
     * The offset of the first character of {@code node}'s text: the least start of its own and its
     * descendants' positions (a query's {@code ORDER BY} node is placed at its last token).
     */
    static int first(SqlNode node, Offsets offsets) {
        int start = offsets.start(node.getParserPosition());
        for (SqlNode child : Trees.children(node)) {
            int at = first(child, offsets);
            if (at >= 0 && (start < 0 || at < start)) {
                start = at;
            }
        }
        return start;
    }

    /** The offset just after the last character of {@code node}'s text: the greatest end of its own and its descendants' positions. */
    static int last(SqlNode node, Offsets offsets) {
        int end = offsets.end(node.getParserPosition());
        for (SqlNode child : Trees.children(node)) {
            end = Math.max(end, last(child, offsets));
        }
        return end;
    }

    /** The comment lines at the start of {@code text} (a statement's parser position is not always its first token). */
    private static String leadingComments(String text) {
        int i = 0;
        while (i < text.length()) {
            int next = io.github.sqlguard.statement.SqlText.skipComment(text, i);
            if (next != i) {
                i = next;
            } else if (Character.isWhitespace(text.charAt(i))) {
                i++;
            } else {
                break;
            }
        }
        return text.substring(0, i);
    }

    /**
     * True when {@code text} reads, through Flink's parser, as the tree {@code expected} unparses: alike, or alike
     * once the name of a hint Flink reads case aside ({@link KeywordCase#caseFreeHint}), written in lower case, is
     * read in upper case (a {@code state_ttl} hint added to a statement written in lower case).
     */
    private static boolean readsAs(String text, String expected) {
        Optional<SqlNode> tree = SqlTrees.parse(text);
        if (tree.isEmpty()) {
            return false;
        }
        if (SqlTrees.unparse(tree.get()).equals(expected)) {
            return true;
        }
        boolean renamed = false;
        for (SqlSelect select : Trees.selects(tree.get())) {
            SqlNodeList hints = select.getHints();
            for (int i = 0; hints != null && i < hints.size(); i++) {
                if (hints.get(i) instanceof SqlHint hint && KeywordCase.caseFreeHint(hint.getName())
                        && !hint.getName().equals(hint.getName().toUpperCase(Locale.ROOT))) {
                    SqlNode name = hint.getOperandList().get(0);
                    hints.set(i, new SqlHint(hint.getParserPosition(),
                            new SqlIdentifier(hint.getName().toUpperCase(Locale.ROOT), name.getParserPosition()),
                            (SqlNodeList) hint.getOperandList().get(1), hint.getOptionFormat()));
                    renamed = true;
                }
            }
        }
        return renamed && SqlTrees.unparse(tree.get()).equals(expected);
    }

    /**
     * One place where the trees differ: the nodes from the root down to it in each tree, and, for
     * a list that gained or lost items, the edits that insert or cut them.
     */
    private record Diff(List<SqlNode> originals, List<SqlNode> changes, List<? extends TextChange> listEdits) {

        /**
         * The edit of this difference lifted {@code level} nodes up (a list's own edits are level 0,
         * the list written anew level 1); empty when it cannot be placed.
         */
        Optional<Edit> edit(Offsets offsets, int level) {
            int lift = listEdits.isEmpty() ? level : level - 1;
            int index = originals.size() - 1 - lift;
            if (index < 0) {
                return Optional.empty();
            }
            SqlNode node = originals.get(index);
            SqlParserPos pos = node.getParserPosition();
            int start = offsets.start(pos);
            int end = offsets.end(pos);
            if (start < 0 || end < start) {
                return Optional.empty();
            }
            SqlNode change = changes.get(index);
            if (node.getKind().belongsTo(SqlKind.QUERY) && !change.getKind().belongsTo(SqlKind.QUERY)) {
                // A subquery replaced by what it read (a table, a join): its parentheses go with it.
                Optional<ClauseChanges.Span> span = ClauseChanges.parenthesised(node, offsets);
                if (span.isEmpty()) {
                    return Optional.empty();
                }
                start = span.get().start();
                end = span.get().end();
            }
            return Optional.of(new Edit(start, end, offsets.written(change)));
        }
    }

    /** Text {@code text} in place of {@code [start, end)}. */
    record Edit(int start, int end, String text) {}

    /** Text edits placed by their own reading of the user's text (level 0 of a difference). */
    interface TextChange {

        /** The edits, placed in the text; empty when one of them cannot be placed. */
        Optional<List<Edit>> edits(Offsets offsets);
    }

    /**
     * A block put inside a new one that filters it ({@code SELECT * FROM (block) WHERE outer}): a line
     * {@code SELECT * FROM (} before the block's text and {@code ) WHERE …} after it, both at the
     * indentation of the block's first line, and the block's own text kept, its {@code WHERE} clause
     * cut where the whole condition moved out ({@code cutWhere}). {@code outerWhere} is the outer
     * condition as the user wrote it where it is the block's whole condition, else as unparsed.
     */
    private record Wrap(SqlSelect block, boolean cutWhere, String outerWhere) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            int start = first(block, offsets);
            int end = last(block, offsets);
            if (start < 0 || end < start) {
                return Optional.empty();
            }
            String text = offsets.text();
            int lineStart = text.lastIndexOf('\n', start - 1) + 1;
            int indent = lineStart;
            while (indent < start && (text.charAt(indent) == ' ' || text.charAt(indent) == '\t')) {
                indent++;
            }
            String lead = text.substring(lineStart, indent);
            String where = outerWhere;
            List<Edit> edits = new ArrayList<>();
            edits.add(new Edit(start, start, "SELECT * FROM (\n" + lead));
            if (cutWhere) {
                Optional<WhereSpan> span = WhereSpan.of(block, offsets);
                if (span.isEmpty() || span.get().keyword() < start) {
                    return Optional.empty();
                }
                where = where != null ? where : text.substring(span.get().condition(), span.get().end());
                edits.add(new Edit(span.get().cut(), span.get().end(), ""));
            }
            if (where == null) {
                return Optional.empty();
            }
            edits.add(new Edit(end, end, "\n" + lead + ") WHERE " + where));
            return Optional.of(edits);
        }
    }

    /**
     * Items inserted before (or after) an item of a list, or an item cut out of it; or a clause
     * appended after the whole text of a node ({@code appended}).
     */
    private record ListEdit(
            SqlNode anchor, boolean before, String inserted, SqlNode removed, SqlNode next, SqlNode previous,
            boolean appended, List<SqlNode> items) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            return place(offsets).map(List::of);
        }

        /** {@code items}, written when placed (as {@code join} writes them), inserted before {@code anchor}. */
        static ListEdit insertBefore(SqlNode anchor, List<SqlNode> items) {
            return new ListEdit(anchor, true, null, null, null, null, false, items);
        }

        /** {@code items}, written when placed (as {@code join} writes them), inserted after {@code anchor}. */
        static ListEdit insertAfter(SqlNode anchor, List<SqlNode> items) {
            return new ListEdit(anchor, false, null, null, null, null, false, items);
        }

        static ListEdit remove(SqlNode removed, SqlNode next, SqlNode previous) {
            return new ListEdit(null, false, null, removed, next, previous, false, null);
        }

        /**
         * {@code clause} (with its leading space) right after the last token of {@code anchor}'s
         * text, and after the order key's own {@code ASC}/{@code DESC} and {@code NULLS FIRST}/{@code
         * LAST} tokens, which Calcite's parser does not place in the key's span ({@code ORDER BY seq ASC}).
         */
        static ListEdit append(SqlNode anchor, String clause) {
            return new ListEdit(anchor, false, clause, null, null, null, true, null);
        }

        Optional<Edit> place(Offsets offsets) {
            if (appended) {
                int at = last(anchor, offsets);
                SqlTokens tokens = offsets.tokens();
                int key = tokens.endingBy(at);
                if (at < 0 || key < 0 || tokens.get(key).end() != at) {
                    return Optional.empty();
                }
                if (tokens.is(key + 1, FlinkSqlParserImplConstants.ASC) || tokens.is(key + 1, FlinkSqlParserImplConstants.DESC)) {
                    key++;
                }
                if (tokens.is(key + 1, FlinkSqlParserImplConstants.NULLS)
                        && (tokens.is(key + 2, FlinkSqlParserImplConstants.FIRST)
                                || tokens.is(key + 2, FlinkSqlParserImplConstants.LAST))) {
                    key += 2;
                }
                int end = tokens.get(key).end();
                return Optional.of(new Edit(end, end, inserted));
            }
            if (removed != null) {
                if (next != null) {
                    int from = offsets.start(removed.getParserPosition());
                    int to = offsets.start(next.getParserPosition());
                    return from >= 0 && to > from ? Optional.of(new Edit(from, to, "")) : Optional.empty();
                }
                if (previous != null) {
                    int from = offsets.end(previous.getParserPosition());
                    int to = offsets.end(removed.getParserPosition());
                    return from >= 0 && to > from ? Optional.of(new Edit(from, to, "")) : Optional.empty();
                }
                return Optional.empty();
            }
            SqlParserPos pos = anchor.getParserPosition();
            int at = before ? offsets.start(pos) : offsets.end(pos);
            if (at < 0) {
                return Optional.empty();
            }
            String text = join(items, offsets);
            return Optional.of(new Edit(at, at, before ? text + ", " : ", " + text));
        }
    }

    /**
     * A key-value hint's options written anew between its parentheses, as the tokens of the user's text place them (from
     * the {@code (} after the hint's name to the {@code )} that closes it; Calcite gives the options list no span of its
     * own): each pair of {@code changed} that {@code original} has alike written as the user wrote it (from its key's
     * first character to its value's last), each other pair {@code key = value}, joined by {@code ", "}. The hint's name
     * and the rest of the {@code /*+ ... *}{@code /} comment are kept.
     */
    private record HintOptionsWritten(SqlHint original, SqlHint changed) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            SqlNode name = original.getOperandList().get(0);
            SqlTokens tokens = offsets.tokens();
            int open = tokens.at(offsets.start(name.getParserPosition())) + 1;
            if (open <= 0 || !tokens.is(open, FlinkSqlParserImplConstants.LPAREN)) {
                return Optional.empty();
            }
            int close = open + 1;
            for (int depth = 1; tokens.get(close) != null; close++) {
                if (tokens.is(close, FlinkSqlParserImplConstants.LPAREN)) {
                    depth++;
                } else if (tokens.is(close, FlinkSqlParserImplConstants.RPAREN) && --depth == 0) {
                    break;
                }
            }
            if (tokens.get(close) == null) {
                return Optional.empty();
            }
            SqlNodeList was = (SqlNodeList) original.getOperandList().get(1);
            SqlNodeList now = (SqlNodeList) changed.getOperandList().get(1);
            List<String> pairs = new ArrayList<>();
            for (int i = 0; i + 1 < now.size(); i += 2) {
                pairs.add(written(was, now.get(i), now.get(i + 1), offsets)
                        .orElse(SqlTrees.unparse(now.get(i)) + " = " + SqlTrees.unparse(now.get(i + 1))));
            }
            return Optional.of(List.of(new Edit(tokens.get(open).end(), tokens.get(close).start(), String.join(", ", pairs))));
        }

        /** The text of the pair of {@code was} alike {@code key = value}, as the user wrote it; empty where it has none. */
        private static Optional<String> written(SqlNodeList was, SqlNode key, SqlNode value, Offsets offsets) {
            for (int i = 0; i + 1 < was.size(); i += 2) {
                if (was.get(i).equalsDeep(key, Litmus.IGNORE) && was.get(i + 1).equalsDeep(value, Litmus.IGNORE)) {
                    int start = offsets.start(was.get(i).getParserPosition());
                    int end = offsets.end(was.get(i + 1).getParserPosition());
                    return start >= 0 && end > start ? Optional.of(offsets.text().substring(start, end)) : Optional.empty();
                }
            }
            return Optional.empty();
        }
    }

    /**
     * Where a block's {@code WHERE} clause stands in the user's text, by its tokens: the {@code WHERE}
     * keyword ({@code keyword}), the condition with the parentheses around it that its parser
     * position leaves out ({@code [condition, end)}), and where a cut of the clause starts ({@code
     * cut}: the white space before the keyword, not a comment).
     */
    private record WhereSpan(int cut, int keyword, int condition, int end) {

        static Optional<WhereSpan> of(SqlSelect block, Offsets offsets) {
            Optional<ClauseChanges.Span> condition = ClauseChanges.parenthesised(block.getWhere(), offsets);
            SqlTokens tokens = offsets.tokens();
            if (condition.isEmpty() || !tokens.is(condition.get().keywordAt(), FlinkSqlParserImplConstants.WHERE)) {
                return Optional.empty();
            }
            int keyword = tokens.get(condition.get().keywordAt()).start();
            return Optional.of(new WhereSpan(
                    ClauseChanges.blankBefore(keyword, offsets), keyword, condition.get().start(), condition.get().end()));
        }
    }

    /** A block's {@code WHERE} clause cut, its keyword and the white space before it with it. */
    private record WhereCut(SqlSelect block) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            return WhereSpan.of(block, offsets).map(span -> List.of(new Edit(span.cut(), span.end(), "")));
        }
    }

    /**
     * Hints ({@code inserted}: {@code " /*+ ... *}{@code /"}) written into a block that had none,
     * right after its {@code SELECT} token: Calcite's {@code SqlSelect} has no span for its hints.
     */
    private record HintsAdded(SqlSelect block, String inserted) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            SqlTokens tokens = offsets.tokens();
            int select = tokens.at(first(block, offsets));
            if (!tokens.is(select, FlinkSqlParserImplConstants.SELECT)) {
                return Optional.empty();
            }
            int at = tokens.get(select).end();
            return Optional.of(List.of(new Edit(at, at, inserted)));
        }
    }

    /**
     * A block's hints taken off: from the end of its {@code SELECT} token to the end of the hints'
     * closing {@code *}{@code /} token, so {@code SELECT /*+ ... *}{@code / a} reads {@code SELECT a}.
     */
    private record HintsCut(SqlSelect block) implements TextChange {

        @Override
        public Optional<List<Edit>> edits(Offsets offsets) {
            SqlTokens tokens = offsets.tokens();
            int select = tokens.at(first(block, offsets));
            if (!tokens.is(select, FlinkSqlParserImplConstants.SELECT) || !tokens.is(select + 1, FlinkSqlParserImplConstants.HINT_BEG)) {
                return Optional.empty();
            }
            int end = select + 2;
            while (tokens.get(end) != null && !tokens.is(end, FlinkSqlParserImplConstants.COMMENT_END)) {
                end++;
            }
            if (tokens.get(end) == null) {
                return Optional.empty();
            }
            return Optional.of(List.of(new Edit(tokens.get(select).end(), tokens.get(end).end(), "")));
        }
    }

    /**
     * {@code text} with each difference lifted on its own: to the lowest level at which, applied alone,
     * the text reads as the original tree with that one change; empty when the differences are not
     * apart (one's node holds another's: a block's own edits beside changes inside it are lifted
     * together, as {@link #apply} lifts them), or one of them reads so at no level up to {@link #MAX_LIFT}.
     * Read back whole by the caller.
     */
    private static Optional<String> liftEach(String text, SqlNode original, Offsets offsets, List<Diff> diffs,
            boolean lowered) {
        if (diffs.size() < 2) {
            return Optional.empty();
        }
        for (Diff a : diffs) {
            for (Diff b : diffs) {
                SqlNode node = a.originals().get(a.originals().size() - 1);
                if (a != b && b.originals().stream().anyMatch(n -> n == node)) {
                    return Optional.empty();
                }
            }
        }
        Map<SqlNode, SqlNode> parents = Trees.parents(original);
        int[] levels = new int[diffs.size()];
        for (int d = 0; d < diffs.size(); d++) {
            Diff diff = diffs.get(d);
            Optional<String> alone = aloneExpected(original, parents, diff);
            if (alone.isEmpty()) {
                return Optional.empty();
            }
            int level = 0;
            while (level <= MAX_LIFT) {
                Optional<String> spliced = apply(text, offsets, List.of(diff), new int[] {level}, lowered);
                if (spliced.isPresent() && readsAs(spliced.get(), alone.get())) {
                    break;
                }
                level++;
            }
            if (level > MAX_LIFT) {
                return Optional.empty();
            }
            levels[d] = level;
        }
        return apply(text, offsets, diffs, levels, lowered);
    }

    /**
     * The original tree with {@code diff}'s change alone, unparsed: its node replaced by the changed one
     * for the time of the unparse, then put back. Empty when its parent cannot take the change.
     */
    private static Optional<String> aloneExpected(SqlNode original, Map<SqlNode, SqlNode> parents, Diff diff) {
        SqlNode node = diff.originals().get(diff.originals().size() - 1);
        SqlNode change = diff.changes().get(diff.changes().size() - 1);
        if (node == original) {
            return Optional.of(SqlTrees.unparse(change));
        }
        if (!Trees.replace(parents, node, change)) {
            return Optional.empty();
        }
        try {
            return Optional.of(SqlTrees.unparse(original));
        } finally {
            Map<SqlNode, SqlNode> back = new java.util.IdentityHashMap<>();
            back.put(change, parents.get(node));
            Trees.replace(back, change, node);
        }
    }

    /** {@code text} with every difference applied {@code level} nodes up; empty when one cannot be placed or two overlap. */
    private static Optional<String> apply(String text, Offsets offsets, List<Diff> diffs, int level, boolean lowered) {
        int[] levels = new int[diffs.size()];
        java.util.Arrays.fill(levels, level);
        return apply(text, offsets, diffs, levels, lowered);
    }

    /**
     * {@code text} with each difference applied its own number of nodes up ({@code levels}, in the order
     * of {@code diffs}); empty when one cannot be placed or two overlap.
     */
    private static Optional<String> apply(String text, Offsets offsets, List<Diff> diffs, int[] levels, boolean lowered) {
        List<Edit> edits = new ArrayList<>();
        for (int d = 0; d < diffs.size(); d++) {
            Diff diff = diffs.get(d);
            int level = levels[d];
            int lift = diff.listEdits().isEmpty() ? level : level - 1;
            if (lift < 0) {
                for (TextChange edit : diff.listEdits()) {
                    Optional<List<Edit>> placed = edit.edits(offsets);
                    if (placed.isEmpty()) {
                        return Optional.empty();
                    }
                    edits.addAll(placed.get());
                }
                continue;
            }
            Optional<Edit> edit = diff.edit(offsets, level);
            if (edit.isEmpty()) {
                return Optional.empty();
            }
            edits.add(edit.get());
        }
        edits.sort(Comparator.comparingInt(Edit::start).thenComparingInt(Edit::end));
        List<Edit> kept = new ArrayList<>();
        for (Edit edit : edits) {
            if (!kept.isEmpty()) {
                Edit last = kept.get(kept.size() - 1);
                boolean inside = edit.end() > edit.start()
                        ? edit.start() >= last.start() && edit.end() <= last.end()
                        : edit.start() > last.start() && edit.start() < last.end();
                if (inside && last.end() > last.start()) {
                    continue; // inside an edit that replaces it anyway (an insertion at its edge is beside it)
                }
                if (edit.start() < last.end()) {
                    return Optional.empty();
                }
            }
            kept.add(edit);
        }
        StringBuilder out = new StringBuilder(text);
        for (int i = kept.size() - 1; i >= 0; i--) {
            Edit edit = kept.get(i);
            if (edit.end() > out.length()) {
                return Optional.empty();
            }
            out.replace(edit.start(), edit.end(), lowered ? KeywordCase.lowered(edit.text()) : edit.text());
        }
        return Optional.of(out.toString());
    }

    /** Walks {@code a} (original) and {@code b} (changed) side by side and records where they differ. */
    private static void diff(SqlNode a, SqlNode b, List<SqlNode> pathA, List<SqlNode> pathB, List<Diff> out) {
        if (a == null && b == null) {
            return;
        }
        List<SqlNode> hereA = with(pathA, a);
        List<SqlNode> hereB = with(pathB, b);
        if (a == null || b == null) {
            // An operand appears or disappears: its parent is the smallest node that changed.
            out.add(new Diff(pathA, pathB, List.of()));
            return;
        }
        if (a.equalsDeep(b, Litmus.IGNORE)) {
            return;
        }
        if (a instanceof SqlOrderBy oa && b instanceof SqlOrderBy ob && oa.fetch == null && ob.fetch != null
                && (oa.offset == null ? ob.offset == null : oa.offset.equalsDeep(ob.offset, Litmus.IGNORE))
                && (!oa.orderList.isEmpty() || oa.offset != null) && oa.orderList.size() == ob.orderList.size()) {
            // A LIMIT added to an ORDER BY (its node is placed at its last token): the clause after the last order key,
            // or after the query where an OFFSET stands alone; before the OFFSET (LIMIT n OFFSET m) where there is one.
            // The query and the order keys compared further: a key changed with it (ORDER BY pt DESC becomes ORDER BY
            // read_at DESC LIMIT 10) is spliced where it stands, and the clause is the user's LIMIT, not Calcite's
            // unparse of the fetch (FETCH NEXT 10 ROWS ONLY) with the whole query reprinted.
            SqlNode anchor = oa.orderList.isEmpty() ? oa.query : oa.orderList.get(oa.orderList.size() - 1);
            diff(oa.query, ob.query, hereA, hereB, out);
            diff(oa.orderList, ob.orderList, hereA, hereB, out);
            out.add(new Diff(hereA, hereB, List.of(ListEdit.append(anchor, " LIMIT " + SqlTrees.unparse(ob.fetch)))));
            return;
        }
        if (a instanceof SqlHint ha && b instanceof SqlHint hb && keysAdded(ha, hb)) {
            // Keys added to a key-value hint (STATE_TTL('s' = '0') becomes STATE_TTL('s' = '1 d', 'c' = '1 d')): each
            // pair written "key = value" after the hint's last value, the values it had compared further. As a list
            // of items they were written "'c', '1 d'", which reads as no hint Flink takes, and the change was lifted
            // to the whole statement.
            SqlNodeList oa = (SqlNodeList) ha.getOperandList().get(1);
            SqlNodeList ob = (SqlNodeList) hb.getOperandList().get(1);
            for (int i = 0; i < oa.size(); i++) {
                diff(oa.get(i), ob.get(i), with(hereA, oa), with(hereB, ob), out);
            }
            StringBuilder added = new StringBuilder();
            for (int i = oa.size(); i + 1 < ob.size(); i += 2) {
                added.append(", ").append(SqlTrees.unparse(ob.get(i))).append(" = ").append(SqlTrees.unparse(ob.get(i + 1)));
            }
            out.add(new Diff(hereA, hereB, List.of(ListEdit.append(oa.get(oa.size() - 1), added.toString()))));
            return;
        }
        if (a instanceof SqlHint ha && b instanceof SqlHint hb && pairsChanged(ha, hb)) {
            // Keys cut from a key-value hint, or its pairs otherwise re-ordered (STATE_TTL('o' = '0', 'c' = '12 h')
            // becomes STATE_TTL('o' = '1 d')): the hint's options written anew between its parentheses, each pair it
            // keeps as the user wrote it. As list edits two pairs cut at the end overlapped, no level up to the block
            // read back, and a UNION ALL holding the block was written anew on Calcite's lines.
            out.add(new Diff(hereA, hereB, List.of(new HintOptionsWritten(ha, hb))));
            return;
        }
        if (a instanceof SqlSelect sa && b instanceof SqlSelect sb && wrapped(sa, sb).isPresent()) {
            // The block put inside a new one that filters it (rank-in-subquery): the new block's two lines
            // around the block's own text, its WHERE cut or changed in place, the rest of it as written.
            SqlSelect inner = wrapped(sa, sb).get();
            boolean cutWhere = sa.getWhere() != null && inner.getWhere() == null;
            String outerWhere = cutWhere && sa.getWhere().equalsDeep(sb.getWhere(), Litmus.IGNORE)
                    ? null : SqlTrees.unparse(sb.getWhere());
            List<SqlNode> operandsA = sa.getOperandList();
            List<SqlNode> operandsB = inner.getOperandList();
            for (int i = 0; i < operandsA.size(); i++) {
                if (operandsA.get(i) == sa.getWhere() && cutWhere) {
                    continue;
                }
                diff(operandsA.get(i), operandsB.get(i), hereA, hereB, out);
            }
            out.add(new Diff(hereA, hereB, List.of(new Wrap(sa, cutWhere, outerWhere))));
            return;
        }
        if (a instanceof SqlSelect sa && b instanceof SqlSelect sb && selectEdits(sa, sb, hereA, hereB, out)) {
            return;
        }
        if (a instanceof SqlJoin join && !(b instanceof SqlJoin) && sameAlias(join.getRight(), b)) {
            // A join replaced by its right side (LateralTopN: the LATERAL's subquery now ranks every key the left
            // side listed): the left side cut, the right side compared further.
            diff(join.getRight(), b, hereA, hereB, out);
            out.add(new Diff(hereA, hereB, List.of(new ClauseChanges.LeftSideCut(join))));
            return;
        }
        if (a.getKind() == SqlKind.LATERAL && b.getKind().belongsTo(SqlKind.QUERY)) {
            // A LATERAL subquery no longer correlated: its keyword cut, the query compared further.
            diff(((SqlCall) a).operand(0), b, hereA, hereB, out);
            out.add(new Diff(hereA, hereB, List.of(new ClauseChanges.LateralCut((SqlCall) a))));
            return;
        }
        if (a instanceof SqlOrderBy ordered && ordered.offset == null && !(b instanceof SqlOrderBy)
                && b.getKind().belongsTo(SqlKind.QUERY)) {
            // A query's ORDER BY ... LIMIT taken off (its order now a ranking's OVER): cut, the query compared further.
            diff(ordered.query, b, hereA, hereB, out);
            out.add(new Diff(hereA, hereB, List.of(new ClauseChanges.OrderByCut(ordered))));
            return;
        }
        if (a instanceof SqlNodeList la && b instanceof SqlNodeList lb) {
            if (la.size() == lb.size()) {
                for (int i = 0; i < la.size(); i++) {
                    diff(la.get(i), lb.get(i), hereA, hereB, out);
                }
                return;
            }
            Optional<Alignment> aligned = align(la, lb);
            if (aligned.isEmpty()) {
                out.add(new Diff(hereA, hereB, List.of()));
                return;
            }
            for (SqlNode[] pair : aligned.get().pairs()) {
                diff(pair[0], pair[1], hereA, hereB, out);
            }
            if (!aligned.get().edits().isEmpty()) {
                out.add(new Diff(hereA, hereB, aligned.get().edits()));
            }
            return;
        }
        if (a instanceof SqlCall ca && b instanceof SqlCall cb && a.getClass() == b.getClass()
                && ca.getOperator().getName().equals(cb.getOperator().getName())) {
            List<SqlNode> oa = operands(ca);
            List<SqlNode> ob = operands(cb);
            if (oa != null && ob != null && oa.size() == ob.size()) {
                int before = out.size();
                for (int i = 0; i < oa.size(); i++) {
                    diff(oa.get(i), ob.get(i), hereA, hereB, out);
                }
                if (out.size() > before) {
                    return;
                }
            }
        }
        out.add(new Diff(hereA, hereB, List.of()));
    }

    /**
     * The block inside {@code b} when {@code b} is {@code SELECT * FROM (block) WHERE …} and the block
     * is {@code a} with at most its condition changed (its select list and FROM as they were).
     */
    private static Optional<SqlSelect> wrapped(SqlSelect a, SqlSelect b) {
        if (!(b.getFrom() instanceof SqlSelect inner) || b.getWhere() == null || b.getGroup() != null
                || b.getHaving() != null || b.getSelectList().size() != 1
                || !(b.getSelectList().get(0) instanceof org.apache.calcite.sql.SqlIdentifier star) || !star.isStar()
                || a.getFrom() == null || !a.getFrom().equalsDeep(inner.getFrom(), Litmus.IGNORE)
                || !a.getSelectList().equalsDeep(inner.getSelectList(), Litmus.IGNORE)) {
            return Optional.empty();
        }
        return Optional.of(inner);
    }

    /**
     * The clauses of a block that Calcite's parser positions do not place, edited by the tokens of
     * the user's text: hints added to a block that had none (written right after its {@code SELECT}
     * keyword), the hints of a block taken off (its {@code /*+ ... *}{@code /} cut), its {@code WHERE}
     * clause cut or added, its {@code GROUP BY} clause added or cut (with no {@code HAVING}); the block's other clauses compared further, each spliced where it stands. False
     * (nothing recorded) when the block changed otherwise.
     */
    private static boolean selectEdits(SqlSelect a, SqlSelect b, List<SqlNode> hereA, List<SqlNode> hereB, List<Diff> out) {
        boolean hintsA = hasHints(a);
        boolean hintsB = hasHints(b);
        List<TextChange> changes = new ArrayList<>();
        if (!hintsA && hintsB) {
            List<String> hints = new ArrayList<>();
            b.getHints().forEach(h -> hints.add(SqlTrees.unparse(h)));
            changes.add(new HintsAdded(a, " /*+ " + String.join(", ", hints) + " */"));
        } else if (hintsA && !hintsB) {
            changes.add(new HintsCut(a));
        }
        boolean whereCut = a.getWhere() != null && b.getWhere() == null;
        boolean whereAdded = a.getWhere() == null && b.getWhere() != null;
        if (whereCut) {
            changes.add(new WhereCut(a));
        } else if (whereAdded) {
            changes.add(new ClauseChanges.WhereAdded(a, b.getWhere()));
        }
        boolean groupA = a.getGroup() != null && !a.getGroup().isEmpty();
        boolean groupB = b.getGroup() != null && !b.getGroup().isEmpty();
        boolean groupChanged = groupA != groupB && a.getHaving() == null && b.getHaving() == null;
        if (groupChanged && groupB) {
            changes.add(new ClauseChanges.GroupByAdded(a, !whereCut, b.getGroup().getList()));
        } else if (groupChanged) {
            changes.add(new ClauseChanges.GroupByCut(a));
        }
        if (changes.isEmpty()) {
            return false;
        }
        List<SqlNode> oa = a.getOperandList();
        List<SqlNode> ob = b.getOperandList();
        if (oa.size() != ob.size()) {
            return false;
        }
        List<Diff> inner = new ArrayList<>();
        for (int i = 0; i < oa.size(); i++) {
            SqlNode x = oa.get(i);
            SqlNode y = ob.get(i);
            boolean hints = hintsA != hintsB && ((x != null && x == a.getHints()) || (y != null && y == b.getHints()));
            boolean where = (whereCut && x != null && x == a.getWhere()) || (whereAdded && y != null && y == b.getWhere());
            boolean group = groupChanged && ((x != null && x == a.getGroup()) || (y != null && y == b.getGroup()));
            if (!hints && !where && !group) {
                diff(x, y, hereA, hereB, inner);
            }
        }
        out.addAll(inner);
        out.add(new Diff(hereA, hereB, changes));
        return true;
    }

    /**
     * True when {@code b} is the key-value hint {@code a} (same name) with pairs added after {@code a}'s, its keys in
     * their places ({@code SqlHint.HintOptionFormat#KV_LIST}: options alternate key and value).
     */
    private static boolean keysAdded(SqlHint a, SqlHint b) {
        if (a.getOptionFormat() != SqlHint.HintOptionFormat.KV_LIST || b.getOptionFormat() != SqlHint.HintOptionFormat.KV_LIST
                || !a.getName().equals(b.getName())) {
            return false;
        }
        SqlNodeList oa = (SqlNodeList) a.getOperandList().get(1);
        SqlNodeList ob = (SqlNodeList) b.getOperandList().get(1);
        if (oa.isEmpty() || oa.size() % 2 != 0 || ob.size() % 2 != 0 || ob.size() <= oa.size()) {
            return false;
        }
        for (int i = 0; i < oa.size(); i += 2) {
            if (!oa.get(i).equalsDeep(ob.get(i), Litmus.IGNORE)) {
                return false;
            }
        }
        return true;
    }

    /**
     * True when {@code b} is the key-value hint {@code a} (same name) with another number of options, not only pairs added
     * after {@code a}'s ({@link #keysAdded}): a key cut, or pairs in another order.
     */
    private static boolean pairsChanged(SqlHint a, SqlHint b) {
        if (a.getOptionFormat() != SqlHint.HintOptionFormat.KV_LIST || b.getOptionFormat() != SqlHint.HintOptionFormat.KV_LIST
                || !a.getName().equals(b.getName()) || keysAdded(a, b)) {
            return false;
        }
        SqlNodeList oa = (SqlNodeList) a.getOperandList().get(1);
        SqlNodeList ob = (SqlNodeList) b.getOperandList().get(1);
        return oa.size() != ob.size() && oa.size() % 2 == 0 && ob.size() % 2 == 0 && !ob.isEmpty();
    }

    /** True when both are {@code <node> AS <alias>} with the same alias. */
    private static boolean sameAlias(SqlNode a, SqlNode b) {
        return a.getKind() == SqlKind.AS && b.getKind() == SqlKind.AS
                && ((SqlCall) a).operandCount() == 2 && ((SqlCall) b).operandCount() == 2
                && ((SqlCall) a).operand(1).equalsDeep(((SqlCall) b).operand(1), Litmus.IGNORE);
    }

    private static boolean hasHints(SqlSelect select) {
        return select.getHints() != null && !select.getHints().isEmpty();
    }

    /**
     * How list {@code a} became {@code b}, which differ in length: the items both have unchanged
     * (the longest common subsequence of equal items) stay; between two such items, the original's
     * items are paired in order with the changed list's (each pair compared further, so an item
     * changed in place is spliced where it stands), and what one side has more is inserted after
     * the last paired item or cut. A list that gained an item and had another changed ({@code GROUP
     * BY page, TUMBLE(ts, ...)} become {@code GROUP BY page, window_start, window_end}) is so
     * edited item by item, and the rest of its text, its layout and the clause's keyword, kept.
     *
     * @param pairs items of {@code a} and {@code b} at the same place, to compare further
     * @param edits the insertions and cuts
     */
    private record Alignment(List<SqlNode[]> pairs, List<ListEdit> edits) {}

    /** The alignment of {@code a} and {@code b} ({@link Alignment}); empty when {@code a} is empty or the cuts overlap. */
    private static Optional<Alignment> align(SqlNodeList a, SqlNodeList b) {
        if (a.isEmpty()) {
            return Optional.empty();
        }
        int n = a.size();
        int m = b.size();
        int[][] common = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                common[i][j] = a.get(i).equalsDeep(b.get(j), Litmus.IGNORE)
                        ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<SqlNode[]> pairs = new ArrayList<>();
        List<ListEdit> edits = new ArrayList<>();
        int i = 0;
        int j = 0;
        int gapA = 0;
        int gapB = 0;
        while (i < n || j < m) {
            if (i < n && j < m && common[i][j] == common[i + 1][j + 1] + 1
                    && a.get(i).equalsDeep(b.get(j), Litmus.IGNORE)) {
                gap(a, b, gapA, i, gapB, j, pairs, edits);
                i++;
                j++;
                gapA = i;
                gapB = j;
            } else if (j < m && (i == n || common[i][j + 1] >= common[i + 1][j])) {
                j++;
            } else {
                i++;
            }
        }
        gap(a, b, gapA, n, gapB, m, pairs, edits);
        // Two neighbours cut at the end of a list overlap; leave such changes to the list as a whole.
        for (int k = 1; k < edits.size(); k++) {
            if (edits.get(k).removed() != null && edits.get(k).next() == null
                    && edits.get(k).previous() == edits.get(k - 1).removed()) {
                return Optional.empty();
            }
        }
        return Optional.of(new Alignment(pairs, edits));
    }

    /**
     * The items {@code a[fromA, toA)} and {@code b[fromB, toB)} between two unchanged items (or a
     * list's ends): paired in order, then what {@code b} has more inserted after the last paired
     * item (before the next unchanged item where none is paired), or what {@code a} has more cut.
     */
    private static void gap(
            SqlNodeList a, SqlNodeList b, int fromA, int toA, int fromB, int toB, List<SqlNode[]> pairs,
            List<ListEdit> edits) {
        int paired = Math.min(toA - fromA, toB - fromB);
        for (int k = 0; k < paired; k++) {
            pairs.add(new SqlNode[] {a.get(fromA + k), b.get(fromB + k)});
        }
        if (toB - fromB > paired) {
            List<SqlNode> inserted = b.subList(fromB + paired, toB);
            if (fromA + paired > 0) {
                edits.add(ListEdit.insertAfter(a.get(fromA + paired - 1), inserted));
            } else {
                edits.add(ListEdit.insertBefore(a.get(toA), inserted));
            }
        }
        for (int k = fromA + paired; k < toA; k++) {
            edits.add(ListEdit.remove(a.get(k), k + 1 < a.size() ? a.get(k + 1) : null, k > 0 ? a.get(k - 1) : null));
        }
    }

    /** Items a rewrite inserts into a list, unparsed, an order key's {@code ASC} kept where the user wrote it ({@link AscendingKeys}). */
    private static String join(List<SqlNode> items, Offsets offsets) {
        StringBuilder out = new StringBuilder();
        for (SqlNode item : items) {
            if (!out.isEmpty()) {
                out.append(", ");
            }
            out.append(AscendingKeys.unparse(item, offsets));
        }
        return out.toString();
    }

    private static List<SqlNode> operands(SqlCall call) {
        try {
            return call.getOperandList();
        } catch (UnsupportedOperationException e) {
            return null;
        }
    }

    private static List<SqlNode> with(List<SqlNode> path, SqlNode node) {
        List<SqlNode> out = new ArrayList<>(path);
        out.add(node);
        return out;
    }

    /** Character offsets of parser positions in one text (lines split at {@code \n}, tab size 1). */
    static final class Offsets {
        private final int[] lineStarts;
        private final int length;
        private final String text;
        private final SqlNode original;
        private SqlTokens tokens;
        private Map<SqlParserPos, List<SqlNode>> placed;

        Offsets(String text, SqlNode original) {
            this.text = text;
            this.original = original;
            List<Integer> starts = new ArrayList<>();
            starts.add(0);
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') {
                    starts.add(i + 1);
                }
            }
            lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
            length = text.length();
        }

        /** The text the offsets are of. */
        String text() {
            return text;
        }

        /** The offset of the position's first character; -1 when the position is not in the text. */
        int start(SqlParserPos pos) {
            return offset(pos.getLineNum(), pos.getColumnNum());
        }

        /** The offset just after the position's last character; -1 when it is not in the text. */
        int end(SqlParserPos pos) {
            int last = offset(pos.getEndLineNum(), pos.getEndColumnNum());
            return last < 0 ? -1 : last + 1;
        }

        /**
         * {@code node} as the user wrote it where it is a node of the original tree moved unchanged
         * (a condition or a {@code FROM} item a restructuring keeps: it holds the parser position it
         * had, and the original's node there is alike), else unparsed. Its comments and line breaks
         * stay with it.
         */
        String written(SqlNode node) {
            if (placed == null) {
                placed = new HashMap<>();
                index(original);
            }
            SqlParserPos pos = node.getParserPosition();
            for (SqlNode alike : placed.getOrDefault(pos, List.of())) {
                if (alike.getClass() == node.getClass() && alike.equalsDeep(node, Litmus.IGNORE)) {
                    // A condition's parentheses, which its position leaves out, go with it.
                    Optional<ClauseChanges.Span> span = node.getKind().belongsTo(SqlKind.QUERY)
                            ? Optional.empty() : ClauseChanges.parenthesised(alike, this);
                    int start = span.map(ClauseChanges.Span::start).orElse(first(alike, this));
                    int end = span.map(ClauseChanges.Span::end).orElse(last(alike, this));
                    if (start >= 0 && end > start) {
                        return text.substring(start, end);
                    }
                }
            }
            return withMovedText(node).orElseGet(() -> AscendingKeys.unparse(node, this));
        }

        /**
         * {@code node}, which the rewrite made, unparsed with each table function call and join of the user's statement
         * that it holds unchanged written as the user wrote it, line breaks and comments kept: a restructuring moves one
         * into a new block (hint-moved on Flink 1.20 reads {@code table(hop(...)) as w} through {@code (select * from
         * table(hop(...))) as w}, golden 446). Each is unparsed as a placeholder name, which the user's text then
         * replaces; the splice reads the result back, as every splice. Empty where it holds none.
         */
        private Optional<String> withMovedText(SqlNode node) {
            List<SqlNode> moved = new ArrayList<>();
            moved(node, moved);
            if (moved.isEmpty()) {
                return Optional.empty();
            }
            Map<SqlNode, SqlNode> parents = Trees.parents(node);
            Map<String, String> texts = new HashMap<>();
            Map<SqlNode, SqlNode> back = new java.util.IdentityHashMap<>();
            List<SqlNode[]> placed = new ArrayList<>();
            try {
                for (SqlNode m : moved) {
                    Optional<ClauseChanges.Span> span = ClauseChanges.parenthesised(m, this);
                    SqlIdentifier placeholder = SqlTrees.identifier("sql_guard_moved_" + texts.size());
                    if (span.isEmpty() || !Trees.replace(parents, m, placeholder)) {
                        continue;
                    }
                    back.put(placeholder, parents.get(m));
                    placed.add(new SqlNode[] {placeholder, m});
                    texts.put(placeholder.getSimple(), text.substring(span.get().start(), span.get().end()));
                }
                if (texts.isEmpty()) {
                    return Optional.empty();
                }
                String written = AscendingKeys.unparse(node, this);
                for (Map.Entry<String, String> entry : texts.entrySet()) {
                    if (written.indexOf(entry.getKey()) != written.lastIndexOf(entry.getKey())) {
                        return Optional.empty();
                    }
                    written = written.replace(entry.getKey(), entry.getValue());
                }
                return Optional.of(written);
            } finally {
                // The tree is the rewrite's: it is left as it was.
                for (SqlNode[] pair : placed) {
                    Trees.replace(back, pair[0], pair[1]);
                }
            }
        }

        /** The table function calls and joins below {@code node} that are nodes of the original tree, outermost first. */
        private void moved(SqlNode node, List<SqlNode> out) {
            for (SqlNode child : Trees.children(node)) {
                if (child == null) {
                    continue;
                }
                if ((child.getKind() == SqlKind.COLLECTION_TABLE || child instanceof SqlJoin) && isOriginal(child)) {
                    out.add(child);
                } else {
                    moved(child, out);
                }
            }
        }

        /** True when {@code node} is a node of the original tree (it holds its parser position, and the original's node there is alike). */
        boolean isOriginal(SqlNode node) {
            if (placed == null) {
                placed = new HashMap<>();
                index(original);
            }
            return placed.getOrDefault(node.getParserPosition(), List.of()).stream()
                    .anyMatch(alike -> alike.getClass() == node.getClass() && alike.equalsDeep(node, Litmus.IGNORE));
        }

        private void index(SqlNode node) {
            if (node == null) {
                return;
            }
            if (!node.getParserPosition().equals(SqlParserPos.ZERO)) {
                placed.computeIfAbsent(node.getParserPosition(), p -> new ArrayList<>()).add(node);
            }
            Trees.children(node).forEach(this::index);
        }

        /** The tokens of the text, read once (Flink's tokenizer: {@link SqlTokens}). */
        SqlTokens tokens() {
            if (tokens == null) {
                tokens = SqlTokens.of(this);
            }
            return tokens;
        }

        /** The offset of the character at line {@code line}, column {@code column} (both from 1); -1 when not in the text. */
        int offset(int line, int column) {
            if (line < 1 || line > lineStarts.length || column < 1) {
                return -1;
            }
            int at = lineStarts[line - 1] + column - 1;
            return at < length ? at : -1;
        }
    }
}
