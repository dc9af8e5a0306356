package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.flink.FlinkLine;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.util.Litmus;

import java.util.List;
import java.util.Optional;

/**
 * A {@code CREATE VIEW} or {@code ALTER VIEW ... AS} as the user wrote it (under the name an {@code ALTER VIEW ...
 * RENAME TO} gave the view since: {@link #renamedTo}), in the session the guard decides (or the script lint reads): for a
 * rewrite that redefines the view, whose new definition is then the user's own with the change spliced into its
 * query ({@link Splicer}), not the query the catalog keeps ({@code CatalogView#getOriginalQuery}: Flink's unparse of
 * it, on one line, every identifier in back-ticks, {@code JOIN} written {@code INNER JOIN}, comments gone).
 *
 * @param name the view's name as written, by parts ({@code shop.orders_v}: {@code shop}, {@code orders_v})
 * @param head the statement from its first token to its query ({@code CREATE TEMPORARY VIEW v (a, b) AS\n}), or to
 *     the parenthesis before it
 * @param query the query as written
 * @param tail what follows the query: the closing parentheses of a parenthesised one, else empty
 */
public record WrittenView(List<String> name, String head, String query, String tail) {

    public WrittenView {
        name = List.copyOf(name);
    }

    /**
     * The definition {@code statement} writes, where it is a {@code CREATE VIEW} or an {@code ALTER VIEW ... AS} Flink's
     * parser reads ({@code FlinkLine#viewQuery}; Flink's {@code AlterViewAsOperation} gives the view the new query, with
     * its own column names); empty for any other statement, and for one with text after its query other than closing
     * parentheses and comments ({@link #tail}).
     */
    public static Optional<WrittenView> of(String statement) {
        Optional<SqlNode> tree = SqlTrees.parse(statement);
        SqlNode query = tree.map(FlinkLine.current()::viewQuery).orElse(null);
        // The view's name is the first operand of SqlCreateView and SqlAlterViewAs in both lines (1.20: ddl.SqlCreateView;
        // 2.x: ddl.view.SqlCreateView, whose getOperandList is name, field list, query, replace; SqlAlterViewAs: name,
        // query).
        if (query == null || !(((SqlCall) tree.get()).getOperandList().get(0) instanceof SqlIdentifier name)) {
            return Optional.empty();
        }
        Splicer.Offsets offsets = new Splicer.Offsets(statement, tree.get());
        // The statement's first token: an ALTER VIEW's node starts at its VIEW keyword, not at ALTER.
        SqlTokens.Tok first = offsets.tokens().get(0);
        int start = first != null ? first.start() : Splicer.first(tree.get(), offsets);
        int from = Splicer.first(query, offsets);
        int to = Splicer.last(query, offsets);
        if (start < 0 || from < start || to <= from) {
            return Optional.empty();
        }
        Optional<String> tail = tail(statement.substring(to));
        if (tail.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new WrittenView(
                name.names, statement.substring(start, from), statement.substring(from, to), tail.get()));
    }

    /**
     * What follows a view's query, kept as written where it holds only closing parentheses, white space and comments
     * ({@code ) -- all regions}); a {@code --} comment on its last line is followed by a line break, so that nothing a
     * rewrite writes after the definition (its {@code ;}, the next statement) falls into the comment. Empty for any
     * other text.
     */
    static Optional<String> tail(String after) {
        String tail = after.stripTrailing();
        boolean lineComment = false;
        for (int i = 0; i < tail.length(); ) {
            char c = tail.charAt(i);
            lineComment = false;
            if (c == ')' || Character.isWhitespace(c)) {
                i++;
            } else if (tail.startsWith("--", i)) {
                int end = tail.indexOf('\n', i);
                lineComment = end < 0;
                i = end < 0 ? tail.length() : end + 1;
            } else if (tail.startsWith("/*", i)) {
                int end = tail.indexOf("*/", i + 2);
                if (end < 0) {
                    return Optional.empty();
                }
                i = end + 2;
            } else {
                return Optional.empty();
            }
        }
        return Optional.of(lineComment ? tail + "\n" : tail);
    }

    /**
     * The rename {@code statement} writes, where it is an {@code ALTER VIEW v RENAME TO w} Flink's parser reads ({@code
     * FlinkLine#isViewRename}); empty for any other statement. Flink's {@code AlterViewRenameOperation} gives the view the
     * new name and keeps its definition (the catalog's query and columns), so the session's text of it defines it under
     * that name ({@link #renamedTo}).
     */
    public static Optional<Rename> renamed(String statement) {
        Optional<SqlNode> tree = SqlTrees.parse(statement).filter(FlinkLine.current()::isViewRename);
        if (tree.isEmpty() || ((SqlCall) tree.get()).getOperandList().size() != 2
                || !(((SqlCall) tree.get()).getOperandList().get(0) instanceof SqlIdentifier from)
                || !(((SqlCall) tree.get()).getOperandList().get(1) instanceof SqlIdentifier to)) {
            return Optional.empty();
        }
        Splicer.Offsets offsets = new Splicer.Offsets(statement, tree.get());
        int start = Splicer.first(to, offsets);
        int end = Splicer.last(to, offsets);
        if (start < 0 || end <= start) {
            return Optional.empty();
        }
        return Optional.of(new Rename(List.copyOf(from.names), List.copyOf(to.names), statement.substring(start, end)));
    }

    /**
     * An {@code ALTER VIEW ... RENAME TO}.
     *
     * @param from the view's name, by parts as written
     * @param to its new name, by parts as written
     * @param written the new name as written ({@code shop.`clicks-by-country`}), for a definition's head
     */
    public record Rename(List<String> from, List<String> to, String written) {

        public Rename {
            from = List.copyOf(from);
            to = List.copyOf(to);
        }
    }

    /**
     * This definition under the name {@code rename} gives it: its head names the view as {@code rename} writes the new
     * name ({@code CREATE VIEW clicks_by_country (page, country) AS} becomes {@code CREATE VIEW clicks_per_country (page,
     * country) AS}), its query and column list as written; empty where the head's name is not found in it.
     */
    public Optional<WrittenView> renamedTo(Rename rename) {
        String statement = with(query);
        Optional<SqlNode> tree = SqlTrees.parse(statement);
        if (tree.isEmpty() || !(tree.get() instanceof SqlCall call) || call.getOperandList().isEmpty()
                || !(call.getOperandList().get(0) instanceof SqlIdentifier written)) {
            return Optional.empty();
        }
        Splicer.Offsets offsets = new Splicer.Offsets(statement, tree.get());
        int start = Splicer.first(written, offsets);
        int end = Splicer.last(written, offsets);
        if (start < 0 || end <= start || end > head.length()) {
            return Optional.empty();
        }
        return Optional.of(new WrittenView(
                rename.to(), head.substring(0, start) + rename.written() + head.substring(end), query, tail));
    }

    /**
     * True when this is the definition of {@code view} as the session holds it: its name, as written, ends the view's
     * identifier (catalog, database, name), and its query reads as the view's query in the catalog (the two trees
     * alike, quoting aside). A view dropped and defined again by another route, or with another query, is not.
     */
    boolean defines(CatalogObject view) {
        List<String> identifier = view.identifier();
        if (!view.view() || view.query().isEmpty() || name.size() > identifier.size()
                || !identifier.subList(identifier.size() - name.size(), identifier.size()).equals(name)
                || temporary().map(t -> t != view.temporary()).orElse(false)) {
            return false;
        }
        Optional<SqlNode> written = SqlTrees.parse(query);
        Optional<SqlNode> kept = SqlTrees.parse(view.query().get());
        return written.isPresent() && kept.isPresent() && written.get().equalsDeep(kept.get(), Litmus.IGNORE);
    }

    /**
     * Whether a {@code CREATE VIEW} defines a temporary view ({@code CREATE TEMPORARY VIEW}); empty for an {@code ALTER
     * VIEW}, which keeps the view's kind. A temporary view and a persistent one of the same name are two views (the
     * temporary one shadows the other): the text of one never defines the other.
     */
    private Optional<Boolean> temporary() {
        String[] words = head.strip().split("\\s+");
        if (words.length == 0 || !words[0].equalsIgnoreCase("CREATE")) {
            return Optional.empty();
        }
        for (String word : words) {
            if (word.equalsIgnoreCase("VIEW")) {
                return Optional.of(false);
            }
            if (word.equalsIgnoreCase("TEMPORARY")) {
                return Optional.of(true);
            }
        }
        return Optional.empty();
    }

    /**
     * True when the definition names the view's columns ({@code CREATE VIEW v (a, b) AS ...}): the field list, the
     * second operand of Flink's {@code SqlCreateView} in both lines. {@code ALTER VIEW v AS <query>} has none, and
     * Flink's {@code AlterViewAsOperation} gives the view the new query's own column names.
     */
    boolean hasColumnList() {
        Optional<SqlNode> tree = SqlTrees.parse(with(query));
        return tree.isPresent() && tree.get() instanceof SqlCall create && create.getOperandList().size() > 1
                && create.getOperandList().get(1) instanceof SqlNodeList columns && !columns.isEmpty();
    }

    /** The definition with {@code query} in place of its own. */
    String with(String query) {
        return head + query + tail;
    }
}
