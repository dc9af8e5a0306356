package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;
import io.github.sqlguard.flink.FlinkLine;

import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
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
     * its own column names); empty for any other statement, and for one with text after its query that
     * is not a closing parenthesis (a comment there would swallow the {@code ;} the rewrite puts after it).
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
        String tail = statement.substring(to).stripTrailing();
        if (!tail.chars().allMatch(c -> c == ')' || Character.isWhitespace(c))) {
            return Optional.empty();
        }
        return Optional.of(new WrittenView(
                name.names, statement.substring(start, from), statement.substring(from, to), tail));
    }

    /**
     * The name {@code statement} drops, by parts as written, where it is a {@code DROP [TEMPORARY] VIEW} Flink's parser
     * reads ({@code SqlKind#DROP_VIEW}, the view's name its first operand in both lines); empty for any other statement.
     */
    public static Optional<List<String>> dropped(String statement) {
        return SqlTrees.parse(statement)
                .filter(tree -> tree.getKind() == SqlKind.DROP_VIEW && !((SqlCall) tree).getOperandList().isEmpty())
                .map(tree -> ((SqlCall) tree).getOperandList().get(0))
                .filter(SqlIdentifier.class::isInstance)
                .map(name -> List.copyOf(((SqlIdentifier) name).names));
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
                || !identifier.subList(identifier.size() - name.size(), identifier.size()).equals(name)) {
            return false;
        }
        Optional<SqlNode> written = SqlTrees.parse(query);
        Optional<SqlNode> kept = SqlTrees.parse(view.query().get());
        return written.isPresent() && kept.isPresent() && written.get().equalsDeep(kept.get(), Litmus.IGNORE);
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
