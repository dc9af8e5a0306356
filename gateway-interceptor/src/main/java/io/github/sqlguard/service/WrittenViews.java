package io.github.sqlguard.service;

import io.github.sqlguard.rewrite.WrittenView;
import io.github.sqlguard.statement.ParsedStatement;
import io.github.sqlguard.statement.StatementKind;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code CREATE VIEW} and {@code ALTER VIEW ... AS} statements of one session that the guard handed on, as the
 * user wrote them ({@link WrittenView}), for the rewrites of its later statements (an {@code ALTER VIEW ... RENAME TO}
 * adds them under the new name; a {@code DROP VIEW} forgets nothing, as Flink may refuse it): a rewrite that redefines a
 * view writes the user's definition with its change spliced in, where the catalog keeps only Flink's unparse of the view's query. Which
 * one defines a view is decided against the catalog when a rewrite needs it ({@code WrittenView#defines}), so a view
 * dropped or defined again is never given an old text. Bounded: the newest {@link #MAX_VIEWS} definitions, at most
 * {@link #MAX_CHARS} characters in all (the oldest go first). Thread-safe: recorded in the session's order, read by
 * rewrites proven after a statement's hand-off.
 */
final class WrittenViews {

    static final int MAX_VIEWS = 256;

    /** Most characters of view text a session keeps (about 2 MB of heap). */
    static final long MAX_CHARS = 1024L * 1024;

    private static final Pattern VIEW = Pattern.compile("(?i)\\bVIEW\\b");

    /** Newest first. */
    private final LinkedList<WrittenView> views = new LinkedList<>();
    private long chars;

    /**
     * Notes {@code statement}, handed on to Flink, where it is a {@code CREATE VIEW} or {@code ALTER VIEW ... AS}; renames
     * the definitions of the view an {@code ALTER VIEW ... RENAME TO} renames ({@link #renamed}), keeping them under the
     * old name too; a {@code DROP VIEW} changes nothing (the catalog tells a dropped view's text from a live one's).
     */
    void handedOn(ParsedStatement statement) {
        // Read again only where it may be a view: a CREATE TABLE, the cheap statement of issue 32, is not parsed twice.
        if (statement.kind() != StatementKind.DDL || statement.text().length() > MAX_CHARS
                || !VIEW.matcher(statement.text()).find()) {
            return;
        }
        Optional<WrittenView.Rename> rename = WrittenView.renamed(statement.text());
        if (rename.isPresent()) {
            renamed(rename.get());
            return;
        }
        WrittenView.of(statement.text()).ifPresent(this::add);
    }

    /**
     * Adds, newest, the definitions of the view {@code rename} renames under its new name, oldest first as they were
     * written: Flink's {@code AlterViewRenameOperation} keeps the view's query and columns under the new name, so a
     * rewrite that redefines it writes the user's text naming the new one. The definitions under the old name stay,
     * as those of a view dropped do: the statement is handed on before Flink runs it, and where Flink refuses it (a
     * new name taken, a view that is not there) the view keeps its name, or is still there, with that text; which text
     * defines a view is asked of the catalog when a rewrite needs it ({@code WrittenView#defines}).
     */
    private synchronized void renamed(WrittenView.Rename rename) {
        List<WrittenView> moved = new ArrayList<>();
        for (WrittenView view : views) {
            if (matches(view.name(), rename.from())) {
                view.renamedTo(rename).ifPresent(w -> moved.add(0, w));
            }
        }
        moved.forEach(this::add);
    }

    /** Keeps {@code view} as the newest definition, within the bound (the oldest go first). */
    private synchronized void add(WrittenView view) {
        views.addFirst(view);
        chars += length(view);
        while (views.size() > MAX_VIEWS || chars > MAX_CHARS) {
            chars -= length(views.removeLast());
        }
    }

    /** A name as written and another alike, one ending the other ({@code v} and {@code db.v}), as a DROP VIEW matches. */
    private static boolean matches(List<String> name, List<String> other) {
        return endsWith(name, other) || endsWith(other, name);
    }

    /** The kept definitions, newest first. */
    synchronized List<WrittenView> newestFirst() {
        return Collections.unmodifiableList(new ArrayList<>(views));
    }

    private static boolean endsWith(List<String> name, List<String> end) {
        return name.size() >= end.size() && name.subList(name.size() - end.size(), name.size()).equals(end);
    }

    private static long length(WrittenView view) {
        return view.head().length() + view.query().length() + view.tail().length();
    }
}
