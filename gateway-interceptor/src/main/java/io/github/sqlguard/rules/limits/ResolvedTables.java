package io.github.sqlguard.rules.limits;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * An option of the tables a planned statement reads and writes, as Flink resolved them ({@link
 * PlanNode#tableOptions()}): the defence in depth of the connector and path limits, for a table
 * that already exists in a catalog and so is not in the statement's text. Read only after planning,
 * where the compiled plan persists the tables' options; the values the statement's own text sets
 * are left out (the limits judged them before planning).
 */
final class ResolvedTables {

    /**
     * One value of a table's option in the plan.
     *
     * @param table the table, as Flink names it: {@code `cat`.`db`.`t`}
     * @param value the option's value
     */
    record TableOption(String table, String value) {

        /** How a finding names it. */
        String node(String key) {
            return "table " + table + " '" + key + "' = '" + value + "' (as the catalog holds it)";
        }
    }

    private ResolvedTables() {}

    /**
     * The hits of a limit on table option {@code key}: each value the statement's text sets ({@code
     * WITH}, {@code OPTIONS} hint) and, after planning, each value of the plan's tables ({@link
     * #values}), that {@code allowed} refuses; {@code hit} makes the hit of a value and its node.
     */
    static List<RuleHit> hits(
            AnalysisContext context, String key, Predicate<String> allowed, BiFunction<String, String, RuleHit> hit) {
        List<RuleHit> hits = new ArrayList<>();
        for (SqlOption option : context.statement().tableOptions()) {
            if (option.key().equals(key) && !allowed.test(option.value())) {
                hits.add(hit.apply(option.value(),
                        option.source() + " '" + option.key() + "' = '" + option.value() + "' at line " + option.line()));
            }
        }
        for (TableOption table : values(context, key)) {
            if (!allowed.test(table.value())) {
                hits.add(hit.apply(table.value(), table.node(key)));
            }
        }
        return hits;
    }

    /**
     * The keys {@code shape} accepts among the options the statement's text sets and, after planning,
     * those of the plan's tables, each once.
     */
    static Set<String> keys(AnalysisContext context, Predicate<String> shape) {
        Set<String> keys = new LinkedHashSet<>();
        for (SqlOption option : context.statement().tableOptions()) {
            if (shape.test(option.key())) {
                keys.add(option.key());
            }
        }
        context.plan().ifPresent(plan -> plan.nodes().forEach(node -> node.tableOptions().keySet().stream()
                .filter(shape).forEach(keys::add)));
        return keys;
    }

    /** The values of option {@code key} of the plan's tables, each table once, but those the statement's text sets. */
    static List<TableOption> values(AnalysisContext context, String key) {
        Optional<ExplainedPlan> plan = context.plan();
        if (plan.isEmpty()) {
            return List.of();
        }
        Set<String> written = new LinkedHashSet<>();
        for (SqlOption option : context.statement().tableOptions()) {
            if (option.key().equals(key)) {
                written.add(option.value());
            }
        }
        List<TableOption> values = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (PlanNode node : plan.get().nodes()) {
            String value = node.tableOptions().get(key);
            if (node.table().isEmpty() || value == null || written.contains(value)) {
                continue;
            }
            String table = node.table().get().asSerializableString();
            if (seen.add(table + "\u0000" + value)) {
                values.add(new TableOption(table, value));
            }
        }
        return values;
    }
}
