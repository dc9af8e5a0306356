package io.github.sqlguard.statement;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Whether a ranking's partition columns hold a sink's primary key: then the sink keeps one row per partition, so the N
 * rows a Top-N keeps of one partition fall on one sink row and overwrite each other (on 2.3 Flink asks for ON CONFLICT,
 * which resolves them by arrival, not by rank: {@code on-conflict-required}). Read by that rule's fix, by the {@code
 * on-conflict} rewrite (which offers no clause then: {@link #rowsShareSinkRow}) and by {@code top-n-filter} (which
 * keeps {@code rn = 1} then).
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

    /**
     * True when the rows a ranking keeping {@code maxRank} rows per partition writes fall on one sink row by more than
     * their rank, so that no {@code ON CONFLICT} clause keeps what the ranking meant: the partition columns hold the
     * sink's key ({@link #holdSinkKey}), and either a partition keeps several rows ({@code rn <= 3}) or, for a Top-1,
     * the partition has columns beyond the sink's key ({@code PARTITION BY user_id, shop} into a sink keyed by {@code
     * user_id}), whose partitions (one per shop) each write a row to one sink row. Flink 2.3's materializer resolves
     * them by arrival ({@code SinkUpsertMaterializer}: {@code DO DEDUPLICATE} keeps the row that arrived last for the
     * key, {@code DO NOTHING} the first; {@code DO ERROR} fails at the second), not by the ranking's order: the fix
     * is the sink keyed by the partition columns, or the ranking partitioned by the sink's key. Read by {@code
     * on-conflict-required}'s fix and the {@code on-conflict} rewrite, which offers no clause then.
     *
     * <p>Not where a Top-1's partition columns beyond the sink's key are {@code window_start} and {@code window_end}
     * alone (a window deduplication per window and bidder into a sink keyed by bidder): its partitions are windows,
     * whose rows reach the sink one window after the other, once each, so {@code DO DEDUPLICATE} keeps the latest
     * window's row per key, as a window Top-1 keyed so plans with no clause at all (Flink 2.3.0 keys it by its partition
     * columns without the window's: lint case 59).
     */
    public static boolean rowsShareSinkRow(Collection<String> partitionColumns, Collection<String> sinkKey, long maxRank) {
        if (!holdSinkKey(partitionColumns, sinkKey) || maxRank > 1) {
            return holdSinkKey(partitionColumns, sinkKey);
        }
        List<String> beyondWindow = partitionColumns.stream().filter(c -> !windowColumn(c)).toList();
        if (beyondWindow.size() < partitionColumns.size()) {
            return !beyondWindow.isEmpty() && !holdSinkKey(sinkKey, beyondWindow);
        }
        return !holdSinkKey(sinkKey, partitionColumns);
    }

    /** {@code window_start} or {@code window_end} of a windowing TVF, qualified or not. */
    public static boolean windowColumn(String column) {
        String name = name(column);
        return name.equals("window_start") || name.equals("window_end");
    }

    private static String name(String column) {
        return SqlIdentifiers.lastNameUnquoted(column).toLowerCase(Locale.ROOT);
    }
}
