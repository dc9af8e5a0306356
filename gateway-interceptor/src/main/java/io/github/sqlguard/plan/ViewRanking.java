package io.github.sqlguard.plan;

import java.util.List;

/**
 * A ranking function written in the query of a view a statement reads ({@code ROW_NUMBER() OVER (PARTITION BY
 * device_id ORDER BY pt DESC)} in {@code ranked_status}): the names its {@code ORDER BY} gives the columns. Where the
 * view selects no column it orders by, Flink's plan prints that column by what computes it ({@code PROCTIME() AS $2}
 * under the {@code Rank}'s {@code orderBy=[$2 DESC]}), not by the name the table and the view give it ({@code pt}).
 *
 * @param view the view's name, as the session's catalog qualifies it
 * @param orderBy the window's order keys as the view writes them ({@code pt DESC})
 */
public record ViewRanking(String view, List<String> orderBy) {

    public ViewRanking {
        orderBy = List.copyOf(orderBy);
    }
}
