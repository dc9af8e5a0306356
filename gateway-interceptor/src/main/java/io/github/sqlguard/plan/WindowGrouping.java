package io.github.sqlguard.plan;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a window aggregation groups by besides its window, read from its node as Flink prints a {@code
 * StreamExecWindowAggregate} ({@code groupBy=[user_id]}). A ranking over its rows partitioned by every one of
 * those keys holds one row per partition and window: partitioned by the window columns too, it ranks nothing
 * (case 347, the best hours of each user over hourly totals per user, is a ranking across windows).
 */
public final class WindowGrouping {

    private static final Pattern GROUP_BY = Pattern.compile("groupBy=\\[([^\\]]*)]");

    private WindowGrouping() {}

    /**
     * True when {@code partitionKeys} hold every key {@code aggregate} groups by; also true where its
     * description names no grouping (nothing to rank per window is assumed rather than a ranking of one row).
     */
    public static boolean onePerWindow(PlanNode aggregate, List<String> partitionKeys) {
        Matcher grouping = GROUP_BY.matcher(aggregate.description());
        if (!grouping.find()) {
            return true;
        }
        for (String key : grouping.group(1).split(",")) {
            if (!key.isBlank() && !partitionKeys.contains(key.strip())) {
                return false;
            }
        }
        return true;
    }
}
