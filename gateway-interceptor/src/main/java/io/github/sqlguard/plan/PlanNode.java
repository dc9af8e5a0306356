package io.github.sqlguard.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One operator of an EXPLAIN plan, as Flink prints it in a plan section: {@code
 * Rank(strategy=[AppendFastStrategy], rankRange=[rankStart=1, rankEnd=3], ...)}.
 *
 * <p>Shape: {@code name} is the operator name ({@code Rank}, {@code Deduplicate}, {@code
 * OverAggregate}, ...); {@code attributes} holds every {@code key=[value]} pair in printed order,
 * values without their outer brackets (read from {@code text} when first asked for, by the parser
 * and the compiled plan reader); {@code children} are the inputs in printed order; {@code
 * line} is the 0-based line of this node inside its plan section, used to mark the node in an
 * excerpt. The text format mirrors Flink's {@code RelTreeWriterImpl} and {@code
 * ExecNodePlanDumper}.
 *
 * <p>Stability: evolving; rules depend on it.
 */
public record PlanNode(
        String name, Map<String, String> attributes, List<PlanNode> children, int line, String text) {

    public PlanNode {
        // Attributes read on demand from the node's text are immutable already.
        attributes = attributes instanceof NodeAttributes ? attributes : Map.copyOf(attributes);
        children = List.copyOf(children);
    }

    /** The attribute value without its brackets, e.g. {@code "user_id"} for {@code partitionBy}. */
    public Optional<String> attribute(String key) {
        return Optional.ofNullable(attributes.get(key));
    }

    /** True when this node is an operator named {@code operatorName}. */
    public boolean is(String operatorName) {
        return name.equals(operatorName);
    }

    /** This node and every node below it, depth first, parents before children. */
    public List<PlanNode> descendantsAndSelf() {
        List<PlanNode> all = new ArrayList<>();
        visit(all::add);
        return all;
    }

    /** Visits this node and every node below it, parents before children. */
    public void visit(Consumer<PlanNode> visitor) {
        visitor.accept(this);
        for (int i = 0; i < children.size(); i++) {
            children.get(i).visit(visitor);
        }
    }
}
