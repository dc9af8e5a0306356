package io.github.sqlguard.flink;

import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.Path;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Reads a compiled plan file as Flink does for {@code EXECUTE PLAN} and {@code COMPILE AND EXECUTE
 * PLAN}: {@code ResourceManager#exists} asks the file system of Flink's {@link Path} whether it
 * exists ({@code path.getFileSystem().exists(path)}), then the file's content is what Flink loads
 * ({@code PlanReference#fromFile}). A relative path is taken from the gateway's working directory
 * ({@code LocalFileSystem}), a path with a scheme from that scheme's file system.
 */
final class PlanFiles {

    /** The largest plan file the guard reads; a larger one is not judged (the guard refuses it in closed fail mode). */
    static final int MAX_BYTES = 64 * 1024 * 1024;

    private PlanFiles() {}

    /**
     * The content of {@code file} (UTF-8, as Flink's JSON reader takes it), or empty when it does
     * not exist.
     *
     * @throws IOException when it exists but cannot be read, or is larger than {@link #MAX_BYTES}
     */
    static Optional<String> read(String file) throws IOException {
        Path path = new Path(file);
        FileSystem fs = path.getFileSystem();
        if (!fs.exists(path)) {
            return Optional.empty();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (FSDataInputStream in = fs.open(path)) {
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                if (out.size() > MAX_BYTES) {
                    throw new IOException("it is larger than " + MAX_BYTES + " bytes");
                }
            }
        }
        return Optional.of(out.toString(StandardCharsets.UTF_8));
    }
}
