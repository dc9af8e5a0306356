package io.github.sqlguard.rules.limits;

import io.github.sqlguard.restore.PlanStore;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.DeploymentOptionsInternal;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The locations where the guard keeps its own files, which no statement may read or write: its
 * policy (Flink's configuration directory, the {@code config.yaml} a reload applies), its logs and
 * its audit. Derived from what the gateway's process says of itself ({@link #ownLocations}), plus
 * what the administrator adds ({@code sql-guard.protected.paths}). Each location is a directory
 * prefix at a {@code /} boundary, as {@link Location#within} matches.
 *
 * <p>A statement's location is read as Flink reads it ({@link #covers}): with Flink's {@link Path}
 * (no character trimmed), a relative one qualified against the gateway's working directory as
 * Flink's {@code ResourceManager#getURLFromPath} and {@code LocalFileSystem} do, and a local one
 * with its symbolic links resolved as the file system follows them ({@link #followLinks}, a link
 * to a file not there yet included), so {@code file:///tmp/link/config.yaml} through a link to the
 * configuration directory, and {@code /tmp/p.json} linked to {@code <conf>/new.json}, are covered too;
 * so is a hard link elsewhere to a file of a protected directory ({@link HardLinks}).
 */
public final class GuardFiles {

    /** The gateway's configuration keys {@link #ownLocations} reads. */
    public static final List<String> CONFIG_KEYS =
            List.of(DeploymentOptionsInternal.CONF_DIR.key(), CoreOptions.FLINK_LOG_DIR.key());

    private final List<Location> entries;

    private GuardFiles(List<Location> entries) {
        this.entries = List.copyOf(entries);
    }

    /** The protected locations of {@code entries} (absolute paths or URIs; others protect nothing). */
    public static GuardFiles of(List<String> entries) {
        Set<Location> locations = new LinkedHashSet<>();
        for (String entry : entries) {
            Location.of(entry.strip()).ifPresent(location -> {
                locations.add(location);
                canonical(location).ifPresent(locations::add);
            });
        }
        return new GuardFiles(new ArrayList<>(locations));
    }

    /**
     * The directories where this gateway process keeps its own files, as absolute {@code file:}
     * URIs, each once:
     *
     * <ul>
     *   <li>Flink's configuration directory: {@code $internal.deployment.config-dir} ({@link
     *       DeploymentOptionsInternal#CONF_DIR}, set by Flink's launchers) or the environment's
     *       {@code FLINK_CONF_DIR} (where {@code config.yaml}, the policy, and the logging
     *       configuration live);
     *   <li>Flink's log directory: {@code env.log.dir} ({@link CoreOptions#FLINK_LOG_DIR}), the
     *       environment's {@code FLINK_LOG_DIR}, and the directory of the system property {@code
     *       log.file} (Flink's {@code bin/flink-daemon.sh} and {@code bin/sql-gateway.sh} set it for
     *       the gateway's log; the Log4j 2 audit configuration writes beside it);
     *   <li>the guard's own: the system property {@code sql-guard.log.dir} (the project's launcher and
     *       {@code conf/logback.xml}), the directory of {@code sql-guard.audit.file}, and the directory
     *       where it keeps the plans of the jobs it submits ({@link PlanStore#directory}, {@code
     *       sql-guard.restore.plan-dir}), where no location above holds it already;
     *   <li>the directory of each logging configuration file named by the system properties {@code
     *       log4j.configurationFile}, {@code log4j2.configurationFile} and {@code
     *       logback.configurationFile}.
     * </ul>
     *
     * A relative directory is taken from the process's working directory, as the process itself
     * opens it.
     */
    public static List<String> ownLocations(
            Configuration config, Map<String, String> systemProperties, Map<String, String> environment) {
        Set<String> dirs = new LinkedHashSet<>();
        config.getOptional(DeploymentOptionsInternal.CONF_DIR).ifPresent(dir -> add(dirs, dir));
        add(dirs, environment.get("FLINK_CONF_DIR"));
        config.getOptional(CoreOptions.FLINK_LOG_DIR).ifPresent(dir -> add(dirs, dir));
        add(dirs, environment.get("FLINK_LOG_DIR"));
        add(dirs, systemProperties.get("sql-guard.log.dir"));
        addParent(dirs, systemProperties.get("log.file"));
        addParent(dirs, systemProperties.get("sql-guard.audit.file"));
        Set<String> plans = new LinkedHashSet<>();
        add(plans, PlanStore.directory(config, systemProperties, environment).toString());
        for (String plan : plans) {
            if (dirs.stream().noneMatch(dir -> plan.equals(dir) || plan.startsWith(dir + "/"))) {
                dirs.add(plan);
            }
        }
        for (String key : List.of("log4j.configurationFile", "log4j2.configurationFile", "logback.configurationFile")) {
            String files = systemProperties.get(key);
            if (files != null) {
                // Log4j 2 reads a comma-separated list of files or URIs.
                for (String file : files.split(",")) {
                    addParent(dirs, file.strip().startsWith("classpath:") ? null : file.strip());
                }
            }
        }
        return List.copyOf(dirs);
    }

    /** True when no location is protected. */
    public boolean isEmpty() {
        return entries.isEmpty();
    }

    /**
     * True when {@code text}, read as Flink reads a location, lies within a protected location. A
     * text Flink cannot read as a path is not covered (Flink fails on it too).
     */
    public boolean covers(String text) {
        Optional<Location> location = asFlinkReadsIt(text);
        if (location.isEmpty()) {
            return false;
        }
        List<Location> candidates = new ArrayList<>();
        candidates.add(location.get());
        canonical(location.get()).ifPresent(candidates::add);
        for (Location candidate : candidates) {
            for (Location entry : entries) {
                if (local(candidate).within(local(entry))) {
                    return true;
                }
            }
        }
        // A hard link elsewhere to a file of a protected directory: the same file under another name.
        Location last = candidates.get(candidates.size() - 1);
        return last.scheme().equals("file") && HardLinks.isAnotherNameOfAFileWithin(last.path(),
                entries.stream().filter(entry -> entry.scheme().equals("file")).map(Location::path).toList());
    }

    /** The entries, for messages. */
    @Override
    public String toString() {
        return entries.stream().map(Location::toString).distinct().toList().toString();
    }

    /**
     * {@code text} as a location the way Flink opens it: an absolute one as it is; a relative one,
     * where the default file system is the local one, against the working directory ({@code
     * Path#makeQualified} with {@link FileSystem#getLocalFileSystem()}).
     */
    static Optional<Location> asFlinkReadsIt(String text) {
        Optional<Location> absolute = Location.of(text);
        if (absolute.isPresent() || text == null || text.isEmpty()) {
            return absolute;
        }
        try {
            Path path = new Path(text);
            if (path.toUri().getScheme() != null || !"file".equals(FileSystem.getDefaultFsUri().getScheme())) {
                return Optional.empty();
            }
            return Location.of(path.makeQualified(FileSystem.getLocalFileSystem()).toString());
        } catch (IllegalArgumentException e) {
            // Not a path Flink reads: Flink fails on it too.
            return Optional.empty();
        }
    }

    /**
     * A local location with its symbolic links resolved ({@link #followLinks}), when that differs;
     * empty for any other.
     */
    private static Optional<Location> canonical(Location location) {
        if (!location.scheme().equals("file")) {
            return Optional.empty();
        }
        try {
            Optional<String> real = followLinks(location.path());
            return real.isEmpty() || real.get().equals(location.path())
                    ? Optional.empty()
                    : Location.of(new File(real.get()).toURI().toString());
        } catch (IOException | SecurityException | InvalidPathException e) {
            // The path cannot be resolved on this machine: it is compared as written.
            return Optional.empty();
        }
    }

    /** Linux's {@code MAXSYMLINKS}: past this many links in one path, {@code open(2)} fails with {@code ELOOP}. */
    static final int MAX_LINKS = 40;

    /**
     * The absolute local {@code path} as the file system resolves it when a file is opened or
     * created there: each name in turn, every symbolic link replaced by its target, whether or not
     * that target exists, and each {@code ..} taken from what the links led to. {@link
     * File#getCanonicalPath()} resolves only the links whose targets exist (the JDK's {@code
     * realpath} of the longest existing prefix): a link to a file not there yet is kept as written,
     * while creating a file through it creates its target ({@code open(2)} with {@code O_CREAT}
     * follows a final link; Flink's {@code LocalFileSystem#create} opens a {@code
     * FileOutputStream}), so {@code COMPILE PLAN '/data/p.json'}, {@code p.json} a link to {@code
     * <conf>/new.json}, writes into the configuration directory. Empty past {@value #MAX_LINKS}
     * links, where the file system refuses the path too.
     */
    static Optional<String> followLinks(String path) throws IOException {
        java.nio.file.Path root = java.nio.file.Path.of(path).getRoot();
        if (root == null) {
            return Optional.empty();
        }
        java.nio.file.Path current = root;
        Deque<String> names = new ArrayDeque<>(names(java.nio.file.Path.of(path)));
        int links = 0;
        while (!names.isEmpty()) {
            String name = names.pollFirst();
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                current = current.getParent() == null ? current : current.getParent();
                continue;
            }
            java.nio.file.Path next = current.resolve(name);
            if (!Files.isSymbolicLink(next)) {
                current = next;
                continue;
            }
            if (++links > MAX_LINKS) {
                return Optional.empty();
            }
            java.nio.file.Path target = Files.readSymbolicLink(next);
            List<String> targetNames = names(target);
            for (int i = targetNames.size() - 1; i >= 0; i--) {
                names.addFirst(targetNames.get(i));
            }
            if (target.isAbsolute()) {
                current = target.getRoot();
            }
        }
        return Optional.of(current.toString());
    }

    private static List<String> names(java.nio.file.Path path) {
        List<String> names = new ArrayList<>();
        path.forEach(name -> names.add(name.toString()));
        return names;
    }

    /**
     * A local location without its authority: Flink's local file system opens the path of a {@code
     * file:} URI alone (and refuses one with an authority), so an authority never leads elsewhere.
     */
    private static Location local(Location location) {
        return location.scheme().equals("file") ? new Location("file", "", location.path()) : location;
    }

    private static void add(Set<String> dirs, String dir) {
        if (dir == null || dir.isBlank()) {
            return;
        }
        String text = dir.strip();
        Optional<Location> location = Location.of(text);
        if (location.isPresent()) {
            dirs.add(location.get().toString());
        } else if (!text.contains(":")) {
            Location.of(new File(text).getAbsolutePath()).ifPresent(l -> dirs.add(l.toString()));
        }
    }

    private static void addParent(Set<String> dirs, String file) {
        if (file == null || file.isBlank()) {
            return;
        }
        String text = file.strip();
        if (text.startsWith("file:")) {
            Location.of(text).ifPresent(l -> add(dirs, new File(l.path()).getParent()));
        } else if (!text.contains(":")) {
            add(dirs, new File(text).getAbsoluteFile().getParent());
        }
    }
}
