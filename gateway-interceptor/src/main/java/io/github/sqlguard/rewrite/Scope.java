package io.github.sqlguard.rewrite;

import io.github.sqlguard.flink.CatalogObject;

import org.apache.calcite.sql.SqlNode;

import java.util.Optional;

/**
 * Where a rewrite may change SQL: the statement itself, or a view it reads (directly or through
 * other views), whose definition the rewrite then replaces. Each {@link #tree()} is parsed anew,
 * for one candidate alone to change; {@link #read()} is the scope's one tree to read (what the scope reads, the
 * original a changed tree is spliced against), which nothing changes.
 *
 * @param text the SQL of the scope: the statement's text, or the view's query as the user wrote it ({@code written}),
 *     else as Flink keeps it
 * @param view the view, for a view's scope
 * @param written the view's definition as the session wrote it, where the guard saw it ({@link WrittenView})
 * @param writtenName how the referring scope names the view (as written there)
 * @param parent the scope that reads the view; empty for the statement's scope
 * @param read the tree of {@code text} as {@link #tree()} reads it, read only: the statement's kept tree ({@link
 *     RewriteContext#statementTree}), a view's query parsed once; empty when Flink's parser cannot read it
 */
record Scope(String text, Optional<CatalogObject> view, Optional<WrittenView> written, String writtenName,
        Optional<Scope> parent, Optional<SqlNode> read) {

    /** The statement's own scope, of its {@code text} and the tree it was read into ({@link RewriteContext#statementTree}). */
    static Scope statement(String text, Optional<SqlNode> read) {
        return new Scope(text, Optional.empty(), Optional.empty(), "", Optional.empty(), read);
    }

    /**
     * The scope of {@code view}, read by {@code parent} under {@code writtenName}: its query as {@code written} writes
     * it where the session defined it so, else as the catalog keeps it.
     */
    static Scope view(CatalogObject view, Optional<WrittenView> written, String writtenName, Scope parent) {
        String text = written.map(WrittenView::query).orElseGet(() -> view.query().orElseThrow());
        return new Scope(text, Optional.of(view), written, writtenName, Optional.of(parent), parse(text, written));
    }

    boolean isStatement() {
        return view.isEmpty();
    }

    /**
     * A fresh tree of {@link #text()}, for one candidate to change; empty when Flink's parser cannot
     * read it. A view's query as Flink keeps it has every identifier in back-ticks, Flink's writing,
     * not the user's: its tree has them taken off where Flink's parser needs none ({@link
     * Identifiers#plain}), so that what a rewrite says of it names them as the user would (such a view
     * is rewritten whole; one the user's text {@link #written} defines is spliced, as a statement is).
     */
    Optional<SqlNode> tree() {
        return view.isEmpty() ? SqlTrees.parse(text) : parse(text, written);
    }

    /** A view's query {@code text}, parsed: as written where the session wrote it, else with Flink's quoting taken off. */
    private static Optional<SqlNode> parse(String text, Optional<WrittenView> written) {
        return written.isPresent() ? SqlTrees.parse(text) : SqlTrees.parse(text).map(Identifiers::plain);
    }

    /** How many views deep this scope is: 0 for the statement. */
    int depth() {
        return parent.map(p -> p.depth() + 1).orElse(0);
    }
}
