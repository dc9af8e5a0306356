package io.github.sqlguard.plan;

import java.time.Duration;

/**
 * One state of a stateful operator as Flink's compiled plan lists it ({@code "state": [{"index": 0,
 * "ttl": "0 ms", "name": "groupAggregateState"}]}, written by {@code StateMetadata} of the
 * planner's {@code ExecNode}s). The TTL is the one Flink applies to that state: the session's
 * {@code table.exec.state.ttl} after every {@code STATE_TTL} hint that reached the operator, with
 * hints Flink ignores already left out.
 *
 * @param name the state's name, e.g. {@code rankState}, {@code leftState}
 * @param ttl the state's time-to-live; {@link Duration#ZERO} means the state never expires
 */
public record OperatorState(String name, Duration ttl) {}
