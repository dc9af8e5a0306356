package io.github.sqlguard.lint;

import io.github.sqlguard.audit.Redactor;
import io.github.sqlguard.rewrite.Rewrite;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.statement.StatementKind;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code lint --fix} and {@code --diff}: the proven rewrites written into the scripts, as {@code
 * sqlfluff fix} writes its fixes. A statement is replaced by the preferred proven rewrite of its
 * highest finding that has one (BLOCK first), where the text report shows it ({@link LintRewrites#splice}:
 * its leading comments stay over it, and its {@code ;} stays). Only proven rewrites are written; a statement whose text
 * is no longer where lint read it (the file changed meanwhile) is left as it is.
 *
 * <p>Each rewrite was proven in the session as the script had made it up to its statement. A fix that
 * changes that session for the statements after it (a {@code SET}, {@code RESET} or DDL statement
 * rewritten, or a rewrite that puts a statement before its own: {@code SET}, {@code ALTER TABLE ... ADD
 * WATERMARK}, a view redefined) can make a later statement's finding, and so its rewrite, moot: a
 * {@code SET 'table.exec.state.ttl' = '24'} written {@code '24 h'} bounds the Top-N below it, whose
 * own rewrite would change its meaning for nothing. So one pass writes the fixes up to and including
 * the first such fix of a file; the later ones are {@link #deferred} (lint again to judge them in the
 * fixed session).
 *
 * @param file the script, as lint reported it
 * @param original its text when lint read it
 * @param fixed its text with the rewrites
 * @param hunks what changed, by lines, in order
 * @param deferred the lines (1-based, in the original) of statements with a proven rewrite not written in
 *     this pass, after a fix that changes the session they were judged in; empty when none
 * @param changedAt the line of that fix; 0 when none
 */
record LintFixes(Path file, String original, String fixed, List<Hunk> hunks, List<Integer> deferred, int changedAt) {

    /** The kinds of statement whose run leaves the session as it was for the statements after it. */
    private static final java.util.Set<String> LEAVE_THE_SESSION = java.util.Set.of(
            StatementKind.QUERY.name(), StatementKind.INSERT.name(), StatementKind.STATEMENT_SET.name(),
            StatementKind.BEGIN_STATEMENT_SET.name(), StatementKind.END_STATEMENT_SET.name(), StatementKind.EXPLAIN.name());

    /**
     * One replaced statement, by whole lines.
     *
     * @param line 1-based first line in the original
     * @param before the original's lines
     * @param after the lines that replace them
     * @param secret true when the rewrite repeats a secret of the statement ({@link Rewrite#carriesSecret()}), or
     *     the replaced lines hold one: written by {@link #write()}, never printed by {@link #diff}
     * @param rewrite the proven rewrite the lines come from
     * @param finding the finding it answers, where lint reported it
     */
    record Hunk(int line, List<String> before, List<String> after, boolean secret, Rewrite rewrite, LintFinding finding) {}

    /** The fixes of every file of {@code run} that has a proven rewrite, in the run's order. */
    static List<LintFixes> of(LintRun run) throws IOException {
        List<LintFixes> out = new ArrayList<>();
        for (Map.Entry<String, List<LintedStatement>> entry : withRewrites(run.statements()).entrySet()) {
            Path file = Path.of(entry.getKey());
            if (Files.isRegularFile(file)) {
                List<LintedStatement> statements = entry.getValue();
                List<LintedStatement> now = onePass(statements);
                List<Integer> deferred = statements.subList(now.size(), statements.size()).stream()
                        .map(LintedStatement::line).toList();
                int changedAt = deferred.isEmpty() ? 0 : now.get(now.size() - 1).line();
                fix(file, Files.readString(file, StandardCharsets.UTF_8), now, deferred, changedAt).ifPresent(out::add);
            }
        }
        return out;
    }

    /**
     * The rewrite one pass of {@code --fix} writes for each of {@code statements} that gets one, by statement
     * (identity): what a report offers as the fix to apply (SARIF {@code fixes}, GitHub {@code suggestion} blocks), so
     * that accepting every fix it offers writes what {@code --fix} writes. A statement gets one fix, however many of
     * its findings a rewrite answers (two findings of one {@code SET}, each proven alone, would otherwise be two
     * replacements of one region); and no statement after a fix that changes the session it was judged in (its
     * rewrite was proven in the session as it was: a later {@code SET} of the table's TTL beside the earlier one
     * rewritten, say).
     */
    static Map<LintedStatement, Rewrite> writtenInOnePass(List<LintedStatement> statements) {
        Map<LintedStatement, Rewrite> out = new java.util.IdentityHashMap<>();
        for (List<LintedStatement> file : withRewrites(statements).values()) {
            onePass(file).forEach(statement -> out.put(statement, rewriteOf(statement).orElseThrow()));
        }
        return out;
    }

    /** The statements that have a rewrite ({@link #rewriteOf}), by file, in the run's order. */
    private static Map<String, List<LintedStatement>> withRewrites(List<LintedStatement> statements) {
        Map<String, List<LintedStatement>> byFile = new LinkedHashMap<>();
        for (LintedStatement statement : statements) {
            if (rewriteOf(statement).isPresent()) {
                byFile.computeIfAbsent(statement.file(), f -> new ArrayList<>()).add(statement);
            }
        }
        return byFile;
    }

    /** One file's statements with a rewrite up to and including the first whose fix changes the session. */
    private static List<LintedStatement> onePass(List<LintedStatement> statements) {
        int cut = 0;
        while (cut < statements.size() && !changesTheSession(statements.get(cut))) {
            cut++;
        }
        return statements.subList(0, Math.min(cut + 1, statements.size()));
    }

    /**
     * The rewrite written for {@code statement}: the first proven one of its highest findings (an advisory's too, where
     * its family answers advisories: {@code '86400000'} written {@code '1 d'}), where it keeps the state the statement
     * restores ({@code --since}, {@code --restores-from}): one that does not ({@link Rewrite#restores()}: lint shows it
     * only where none that restores proved) is shown, never written.
     */
    static Optional<Rewrite> rewriteOf(LintedStatement statement) {
        return fixedFinding(statement).flatMap(statement::rewriteOf);
    }

    /** The finding whose rewrite {@link #rewriteOf} writes for {@code statement}. */
    private static Optional<LintFinding> fixedFinding(LintedStatement statement) {
        for (Level level : new Level[] {Level.BLOCK, Level.WARN, Level.INFO}) {
            for (LintFinding finding : statement.findings()) {
                if (finding.level() == level && !finding.unanalysed()
                        && statement.rewriteOf(finding).filter(Rewrite::restores).isPresent()) {
                    return Optional.of(finding);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * True when writing {@code statement}'s rewrite changes the session the statements after it were
     * judged in: the statement is not one whose run leaves the session as it was (a query, an {@code
     * INSERT}, a statement set, an {@code EXPLAIN}), or the rewrite puts statements before it or
     * redefines a view.
     */
    static boolean changesTheSession(LintedStatement statement) {
        Rewrite rewrite = rewriteOf(statement).orElseThrow();
        return !LEAVE_THE_SESSION.contains(statement.kind()) || rewrite.view().isPresent()
                || !LintRewrites.withoutLastSemicolon(rewrite.sql()).strip()
                        .equals(LintRewrites.withoutLastSemicolon(rewrite.statement()).strip());
    }

    private static Optional<LintFixes> fix(
            Path file, String text, List<LintedStatement> statements, List<Integer> deferred, int changedAt) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        List<Hunk> hunks = new ArrayList<>();
        // From the end, so that the lines of the statements above stay where lint read them.
        for (int i = statements.size() - 1; i >= 0; i--) {
            LintedStatement statement = statements.get(i);
            LintFinding fixed = fixedFinding(statement).orElseThrow();
            Rewrite rewrite = statement.rewriteOf(fixed).orElseThrow();
            LintRewrites.Splice splice = LintRewrites.splice(rewrite, statement);
            int first = splice.line() - 1;
            int last = first + splice.replaced().split("\n", -1).length - 1;
            if (last >= lines.size()) {
                continue;
            }
            int from = splice.column() - 1;
            String block = String.join("\n", lines.subList(first, last + 1));
            if (from > lines.get(first).length() || !block.startsWith(splice.replaced(), from)) {
                continue;
            }
            String changed = block.substring(0, from) + splice.written() + block.substring(from + splice.replaced().length());
            List<String> before = List.copyOf(lines.subList(first, last + 1));
            List<String> after = Arrays.asList(changed.split("\n", -1));
            lines.subList(first, last + 1).clear();
            lines.addAll(first, after);
            boolean secret = rewrite.carriesSecret() || carriesSecret(before) || carriesSecret(after);
            hunks.add(0, new Hunk(first + 1, before, after, secret, rewrite, fixed));
        }
        if (hunks.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new LintFixes(file, text, String.join("\n", lines), hunks, deferred, changedAt));
    }

    /**
     * The note for the rewrites of this file not written in this pass ({@link #deferred}); empty when
     * none.
     */
    Optional<String> deferredNote() {
        if (deferred.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("sql-guard lint: " + file + ": " + deferred.size() + " proven rewrite(s) not written, of the"
                + " statement(s) at line " + String.join(", ", deferred.stream().map(String::valueOf).toList())
                + ": the fix at line " + changedAt + " changes the session they were judged in; lint again to judge"
                + " them after it");
    }

    /**
     * One line per rewrite written, for standard error after {@code --fix}: its family and what it changes in
     * meaning ({@link Rewrite#changes()}), and its output columns where they differ, so that a rewrite that changes
     * the result (a Top-N per window, the latest row by arrival) is not written without a word. The text report
     * prints the same under each finding; this names what was written, at the line and column of the finding it
     * answers, as the report names that finding (not the first line of its statement).
     */
    List<String> writtenNotes() {
        return hunks.stream().map(h -> "sql-guard lint: " + file + ":" + h.finding().line() + ":" + h.finding().column()
                + ": wrote the "
                + h.rewrite().family() + " rewrite; changes: " + h.rewrite().changes()
                + ("same".equals(h.rewrite().columns()) ? "" : "; columns: " + h.rewrite().columns())).toList();
    }

    /** Writes the fixed text over the file. */
    void write() throws IOException {
        Files.writeString(file, fixed, StandardCharsets.UTF_8);
    }

    /**
     * The change as a unified diff with three lines of context, as {@code diff -u} and {@code git diff} write it
     * (java-diff-utils' {@code UnifiedDiffUtils}), so that {@code patch -p1} and {@code git apply} both apply it and a
     * reviewer sees only the lines that change: a rewrite that keeps a statement's other lines shows none of them
     * removed and added again. Without the hunks that would print a secret ({@link Hunk#secret()}): a patch prints
     * the lines it removes and adds as they are, and one with {@code '****'} in their place would not apply, or
     * would write {@code '****'} into the file. Each hunk left out is named on {@code notes}, with the way to get it
     * ({@code lint --fix} writes it into the file, which holds the secret already); the diff printed is still a
     * patch that applies, of the other hunks.
     */
    void diff(PrintWriter out, PrintWriter notes) {
        List<Hunk> printed = hunks.stream().filter(h -> !h.secret()).toList();
        for (Hunk hunk : hunks) {
            if (hunk.secret()) {
                notes.printf("sql-guard lint: %s:%d: the proven rewrite of this statement is not in the diff: it repeats a"
                        + " secret value of the statement (masked in the reports); `sql-guard lint --fix` writes it into"
                        + " the file%n", file, hunk.line());
            }
        }
        notes.flush();
        if (printed.isEmpty()) {
            return;
        }
        List<String> before = lines(original);
        List<String> after = new ArrayList<>(before);
        // From the last hunk up, so that each hunk's line in the original is still its place.
        printed.stream().sorted(Comparator.comparingInt(Hunk::line).reversed()).forEach(hunk -> {
            after.subList(hunk.line() - 1, hunk.line() - 1 + hunk.before().size()).clear();
            after.addAll(hunk.line() - 1, hunk.after());
        });
        Patch<String> patch = DiffUtils.diff(before, after);
        UnifiedDiffUtils.generateUnifiedDiff(
                named(file, "a/"), named(file, "b/"), before, patch, 3).forEach(out::println);
    }

    /** The lines of {@code text}, without the empty one after its last line break. */
    private static List<String> lines(String text) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        if (lines.size() > 1 && lines.get(lines.size() - 1).isEmpty()) {
            lines.remove(lines.size() - 1);
        }
        return lines;
    }

    /**
     * How a diff's header names {@code file}: as {@code git diff} does, under {@code prefix} ({@code
     * a/scripts/x.sql}), for a path relative to the directory lint ran in, which {@code patch -p1} and
     * {@code git apply} apply there; as given, as {@code diff -u} does, for an absolute path ({@code
     * /tmp/x.sql}, not {@code a//tmp/x.sql}), which {@code patch -p1} and {@code git apply} apply from
     * {@code /} (each strips the path's first, empty, component).
     */
    static String named(Path file, String prefix) {
        return file.isAbsolute() ? file.toString() : prefix + file;
    }

    /** True when {@code lines} hold a secret the guard masks: the SQL's literals, or free text ({@link Redactor}). */
    private static boolean carriesSecret(List<String> lines) {
        String text = String.join("\n", lines);
        return !Redactor.maskSecrets(text).equals(text) || !Redactor.maskSql(text).equals(text);
    }
}
