package io.github.sqlguard;

import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.inference.TypeInference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A scalar function whose planning creates a file: Flink asks for its type inference while it
 * validates a statement that calls it, and that call copies {@link #source} to {@link #target}
 * when the target does not exist yet. The user code a statement's planning runs, used to change a
 * file between the guard's judging of a statement and Flink's run of it.
 */
public class CreatesFileWhenPlanned extends ScalarFunction {

    /** The file copied, or null to copy nothing. */
    static volatile Path source;

    /** Where it is copied to. */
    static volatile Path target;

    public int eval(int x) {
        return x;
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        Path from = source;
        Path to = target;
        if (from != null && to != null && !Files.exists(to)) {
            try {
                Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return super.getTypeInference(typeFactory);
    }
}
