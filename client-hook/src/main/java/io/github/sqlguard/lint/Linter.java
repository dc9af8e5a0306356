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
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Finds the scripts among the inputs (files directly, and the files under a directory that the
 * {@link ScriptFilter} accepts, sorted), lints each with a {@link LintEngine} in a session of its own
 * that first runs the init scripts (up to {@code jobs} scripts at once, each engine one at a time),
 * and collects what could not be read as {@link LintProblem}s so the
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
    private final int jobs;

    /**
     * @param engineFactory creates the engine, once, when the first script is read
     * @param progress where progress lines go ({@code System.err}), or {@code null} for none
     */
    public Linter(Supplier<LintEngine> engineFactory, PrintStream progress) {
        this(engineFactory, progress, List.of(), ScriptFilter.ALL_SQL);
    }

    /**
     * @param engineFactory creates the engine, once, when the first script is read (one script at a time)
     * @param progress where progress lines go ({@code System.err}), or {@code null} for none
     * @param init scripts run first in every script's session ({@code sql-client.sh -i})
     * @param filter which files under a directory are linted
     */
    public Linter(Supplier<LintEngine> engineFactory, PrintStream progress, List<Path> init, ScriptFilter filter) {
        this(engineFactory, progress, init, filter, 1);
    }

    /**
     * @param engineFactory creates an engine, for each script linted at the same time as others
     *     (at most {@code jobs}), when the first script is read
     * @param progress where progress lines go ({@code System.err}), or {@code null} for none
     * @param init scripts run first in every script's session ({@code sql-client.sh -i})
     * @param filter which files under a directory are linted
     * @param jobs most scripts linted at once ({@code --jobs}), each in a session and engine of its own
     */
    public Linter(
            Supplier<LintEngine> engineFactory, PrintStream progress, List<Path> init, ScriptFilter filter, int jobs) {
        if (jobs < 1) {
            throw new IllegalArgumentException("at least one script is linted at a time, not " + jobs);
        }
        this.engineFactory = engineFactory;
        this.progress = progress;
        this.init = List.copyOf(init);
        this.filter = filter;
        this.jobs = jobs;
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
     * Scripts are linted {@link #jobs} at a time, each by an engine of its own ({@link
     * LintEngine#lint(List)}: a session per script, nothing shared between scripts but the JVM); the
     * run is reported in file order whatever order they end in.
     */
    public LintRun run(List<Path> inputs, Map<String, PreviousVersion> previous) {
        List<LintProblem> collectProblems = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (Path input : inputs) {
            collect(input, files, collectProblems);
        }
        List<LintProblem> initProblems = new ArrayList<>();
        List<LintEngine.Script> initScripts = new ArrayList<>();
        Set<Path> initFiles = new HashSet<>();
        for (Path file : init) {
            initFiles.add(file.toAbsolutePath().normalize());
            read(file, initProblems).ifPresent(text -> initScripts.add(new LintEngine.Script(display(file), text)));
        }
        files.removeIf(f -> initFiles.contains(f.toAbsolutePath().normalize()));
        Set<String> previousFiles = new HashSet<>();
        previous.values().forEach(p -> previousFiles.add(p.file()));
        // Previous versions first: their jobs are planned before the scripts that restore from them.
        files.sort(Comparator.comparing(f -> !previousFiles.contains(display(f))));
        int firstRestoring = (int) files.stream().filter(f -> previousFiles.contains(display(f))).count();
        Set<String> initNames = new HashSet<>();
        initScripts.forEach(s -> initNames.add(s.file()));

        Linted[] linted = new Linted[files.size()];
        Map<String, LintEngine.Version> versions = new ConcurrentHashMap<>();
        try (Engines engines = new Engines(engineFactory)) {
            // Two phases: the previous versions, then the scripts (a script needs its previous version's jobs).
            inParallel(0, firstRestoring, engines,
                    (i, engine) -> linted[i] = lintOne(files, i, initScripts, previousFiles, previous, versions, engine));
            inParallel(firstRestoring, files.size(), engines,
                    (i, engine) -> linted[i] = lintOne(files, i, initScripts, previousFiles, previous, versions, engine));

            List<String> names = new ArrayList<>(initScripts.stream().map(LintEngine.Script::file).toList());
            List<LintProblem> problems = new ArrayList<>(collectProblems);
            problems.addAll(initProblems);
            List<LintedStatement> statements = new ArrayList<>();
            boolean initReported = false;
            for (Linted script : linted) {
                if (script.problem() != null) {
                    problems.add(script.problem());
                    continue;
                }
                names.add(script.name());
                for (LintedStatement statement : script.statements()) {
                    if (!initNames.contains(statement.file()) || !initReported) {
                        statements.add(statement);
                    }
                }
                initReported = true;
            }
            if (!initReported && !initScripts.isEmpty()) {
                LintEngine engine = engines.take();
                try {
                    statements.addAll(IncompleteEnvironment.reclassify(engine.lint(initScripts)));
                } finally {
                    engines.give(engine);
                }
            }
            return new LintRun(names, statements, problems);
        }
    }

    /** One script of the run, linted, or why it could not be read. */
    private record Linted(String name, List<LintedStatement> statements, LintProblem problem) {}

    private Linted lintOne(
            List<Path> files, int i, List<LintEngine.Script> initScripts, Set<String> previousFiles,
            Map<String, PreviousVersion> previous, Map<String, LintEngine.Version> versions, Supplier<LintEngine> engine) {
        Path file = files.get(i);
        String name = display(file);
        if (progress != null && files.size() >= PROGRESS_FROM) {
            progress.printf("sql-guard lint: [%d/%d] %s%n", i + 1, files.size(), progressName(name, previous));
        }
        List<LintProblem> problems = new ArrayList<>(1);
        Optional<String> text = read(file, problems);
        if (text.isEmpty()) {
            return new Linted(name, List.of(), problems.get(0));
        }
        List<LintEngine.Script> session = new ArrayList<>(initScripts);
        session.add(new LintEngine.Script(name, text.get()));
        List<LintedStatement> statements;
        PreviousVersion before = previous.get(name);
        if (previousFiles.contains(name)) {
            LintEngine.Version version = engine.get().lintVersion(session, Optional.empty());
            versions.put(name, version);
            statements = version.statements();
        } else if (before != null && versions.containsKey(before.file())) {
            statements = engine.get().lintVersion(
                    session, Optional.of(new LintEngine.Previous(before.label(), versions.get(before.file()))))
                    .statements();
        } else {
            statements = engine.get().lint(session);
        }
        return new Linted(name, IncompleteEnvironment.reclassify(statements), null);
    }

    /**
     * How a progress line names a script: a previous version by its label ({@code jobs/agg.sql at main
     * (3f2a1c9)}), not by the scratch file {@code --since} wrote it to.
     */
    private static String progressName(String name, Map<String, PreviousVersion> previous) {
        return previous.values().stream().filter(p -> p.file().equals(name)).map(PreviousVersion::label)
                .findFirst().orElse(name);
    }

    /** Lints the script of one index with the engine of the thread that took it. */
    private interface ScriptTask {
        void lint(int index, Supplier<LintEngine> engine);
    }

    /**
     * Runs {@code task} for each index from {@code from} to {@code to} (exclusive), on up to {@link #jobs}
     * threads (this one among them), each index once, each thread with an engine of {@code engines}
     * taken when it first needs one and given back when it stops; the first failure, in index order, is
     * thrown once every thread has stopped, and no index is started after a failure.
     */
    private void inParallel(int from, int to, Engines engines, ScriptTask task) {
        AtomicInteger nextIndex = new AtomicInteger(from);
        Map<Integer, RuntimeException> failed = new ConcurrentSkipListMap<>();
        Runnable worker = () -> {
            LintEngine[] held = new LintEngine[1];
            Supplier<LintEngine> engine = () -> {
                if (held[0] == null) {
                    held[0] = engines.take();
                }
                return held[0];
            };
            try {
                for (int i = nextIndex.getAndIncrement(); i < to && failed.isEmpty(); i = nextIndex.getAndIncrement()) {
                    try {
                        task.lint(i, engine);
                    } catch (RuntimeException e) {
                        failed.put(i, e);
                    }
                }
            } finally {
                if (held[0] != null) {
                    engines.give(held[0]);
                }
            }
        };
        List<Thread> helpers = new ArrayList<>();
        Map<Thread, Throwable> errors = new ConcurrentHashMap<>();
        for (int t = 1; t < Math.min(jobs, to - from); t++) {
            Thread helper = new Thread(worker, "sql-guard-lint-" + t);
            helper.setDaemon(true);
            helper.setUncaughtExceptionHandler(errors::put);
            helper.start();
            helpers.add(helper);
        }
        worker.run();
        for (Thread helper : helpers) {
            try {
                helper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while the scripts were linted", e);
            }
        }
        for (Throwable error : errors.values()) {
            if (error instanceof Error e) {
                throw e;
            }
        }
        if (!failed.isEmpty()) {
            throw failed.values().iterator().next();
        }
    }

    /**
     * The engines of a run: each thread that lints takes one when it first needs one (an engine lints
     * one script at a time) and gives it back when it stops, for the next thread; created as needed,
     * closed with the run.
     */
    private static final class Engines implements AutoCloseable {

        private final Supplier<LintEngine> factory;
        private final List<LintEngine> created = new ArrayList<>();
        private final List<LintEngine> idle = new ArrayList<>();

        Engines(Supplier<LintEngine> factory) {
            this.factory = factory;
        }

        /** An idle engine, or a new one. */
        LintEngine take() {
            synchronized (this) {
                if (!idle.isEmpty()) {
                    return idle.remove(idle.size() - 1);
                }
            }
            LintEngine engine = factory.get();
            synchronized (this) {
                created.add(engine);
            }
            return engine;
        }

        synchronized void give(LintEngine engine) {
            idle.add(engine);
        }

        @Override
        public synchronized void close() {
            RuntimeException first = null;
            for (LintEngine engine : created) {
                try {
                    engine.close();
                } catch (RuntimeException e) {
                    if (first == null) {
                        first = e;
                    } else {
                        first.addSuppressed(e);
                    }
                }
            }
            if (first != null) {
                throw first;
            }
        }
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
