package io.github.sqlguard.lint;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Finds the scripts among the inputs (files directly, and the files under a directory that the
 * {@link ScriptFilter} accepts, sorted), lints each with one {@link LintEngine} in a session that
 * first runs the init scripts, and collects what could not be read as {@link LintProblem}s so the
 * other scripts are still linted. The init scripts' statements are reported once, under their own
 * file names, and an init script is never linted again as a script.
 */
public final class Linter {

    /** From this many scripts on, a progress line per script goes to the progress stream. */
    public static final int PROGRESS_FROM = 5;

    private final Supplier<LintEngine> engineFactory;
    private final PrintStream progress;
    private final List<Path> init;
    private final ScriptFilter filter;

    /**
     * @param engineFactory creates the engine, once, when the first script is read
     * @param progress where progress lines go ({@code System.err}), or {@code null} for none
     */
    public Linter(Supplier<LintEngine> engineFactory, PrintStream progress) {
        this(engineFactory, progress, List.of(), ScriptFilter.ALL_SQL);
    }

    /**
     * @param engineFactory creates the engine, once, when the first script is read
     * @param progress where progress lines go ({@code System.err}), or {@code null} for none
     * @param init scripts run first in every script's session ({@code sql-client.sh -i})
     * @param filter which files under a directory are linted
     */
    public Linter(Supplier<LintEngine> engineFactory, PrintStream progress, List<Path> init, ScriptFilter filter) {
        this.engineFactory = engineFactory;
        this.progress = progress;
        this.init = List.copyOf(init);
        this.filter = filter;
    }

    /** Lints every script of {@code inputs}. */
    public LintRun run(List<Path> inputs) {
        return run(inputs, Map.of());
    }

    /**
     * A script's previous version, among the inputs: its jobs are what the script's jobs restore from.
     *
     * @param file the previous version's file, as the run names it ({@link #display})
     * @param label how findings name it: {@code jobs/agg.sql at main (3f2a1c9)}
     */
    public record PreviousVersion(String file, String label) {}

    /**
     * Lints every script of {@code inputs}; a script with a previous version in {@code previous} (by
     * its name in the run) has each of its jobs judged as a restore of that version's job ({@link
     * LintEngine#lintVersion}). Previous versions are linted first, each in a session of its own.
     */
    public LintRun run(List<Path> inputs, Map<String, PreviousVersion> previous) {
        List<LintProblem> problems = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (Path input : inputs) {
            collect(input, files, problems);
        }
        List<String> names = new ArrayList<>();
        List<LintEngine.Script> initScripts = new ArrayList<>();
        Set<Path> initFiles = new HashSet<>();
        for (Path file : init) {
            initFiles.add(file.toAbsolutePath().normalize());
            read(file, problems).ifPresent(text -> {
                initScripts.add(new LintEngine.Script(display(file), text));
                names.add(display(file));
            });
        }
        files.removeIf(f -> initFiles.contains(f.toAbsolutePath().normalize()));
        Set<String> previousFiles = new HashSet<>();
        previous.values().forEach(p -> previousFiles.add(p.file()));
        // Previous versions first: their jobs are planned before the scripts that restore from them.
        files.sort(Comparator.comparing(f -> !previousFiles.contains(display(f))));
        Map<String, LintEngine.Version> versions = new HashMap<>();
        Set<String> initNames = new HashSet<>();
        initScripts.forEach(s -> initNames.add(s.file()));
        List<LintedStatement> statements = new ArrayList<>();
        LintEngine engine = null;
        boolean initReported = false;
        try {
            for (int i = 0; i < files.size(); i++) {
                Path file = files.get(i);
                String name = display(file);
                if (progress != null && files.size() >= PROGRESS_FROM) {
                    progress.printf("sql-guard lint: [%d/%d] %s%n", i + 1, files.size(), name);
                }
                Optional<String> text = read(file, problems);
                if (text.isEmpty()) {
                    continue;
                }
                if (engine == null) {
                    engine = engineFactory.get();
                }
                names.add(name);
                List<LintEngine.Script> session = new ArrayList<>(initScripts);
                session.add(new LintEngine.Script(name, text.get()));
                List<LintedStatement> linted;
                PreviousVersion before = previous.get(name);
                if (previousFiles.contains(name)) {
                    LintEngine.Version version = engine.lintVersion(session, Optional.empty());
                    versions.put(name, version);
                    linted = version.statements();
                } else if (before != null && versions.containsKey(before.file())) {
                    linted = engine.lintVersion(
                            session, Optional.of(new LintEngine.Previous(before.label(), versions.get(before.file()))))
                            .statements();
                } else {
                    linted = engine.lint(session);
                }
                for (LintedStatement statement : IncompleteEnvironment.reclassify(linted)) {
                    if (!initNames.contains(statement.file()) || !initReported) {
                        statements.add(statement);
                    }
                }
                initReported = true;
            }
            if (!initReported && !initScripts.isEmpty()) {
                engine = engineFactory.get();
                statements.addAll(IncompleteEnvironment.reclassify(engine.lint(initScripts)));
            }
        } finally {
            if (engine != null) {
                engine.close();
            }
        }
        return new LintRun(names, statements, problems);
    }

    private static Optional<String> read(Path file, List<LintProblem> problems) {
        String name = display(file);
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (CharacterCodingException e) {
            problems.add(new LintProblem(name, "not UTF-8 text"));
        } catch (IOException e) {
            problems.add(new LintProblem(name, "cannot read the file (" + reason(e) + ")"));
        }
        return Optional.empty();
    }

    private void collect(Path input, List<Path> files, List<LintProblem> problems) {
        String name = display(input);
        if (!Files.exists(input)) {
            problems.add(new LintProblem(name, "no such file or directory"));
        } else if (Files.isDirectory(input)) {
            if (!Files.isReadable(input) || !Files.isExecutable(input)) {
                problems.add(new LintProblem(name, "cannot read the directory (permission denied)"));
                return;
            }
            List<Path> found = new ArrayList<>();
            try (Stream<Path> walk = Files.walk(input)) {
                walk.filter(p -> Files.isRegularFile(p) && filter.accepts(input, p))
                        .sorted()
                        .forEach(found::add);
            } catch (IOException | UncheckedIOException e) {
                IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
                problems.add(new LintProblem(name, "cannot read everything under the directory (" + reason(cause) + ")"));
            }
            if (found.isEmpty()) {
                problems.add(new LintProblem(name, filter == ScriptFilter.ALL_SQL
                        ? "no .sql files in the directory"
                        : "no file in the directory matches the include globs (sql-guard.yaml)"));
            }
            files.addAll(found);
        } else if (!Files.isReadable(input)) {
            problems.add(new LintProblem(name, "cannot read the file (permission denied)"));
        } else {
            files.add(input);
        }
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        if (e instanceof NoSuchFileException n) {
            return "no such file: " + n.getFile();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The path as the user gave it, with '/' separators. */
    static String display(Path path) {
        return path.normalize().toString().replace('\\', '/');
    }
}
