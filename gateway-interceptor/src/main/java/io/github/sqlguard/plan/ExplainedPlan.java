package io.github.sqlguard.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A statement's plan as the guard reads it: its sections by title ({@code Optimized Execution
 * Plan}, and for an EXPLAIN text also {@code Abstract Syntax Tree}, {@code Optimized Physical
 * Plan}, ...) and, when the plan was compiled ({@code CompiledPlan}, streaming mode), the state
 * each operator of the execution plan really gets.
 *
 * <p>Rules read the execution plan for operator kinds (from Flink 2.0 on, only the execution plan
 * distinguishes {@code Deduplicate} from {@code Rank}).
 *
 * @param text the plan text the sections were parsed from
 * @param sections the sections in printed order
 * @param nodes for a compiled plan, what it says of each node (type, state and its TTL, time
 *     attribute ordering), keyed by the node's 0-based line in the execution plan section ({@link
 *     PlanNode#line()}); empty for a plan that was only explained
 * @param compiled true when the plan came from Flink's compiled plan, so {@link #nodes} is Flink's
 *     own account of every operator's state TTL
 * @param executablePlan the compiled plan's JSON when it is the statement's own job (an INSERT or a
 *     statement set of INSERTs, not a query compiled into an analysis sink), so that the very plan
 *     that was judged can be run; else empty
 * @param operators the execution plan's operators, typed, parents before children: derived from
 *     {@code sections} and {@code nodes} once, by the constructors without it, and shared by every
 *     rule
 */
public record ExplainedPlan(
        String text,
        List<PlanSection> sections,
        Map<Integer, CompiledNode> nodes,
        boolean compiled,
        Optional<String> executablePlan,
        List<Operator> operators) {

    public static final String PHYSICAL_PLAN = "Optimized Physical Plan";
    public static final String EXECUTION_PLAN = "Optimized Execution Plan";

    public ExplainedPlan {
        sections = List.copyOf(sections);
        nodes = Map.copyOf(nodes);
        operators = List.copyOf(operators);
    }

    /** A plan read from {@code text}; its typed operators are built here, once. */
    public ExplainedPlan(
            String text, List<PlanSection> sections, Map<Integer, CompiledNode> nodes, boolean compiled,
            Optional<String> executablePlan) {
        this(text, sections, nodes, compiled, executablePlan, typed(sections, nodes));
    }

    /** A plan that was explained, not compiled: no per-operator state is known. */
    public ExplainedPlan(String text, List<PlanSection> sections) {
        this(text, sections, Map.of(), false, Optional.empty());
    }

    /** This plan, with the compiled plan JSON that runs it. */
    public ExplainedPlan executableAs(String compiledPlanJson) {
        return new ExplainedPlan(text, sections, nodes, compiled, Optional.of(compiledPlanJson), operators);
    }

    /** The section with this title, if the EXPLAIN output has one. */
    public Optional<PlanSection> section(String title) {
        return sections.stream().filter(s -> s.title().equals(title)).findFirst();
    }

    /** The {@code Optimized Execution Plan} section, or an empty section when there is none. */
    public PlanSection executionPlan() {
        return section(EXECUTION_PLAN).orElseGet(() -> new PlanSection(EXECUTION_PLAN, "", List.of()));
    }

    /** The {@code Optimized Physical Plan} section, or an empty section when there is none. */
    public PlanSection physicalPlan() {
        return section(PHYSICAL_PLAN).orElseGet(() -> new PlanSection(PHYSICAL_PLAN, "", List.of()));
    }

    /**
     * The state entries Flink's compiled plan gives an execution-plan node; empty when the plan was
     * not compiled or the node keeps no state.
     */
    public List<OperatorState> state(PlanNode executionPlanNode) {
        CompiledNode node = nodes.get(executionPlanNode.line());
        return node == null ? List.of() : node.state();
    }

    /** The typed view of a node of the execution plan, with what the compiled plan says of it. */
    public Operator operator(PlanNode executionPlanNode) {
        return Operator.of(executionPlanNode, Optional.ofNullable(nodes.get(executionPlanNode.line())));
    }

    /** The execution plan's operators of one type, e.g. {@code operators(Operator.Rank.class)}. */
    public <T extends Operator> List<T> operators(Class<T> type) {
        return operators.stream().filter(type::isInstance).map(type::cast).toList();
    }

    private static List<Operator> typed(List<PlanSection> sections, Map<Integer, CompiledNode> nodes) {
        List<Operator> typed = new ArrayList<>();
        for (PlanSection section : sections) {
            if (section.title().equals(EXECUTION_PLAN)) {
                for (PlanNode node : section.nodes()) {
                    typed.add(Operator.of(node, Optional.ofNullable(nodes.get(node.line()))));
                }
                break;
            }
        }
        return typed;
    }
}
