package io.github.sqlguard.observe;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stateful operator of the judged plan: its ExecNode id and operator name ({@code
 * GroupAggregate}, {@code Rank}, {@code Join}, ...), as the plan model names them.
 */
public record PlannedOperator(int id, String name) {

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
