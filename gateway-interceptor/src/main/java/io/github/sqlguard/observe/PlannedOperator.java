package io.github.sqlguard.observe;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stateful operator of the judged plan: its ExecNode id and operator name ({@code
 * GroupAggregate}, {@code Rank}, {@code Join}, ...), as the plan model and the findings name them,
 * and the id the operator's name carries in the job the guard runs from that plan ({@code
 * jobNodeId}: the plan's nodes are numbered 1..n when it runs, {@code StatementUids}). Two are the
 * same operator when they are the same node of the judged plan ({@code id} and {@code name}).
 */
public record PlannedOperator(int id, String name, int jobNodeId) {

    public PlannedOperator {
        if (jobNodeId <= 0) {
            jobNodeId = id; // a resume file written before the job's own ids were kept
        }
    }

    /** An operator whose job carries the judged plan's own node id. */
    public PlannedOperator(int id, String name) {
        this(id, name, id);
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
