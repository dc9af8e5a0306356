package io.github.sqlguard.observe;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stateful operator of the judged plan: its ExecNode id and operator name ({@code
 * GroupAggregate}, {@code Rank}, {@code Join}, ...), as the plan model and the findings name them,
 * and the id the operator's name carries in the job the guard runs from that plan ({@code
 * jobNodeId}: the plan's nodes are numbered 1..n when it runs, {@code StatementUids}). Two are the
 * same operator when they are the same node of the judged plan ({@code id} and {@code name}).
 *
 * @param stateTtlMs the longest state TTL the judged plan gives the operator's state, in ms (a compiled
 *     plan's {@code "state"} entries, {@code StateMetadata#stateTtl}): 0 when one of its states never
 *     expires (Flink's 0 ms), {@code null} when the plan does not say (an explained plan, or a resume
 *     file written before the TTL was kept)
 */
public record PlannedOperator(int id, String name, int jobNodeId, Long stateTtlMs) {

    public PlannedOperator {
        if (jobNodeId <= 0) {
            jobNodeId = id; // a resume file written before the job's own ids were kept
        }
    }

    /** An operator whose state TTL the plan does not say. */
    public PlannedOperator(int id, String name, int jobNodeId) {
        this(id, name, jobNodeId, null);
    }

    /** An operator whose job carries the judged plan's own node id. */
    public PlannedOperator(int id, String name) {
        this(id, name, id);
    }

    /**
     * The state TTL of an operator whose states have {@code ttls}: the longest, 0 when one never
     * expires (a join side without TTL keeps its keys forever whatever the other side's), {@code null}
     * when there are none to read.
     */
    public static Long stateTtlMs(List<Duration> ttls) {
        if (ttls.isEmpty()) {
            return null;
        }
        long longest = 0;
        for (Duration ttl : ttls) {
            if (ttl.isZero() || ttl.isNegative()) {
                return 0L;
            }
            longest = Math.max(longest, ttl.toMillis());
        }
        return longest;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PlannedOperator o && o.id == id && o.name.equals(name);
    }

    @Override
    public int hashCode() {
        return 31 * id + name.hashCode();
    }

    /** A node label at the start of a text: {@code GroupAggregate[4]}, {@code Rank[5](partitionBy=...)}. */
    private static final Pattern LABEL = Pattern.compile("^([A-Za-z][A-Za-z0-9]*)\\[(\\d+)]");

    /** As findings, excerpts and job operator names name it: {@code GroupAggregate[4]}. */
    public String label() {
        return name + "[" + id + "]";
    }

    /** The operator a finding's node names by its label, e.g. {@code Rank[5](partitionBy=...)}; empty for SQL text. */
    public static Optional<PlannedOperator> named(String node) {
        if (node == null) {
            return Optional.empty();
        }
        Matcher m = LABEL.matcher(node);
        return m.find() ? Optional.of(new PlannedOperator(Integer.parseInt(m.group(2)), m.group(1))) : Optional.empty();
    }
}
