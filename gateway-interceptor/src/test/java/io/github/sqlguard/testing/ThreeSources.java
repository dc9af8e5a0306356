package io.github.sqlguard.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One job over a source of each kind Flink builds (what lint counts of them: {@code flink.SourceOperators}): a FLIP-27
 * source (the filesystem connector, monitoring its directory) and the datagen connector, a legacy source function
 * that checkpoints on 1.20 and 2.3, with a sequence field (which it keeps in state) and with a random one (which it
 * does not). {@code RestoreParityTest} plans it as lint does; {@code StateChangesIT} reads a real savepoint of it.
 */
public final class ThreeSources {

    private ThreeSources() {}

    /** The tables and the INSERT, the files source reading {@code directory}, where a file is written. */
    public static List<String> statements(Path directory) throws IOException {
        Files.writeString(directory.resolve("part-0"), "a\nbb\nccc\n");
        return List.of(
                "CREATE TABLE from_files (line STRING) WITH ('connector' = 'filesystem', 'path' = '" + directory.toUri()
                        + "', 'format' = 'raw', 'source.monitor-interval' = '1 s')",
                "CREATE TABLE from_sequence (k INT) WITH ('connector' = 'datagen', 'rows-per-second' = '5',"
                        + " 'fields.k.kind' = 'sequence', 'fields.k.start' = '1', 'fields.k.end' = '100000')",
                "CREATE TABLE from_random (k INT) WITH ('connector' = 'datagen', 'rows-per-second' = '5',"
                        + " 'fields.k.min' = '1', 'fields.k.max' = '100')",
                "CREATE TABLE per_k (k INT, n BIGINT, PRIMARY KEY (k) NOT ENFORCED) WITH ('connector' = 'blackhole')",
                "INSERT INTO per_k SELECT k, COUNT(*) FROM (SELECT CHAR_LENGTH(line) AS k FROM from_files UNION ALL"
                        + " SELECT k FROM from_sequence UNION ALL SELECT k FROM from_random) GROUP BY k");
    }
}
