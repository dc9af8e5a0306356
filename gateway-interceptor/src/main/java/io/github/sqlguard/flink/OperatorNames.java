package io.github.sqlguard.flink;

import java.util.Map;

/**
 * The plan node ids in a stream node's name, as Flink's planner writes them ({@code
 * ExecNodeBase#createFormattedTransformationName}: {@code GroupAggregate[4]}; a Sink V2 writer
 * {@code Sink: out[6]: Writer}, 1.20 and 2.3): each id a run of decimal digits between {@code [} and
 * {@code ]}, what the pattern {@code \[(\d+)]} finds. Read by scanning the name, without a regular
 * expression: a restoring statement's planning reads the name of every stream node of its job
 * ({@link StatementJobs#judgedJob}), and a {@code Matcher} and its {@code replaceAll} allocate per node
 * where this allocates only a renamed name ({@code bench/results/2026-12-03-restore-alloc-r43.md}).
 */
final class OperatorNames {

    private OperatorNames() {}

    /** The first node id in {@code name}, or -1 where it names none. */
    static int firstNodeId(String name) {
        int from = 0;
        while (true) {
            int open = name.indexOf('[', from);
            if (open < 0) {
                return -1;
            }
            int close = digitsEnd(name, open + 1);
            if (close > open + 1 && close < name.length() && name.charAt(close) == ']') {
                return Integer.parseInt(name, open + 1, close, 10);
            }
            from = open + 1;
        }
    }

    /**
     * {@code name} with each node id that {@code ids} maps replaced by its id there ({@code
     * GroupAggregate[1339]} to {@code GroupAggregate[3]}); the same string where no id changes.
     */
    static String renumbered(String name, Map<Integer, Integer> ids) {
        StringBuilder renamed = null;
        int copied = 0;
        int from = 0;
        while (true) {
            int open = name.indexOf('[', from);
            if (open < 0) {
                break;
            }
            int close = digitsEnd(name, open + 1);
            if (close > open + 1 && close < name.length() && name.charAt(close) == ']') {
                Integer id = ids.get(Integer.parseInt(name, open + 1, close, 10));
                if (id != null) {
                    if (renamed == null) {
                        renamed = new StringBuilder(name.length() + 8);
                    }
                    renamed.append(name, copied, open + 1).append(id.intValue());
                    copied = close;
                }
                from = close + 1;
            } else {
                from = open + 1;
            }
        }
        return renamed == null ? name : renamed.append(name, copied, name.length()).toString();
    }

    /** Where the run of ASCII digits that starts at {@code from} ends. */
    private static int digitsEnd(String name, int from) {
        int i = from;
        while (i < name.length() && name.charAt(i) >= '0' && name.charAt(i) <= '9') {
            i++;
        }
        return i;
    }
}
