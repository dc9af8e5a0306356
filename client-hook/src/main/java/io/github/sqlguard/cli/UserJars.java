package io.github.sqlguard.cli;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The user's jars (connectors, formats, catalogs, UDFs) for the embedded gateway's {@code
 * DefaultContext}, as {@code sql-client.sh --jar} and {@code --library} give them: every session's
 * class loader holds them.
 */
public final class UserJars {

    private UserJars() {}

    /**
     * The jars of {@code jars} (files) and {@code classpath} entries (each a jar, a directory whose
     * {@code *.jar} files are taken, or {@code DIR/*} for the same), without duplicates, in order.
     *
     * @throws IllegalArgumentException naming the entry, for one that is missing, unreadable, or
     *     neither a jar nor a directory
     */
    public static List<URI> resolve(List<Path> jars, List<Path> classpath) {
        Set<URI> out = new LinkedHashSet<>();
        for (Path jar : jars) {
            out.add(jar(jar, "--jar"));
        }
        for (Path entry : classpath) {
            Path dir = entry.getFileName() != null && entry.getFileName().toString().equals("*") ? entry.getParent() : entry;
            if (dir != null && Files.isDirectory(dir)) {
                out.addAll(directory(dir));
            } else {
                out.add(jar(entry, "--classpath"));
            }
        }
        return List.copyOf(out);
    }

    /** The entries of a path-separated list ({@code a.jar:lib/} on Unix), blanks dropped. */
    public static List<Path> splitClasspath(String classpath) {
        List<Path> out = new ArrayList<>();
        if (classpath == null) {
            return out;
        }
        for (String entry : classpath.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                out.add(Path.of(entry.strip()));
            }
        }
        return out;
    }

    private static URI jar(Path jar, String option) {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException(option + " " + jar + ": no such file");
        }
        if (!Files.isReadable(jar)) {
            throw new IllegalArgumentException(option + " " + jar + ": cannot read the file (permission denied)");
        }
        if (!jar.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar")) {
            throw new IllegalArgumentException(option + " " + jar + ": not a .jar file");
        }
        return jar.toAbsolutePath().normalize().toUri();
    }

    private static List<URI> directory(Path dir) {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> Files.isRegularFile(f) && f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".jar"))
                    .sorted()
                    .map(f -> f.toAbsolutePath().normalize().toUri())
                    .toList();
        } catch (IOException e) {
            throw new IllegalArgumentException("--classpath " + dir + ": cannot read the directory (" + e.getMessage() + ")", e);
        }
    }
}
