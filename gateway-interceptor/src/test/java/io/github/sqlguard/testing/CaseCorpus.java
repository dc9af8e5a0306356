package io.github.sqlguard.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The case corpus every suite runs: the shared cases and the project's own.
 *
 * <p>The shared cases are kept in the repository ({@code
 * gateway-interceptor/src/test/resources/shared-cases}), so a fresh clone tests with nothing beside
 * it. When the live corpus is there too ({@code ../shared/cases} beside the repository, or {@code
 * -Dsql-guard.cases.dir=DIR}), it is run instead of the copy, and the suite says so on standard
 * error, naming any case whose copy differs or is missing (refresh the copy from it).
 */
public final class CaseCorpus {

    private CaseCorpus() {}

    /** The project's own cases. */
    public static Path ownDir() {
        return GuardedGateway.projectRoot().resolve("gateway-interceptor/src/test/resources/cases");
    }

    /** The repository's copy of the shared cases. */
    public static Path sharedCopyDir() {
        return GuardedGateway.projectRoot().resolve("gateway-interceptor/src/test/resources/shared-cases");
    }

    /** The shared cases to run: the live corpus when present, else the repository's copy. */
    public static Path sharedDir() {
        String configured = System.getProperty("sql-guard.cases.dir");
        Path live = configured != null
                ? Path.of(configured)
                : GuardedGateway.projectRoot().resolveSibling("shared").resolve("cases");
        if (Files.isDirectory(live)) {
            reportDifferences(live);
            return live;
        }
        System.err.println("sql-guard tests: no live case corpus at " + live.toAbsolutePath()
                + "; running the repository's copy " + sharedCopyDir());
        return sharedCopyDir();
    }

    /** Every case script: the shared ones, then the project's own, each set sorted by name. */
    public static List<Path> all() {
        List<Path> files = new ArrayList<>(scripts(sharedDir()));
        files.addAll(scripts(ownDir()));
        return files;
    }

    /**
     * The rule ids a case's {@code -- expect:} header names: the Flink 2.3 verdict, whatever this
     * build's line decides ({@link SqlScript#read} gives the line's).
     */
    public static List<String> headerRules(Path file) {
        try {
            return Files.readAllLines(file).stream()
                    .filter(line -> line.startsWith("-- expect:"))
                    .findFirst()
                    .map(line -> Arrays.stream(line.substring("-- expect:".length()).strip().split("\\s+")).skip(1).toList())
                    .orElse(List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The rewrite families a case's {@code -- expect-rewrite:} header names: the guard must offer a
     * proven rewrite of each for the case's last statement (issue 23); empty without the header.
     */
    public static List<String> expectedRewrites(Path file) {
        try {
            return Files.readAllLines(file).stream()
                    .filter(line -> line.startsWith("-- expect-rewrite:"))
                    .findFirst()
                    .map(line -> Arrays.stream(line.substring("-- expect-rewrite:".length()).strip().split("\\s+")).toList())
                    .orElse(List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code .sql} files of {@code dir}, sorted. */
    public static List<Path> scripts(Path dir) {
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.toString().endsWith(".sql")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void reportDifferences(Path live) {
        Map<String, String> stale = new TreeMap<>();
        for (Path file : scripts(live)) {
            Path copy = sharedCopyDir().resolve(file.getFileName().toString());
            try {
                if (!Files.exists(copy)) {
                    stale.put(file.getFileName().toString(), "missing from the copy");
                } else if (!Arrays.equals(Files.readAllBytes(file), Files.readAllBytes(copy))) {
                    stale.put(file.getFileName().toString(), "differs from the copy");
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        System.err.println("sql-guard tests: running the live case corpus " + live.toAbsolutePath()
                + (stale.isEmpty() ? " (the repository's copy is up to date)" : "; refresh the copy: " + stale));
    }
}
