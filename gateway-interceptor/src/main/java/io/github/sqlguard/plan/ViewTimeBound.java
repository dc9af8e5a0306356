package io.github.sqlguard.plan;

import java.time.Duration;

/**
 * The longest time bound in the conditions of a view a statement reads, directly or through other views
 * ({@code statement.TimeBounds}: {@code s.ts BETWEEN o.ts AND o.ts + INTERVAL '3' DAY} in the view's query): Flink
 * expands the view into the statement's plan, so its bounds hold for the statement as its own do, and a state TTL
 * shorter than one forgets rows the statement still matches.
 *
 * @param view the view's name, as the session's catalog qualifies it
 * @param duration how long the bound is
 * @param sql the bound as the view's query writes it: {@code INTERVAL '3' DAY}
 */
public record ViewTimeBound(String view, Duration duration, String sql) {}
