package io.github.sqlguard.plan;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One node of a statement's plan: one {@code ExecNode} of Flink's execution plan.
 *
 * <p>From a compiled plan ({@code CompiledPlan#asJsonString()}) every component is Flink's own:
 * the node's {@code "id"}, {@code "type"}, {@code "description"}, {@code "outputType"}, {@code
 * "state"} and its inputs from the plan's {@code "edges"}. From an EXPLAIN text (a plan Flink
 * could not compile, or batch mode; see {@link PlanParser}) only the name, the description and the
 * inputs are known: the ids are the guard's own (print order), the output type is {@link
 * OutputType#UNKNOWN} and no state is listed.
 *
 * @param id the ExecNode id, unique in the plan; {@link #label()} names the node by it
 * @param name the operator name heading the description ({@code Rank}, {@code GroupAggregate},
 *     {@code Deduplicate}, ...), the names {@link StatefulOperators} uses
 * @param type the compiled plan's node type with its version, e.g. {@code stream-exec-rank_1};
 *     empty for an explained plan
 * @param description Flink's description of the node, as EXPLAIN prints it
 * @param inputs the ids of the node's inputs, in input order
 * @param outputType the columns the node emits
 * @param state the node's state entries with the TTL Flink gives each; empty for a stateless node
 *     and for an explained plan
 * @param table the catalog table the node reads or writes (a source scan, a lookup join, a sink),
 *     when it is a named one
 * @param tableOptions the options of that table as the compiled plan persists them ({@code
 *     "resolvedTable"."options"}: the catalog's options with an {@code OPTIONS} hint's merged in; under
 *     {@code table.plan.compile.catalog-objects: ALL}, Flink's default, for every table); empty for an
 *     explained plan and where the plan persists the identifier only
 * @param tableKey the PRIMARY KEY columns that table declares, as the compiled plan persists them ({@code
 *     "resolvedTable"."schema"."primaryKey"."columns"}, Flink's {@code ResolvedSchema#getPrimaryKey}), for a
 *     source scan, a lookup join's table and a sink; empty where it declares none, for an explained plan and where
 *     the plan persists the identifier only. Read through {@code rules.DeclaredKeys}, the one place a declared key is
 *     read
 * @param tableProctimes the {@code PROCTIME()} columns of a source scan's table, as the compiled plan persists its
 *     schema ({@code "resolvedTable"."schema"."columns"}: a {@code COMPUTED} column whose expression's type is of kind
 *     {@code PROCTIME}); empty for any other node, for an explained plan and where the plan persists the identifier
 *     only. A scan emits no such column (the {@code Calc} above computes it where the query reads it), so a query
 *     that does not read it has it only here
 */
public record PlanNode(
        int id,
        String name,
        String type,
        String description,
        List<Integer> inputs,
        OutputType outputType,
        List<OperatorState> state,
        Optional<ObjectIdentifier> table,
        Map<String, String> tableOptions,
        List<String> tableKey,
        List<String> tableProctimes) {

    public PlanNode {
        inputs = List.copyOf(inputs);
        state = List.copyOf(state);
        tableOptions = Map.copyOf(tableOptions);
        tableKey = List.copyOf(tableKey);
        tableProctimes = List.copyOf(tableProctimes);
    }

    /** A node whose table's {@code PROCTIME()} columns are not known. */
    public PlanNode(
            int id, String name, String type, String description, List<Integer> inputs, OutputType outputType,
            List<OperatorState> state, Optional<ObjectIdentifier> table, Map<String, String> tableOptions,
            List<String> tableKey) {
        this(id, name, type, description, inputs, outputType, state, table, tableOptions, tableKey, List.of());
    }

    /** A node whose table's declared key is not known. */
    public PlanNode(
            int id, String name, String type, String description, List<Integer> inputs, OutputType outputType,
            List<OperatorState> state, Optional<ObjectIdentifier> table, Map<String, String> tableOptions) {
        this(id, name, type, description, inputs, outputType, state, table, tableOptions, List.of());
    }

    /** A node whose table's options are not known (an explained plan). */
    public PlanNode(
            int id, String name, String type, String description, List<Integer> inputs, OutputType outputType,
            List<OperatorState> state, Optional<ObjectIdentifier> table) {
        this(id, name, type, description, inputs, outputType, state, table, Map.of());
    }

    /** The node named by its id, as findings, excerpts and the audit name it: {@code Rank[5]}. */
    public String label() {
        return name + "[" + id + "]";
    }

    /**
     * True when this node scans its table with an {@code OPTIONS} hint, as its description shows it ({@code hints=[[[OPTIONS
     * options:{...}]]]}, Flink's {@code TableSourceScan} description): its {@link #tableOptions} have the hint's merged
     * in only where the line's compiled plan persists them so ({@code FlinkLine#compiledPlanMergesHintedOptions}).
     */
    public boolean optionsHinted() {
        return description.contains("OPTIONS options:");
    }

    /**
     * The options the {@code OPTIONS} hints of this scan give its table, as its description prints them (Flink's {@code
     * RelExplainUtil#hintsToString}: {@code hints=[[[OPTIONS options:{number-of-rows=100, rows-per-second=5}]]]}, each
     * hint's options in the order written, a later hint's over an earlier one's), for a line whose compiled plan keeps
     * the catalog's options alone ({@code FlinkLine#compiledPlanMergesHintedOptions}). Empty where the node has no such
     * hint, or where the printed options cannot be read back one for one (a value that holds {@code ", "} or {@code "="}
     * next to another key, or a {@code "}"}).
     */
    public Optional<Map<String, String>> hintedOptions() {
        Map<String, String> out = new LinkedHashMap<>();
        String marker = "OPTIONS options:{";
        for (int at = description.indexOf(marker); at >= 0; at = description.indexOf(marker, at + 1)) {
            int start = at + marker.length();
            int end = description.indexOf("}]", start);
            if (end < 0 || description.substring(start, end).contains("}")) {
                return Optional.empty();
            }
            for (String entry : description.substring(start, end).split(", ")) {
                int equals = entry.indexOf('=');
                if (equals <= 0 || entry.indexOf('=', equals + 1) >= 0) {
                    return Optional.empty();
                }
                out.put(entry.substring(0, equals), entry.substring(equals + 1));
            }
        }
        return out.isEmpty() ? Optional.empty() : Optional.of(Map.copyOf(out));
    }

    /**
     * The options this scan's source is created with ({@code CatalogSourceTable} merges a scan's {@code OPTIONS} hint into
     * its catalog table's options): its {@link #tableOptions}, with {@link #hintedOptions} merged in where the line's
     * compiled plan persists the catalog's alone ({@code planMergesHintedOptions} false: {@code
     * FlinkLine#compiledPlanMergesHintedOptions}); empty where the hint's options cannot be read back.
     */
    public Optional<Map<String, String>> sourceOptions(boolean planMergesHintedOptions) {
        if (!optionsHinted() || planMergesHintedOptions) {
            return Optional.of(tableOptions());
        }
        return hintedOptions().map(hint -> {
            Map<String, String> merged = new LinkedHashMap<>(tableOptions());
            merged.putAll(hint);
            return Map.copyOf(merged);
        });
    }

    /** True when this node is an operator named {@code operatorName}. */
    public boolean is(String operatorName) {
        return name.equals(operatorName);
    }
}
