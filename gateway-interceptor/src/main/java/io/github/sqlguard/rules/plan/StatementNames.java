package io.github.sqlguard.rules.plan;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.plan.Column;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.List;
import java.util.Optional;

/**
 * How the statement names what an operator of its plan reads, so that a fix names only the
 * statement's own tables, aliases and columns: the tables below the operator ({@link
 * ExplainedPlan#tablesRead}), the name a {@code STATE_TTL} hint must use for each (its alias in the
 * statement, else its name: Flink 2.3 refuses a hint that names an aliased table by its name, "The
 * options of following hints cannot match the name of input tables or views"), and the event-time
 * column an operator could be windowed by.
 *
 * @param plan the statement's plan
 * @param context the statement's analysis context
 */
record StatementNames(ExplainedPlan plan, AnalysisContext context) {

    /** The one named table {@code node} reads, when it reads exactly one. */
    Optional<ObjectIdentifier> singleTable(PlanNode node) {
        List<ObjectIdentifier> tables = plan.tablesRead(node);
        return tables.size() == 1 ? Optional.of(tables.get(0)) : Optional.empty();
    }

    /**
     * The table {@code node} reads straight, through stateless operators only (a Calc, an Exchange,
     * the watermark assigner, the local part of an aggregation): the table its own {@code SELECT}
     * names, which a hint on that {@code SELECT} or a window over it can name. Empty when another
     * stateful operator (a subquery's aggregation, a join) or several inputs stand between.
     */
    Optional<ObjectIdentifier> directTable(PlanNode node) {
        PlanNode at = node;
        for (int depth = 0; depth < 256; depth++) {
            List<PlanNode> inputs = plan.inputs(at);
            if (inputs.size() != 1) {
                return inputs.isEmpty() ? at.table() : Optional.empty();
            }
            at = inputs.get(0);
            if (StatefulOperators.isStateful(at)) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The tables {@code node} reads by name, joined: {@code orders, payments}; {@code its input} when none is named. */
    String tables(PlanNode node) {
        List<ObjectIdentifier> tables = plan.tablesRead(node);
        return tables.isEmpty() ? "its input" : String.join(", ", tables.stream().map(ObjectIdentifier::getObjectName).toList());
    }

    /**
     * The name a {@code STATE_TTL} hint gives {@code table} in the statement's own text: its alias
     * there, or its name when the statement reads it without one; empty when the statement does not
     * name it (it is read through a view, whose own {@code SELECT} would carry the hint).
     */
    Optional<String> hintName(ObjectIdentifier table) {
        for (TableReference reference : context.statement().facts().tableReferences()) {
            if (reference.name().equals(table.getObjectName())) {
                return Optional.of(reference.hintName());
            }
        }
        return Optional.empty();
    }

    /** The first event-time attribute below {@code node} ({@code WATERMARK FOR order_time ...}), if any. */
    Optional<Column> rowtimeBelow(PlanNode node) {
        return plan.timeAttributesBelow(node).stream()
                .filter(c -> c.timeAttribute() == Column.TimeAttribute.ROWTIME)
                .findFirst();
    }

    /** True when {@code column} is an event-time or processing-time attribute somewhere below {@code node}. */
    boolean isTimeAttributeBelow(PlanNode node, String column) {
        return plan.timeAttributesBelow(node).stream().anyMatch(c -> c.name().equals(column));
    }

    /**
     * A {@code STATE_TTL} hint for the tables {@code node} reads as the statement names them ({@code
     * /*+ STATE_TTL('o' = '1 d') *}{@code /}), with Flink 1.20's limit said where it applies; empty
     * when the statement names none of them.
     */
    Optional<String> hint(PlanNode node, String ttl) {
        List<ObjectIdentifier> tables = plan.tablesRead(node);
        StringBuilder options = new StringBuilder();
        for (ObjectIdentifier table : tables) {
            Optional<String> name = hintName(table);
            if (name.isEmpty()) {
                return Optional.empty();
            }
            options.append(options.isEmpty() ? "" : ", ").append('\'').append(name.get()).append("' = '").append(ttl).append('\'');
        }
        if (options.isEmpty()) {
            return Optional.empty();
        }
        String hint = "/*+ STATE_TTL(" + options + ") */";
        if (!FlinkLine.current().stateTtlHintMatchesTablesWithWatermark() && rowtimeBelow(node).isPresent()) {
            hint += " (Flink " + FlinkLine.current().line() + " matches no table declared with a WATERMARK: read it"
                    + " through a subquery and name the subquery's alias)";
        }
        return Optional.of(hint);
    }
}
