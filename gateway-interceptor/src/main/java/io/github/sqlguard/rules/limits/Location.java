package io.github.sqlguard.rules.limits;

import org.apache.flink.core.fs.Path;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A file system location as Flink reads it: a jar of {@code ADD JAR} or {@code USING JAR}, an entry
 * of {@code pipeline.jars}, a table's {@code 'path'} option. Read with Flink's own {@link Path}
 * (which turns backslashes into slashes, drops repeated and trailing slashes and normalises the URI,
 * so {@code /data/../etc/passwd} is {@code /etc/passwd}); an absolute path without a scheme is a
 * local file, as Flink's {@code FileSystem#getUnguardedFileSystem} reads it when no {@code
 * fs.default-scheme} is set, so {@code /data}, {@code file:/data} and {@code file:///data} are one
 * location.
 *
 * <p>A relative path is no location: where it points depends on the gateway's working directory,
 * so no allow-list entry covers it. No character is trimmed, as Flink's {@link Path} trims none
 * (checked on 1.20.0 and 2.3.0): {@code '\u3000/data/x.jar'}, with an ideographic space, an em
 * space, a line separator or a plain space first, is a relative path to Flink, and so is none here.
 *
 * @param scheme the URI scheme in lower case: {@code file}, {@code hdfs}, {@code s3}
 * @param authority the authority ({@code namenode:8020}, a bucket); empty for none
 * @param path the normalised absolute path, {@code /} for the root
 */
public record Location(String scheme, String authority, String path) {

    public Location {
        Objects.requireNonNull(scheme);
        Objects.requireNonNull(authority);
        Objects.requireNonNull(path);
    }

    /**
     * {@code text} as a location, or empty when it is none: empty, not a URI Flink's {@link Path}
     * accepts, relative (a text that begins with any space, Unicode's included, is relative to
     * Flink), or with a {@code ..} left above the root.
     */
    public static Optional<Location> of(String text) {
        if (text == null || text.isEmpty()) {
            return Optional.empty();
        }
        URI uri;
        try {
            uri = new Path(text).toUri();
        } catch (IllegalArgumentException e) {
            // Not a path Flink reads (a bad URI): it matches no entry, and Flink fails on it too.
            return Optional.empty();
        }
        String path = uri.getPath();
        if (path == null || !path.startsWith("/") || path.equals("/..") || path.startsWith("/../")) {
            return Optional.empty();
        }
        String scheme = uri.getScheme() == null ? "file" : uri.getScheme().toLowerCase(Locale.ROOT);
        String authority = uri.getAuthority() == null ? "" : uri.getAuthority();
        return Optional.of(new Location(scheme, authority, path));
    }

    /**
     * True when this location is {@code entry} or lies under it: same scheme and authority, and a
     * path equal to the entry's or continuing it after a {@code /} ({@code /data} covers {@code
     * /data/a.jar}, not {@code /database}).
     */
    public boolean within(Location entry) {
        if (!scheme.equals(entry.scheme) || !authority.equals(entry.authority)) {
            return false;
        }
        if (path.equals(entry.path) || entry.path.equals("/")) {
            return true;
        }
        return path.startsWith(entry.path.endsWith("/") ? entry.path : entry.path + "/");
    }

    /** The location as a URI: {@code file:/data/a.jar}, {@code hdfs://nn:8020/jars}. */
    @Override
    public String toString() {
        return scheme + ":" + (authority.isEmpty() ? "" : "//" + authority) + path;
    }
}
