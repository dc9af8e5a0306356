package io.github.sqlguard.statement;

import java.util.Collection;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether a ranking's partition columns hold a sink's primary key: then the sink keeps one row per partition, so the N
 * rows a Top-N keeps of one partition fall on one sink row and overwrite each other (on 2.3 Flink asks for ON CONFLICT,
 * which resolves them by arrival, not by rank: {@code on-conflict-required}). Read by that rule's fix, by the {@code
 * on-conflict} rewrite (which offers no clause then) and by {@code top-n-filter} (which keeps {@code rn = 1} then).
 */
public final class PartitionKeys {

    private PartitionKeys() {}

    /**
     * True when every column of {@code sinkKey} is among {@code partitionColumns}, each compared by its last name
     * ({@code o.user_id} as {@code user_id}) and case aside; false for an empty key.
     */
    public static boolean holdSinkKey(Collection<String> partitionColumns, Collection<String> sinkKey) {
        if (sinkKey.isEmpty()) {
            return false;
        }
        Set<String> partition = partitionColumns.stream().map(PartitionKeys::name).collect(Collectors.toSet());
        return sinkKey.stream().map(PartitionKeys::name).allMatch(partition::contains);
    }

    private static String name(String column) {
        return column.substring(column.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    }
}
