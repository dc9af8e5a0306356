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
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Finds the scripts among the inputs ({@code .sql} files directly, and every {@code *.sql} file
 * under a directory, sorted), lints each with one {@link LintEngine}, and collects what could not be
 * read as {@link LintProblem}s so the other scripts are still linted.
 */
public final class Linter {

    /** From this many scripts on, a progress line per script goes to the progress stream. */
    public static final int PROGRESS_FROM = 5;

    private final Supplier<LintEngine> engineFactory;
    private final PrintStream progress;

    /**
     * @param engineFactory creates the engine, once, when the first script is read
     * @param progress where progress lines go ({@code System.err}), or {@code null} for none
     */
    public Linter(Supplier<LintEngine> engineFactory, PrintStream progress) {
        this.engineFactory = engineFactory;
        this.progress = progress;
    }

    /** Lints every script of {@code inputs}. */
    public LintRun run(List<Path> inputs) {
        List<LintProblem> problems = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (Path input : inputs) {
            collect(input, files, problems);
        }
        List<String> names = new ArrayList<>();
        List<LintedStatement> statements = new ArrayList<>();
        LintEngine engine = null;
        try {
            for (int i = 0; i < files.size(); i++) {
                Path file = files.get(i);
                String name = display(file);
                if (progress != null && files.size() >= PROGRESS_FROM) {
                    progress.printf("sql-guard lint: [%d/%d] %s%n", i + 1, files.size(), name);
                }
                String text;
                try {
                    text = Files.readString(file, StandardCharsets.UTF_8);
                } catch (CharacterCodingException e) {
                    problems.add(new LintProblem(name, "not UTF-8 text"));
                    continue;
                } catch (IOException e) {
                    problems.add(new LintProblem(name, "cannot read the file (" + reason(e) + ")"));
                    continue;
                }
                if (engine == null) {
                    engine = engineFactory.get();
                }
                names.add(name);
                statements.addAll(engine.lint(name, text));
            }
        } finally {
            if (engine != null) {
                engine.close();
            }
        }
        return new LintRun(names, statements, problems);
    }

    private static void collect(Path input, List<Path> files, List<LintProblem> problems) {
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
                walk.filter(p -> p.getFileName().toString().endsWith(".sql") && Files.isRegularFile(p))
                        .sorted()
                        .forEach(found::add);
            } catch (IOException | UncheckedIOException e) {
                IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
                problems.add(new LintProblem(name, "cannot read everything under the directory (" + reason(cause) + ")"));
            }
            if (found.isEmpty()) {
                problems.add(new LintProblem(name, "no .sql files in the directory"));
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
