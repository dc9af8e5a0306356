package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.DeclaredKeys;
import io.github.sqlguard.rules.TableRead;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A lookup join below an upsert-materialized sink whose lookup does not hold the PRIMARY KEY its table declares (or
 * whose table declares none): one input row may match several rows of that table, each a result row with the input
 * row's columns, and so with its key; they compete for one sink row. Flink 2.3.0 gives the join's result no key from
 * the table unless the lookup keys hold its PRIMARY KEY ({@code FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable}),
 * and a lookup join emits a row for each row the lookup returns ({@code StreamExecLookupJoin}). The lookup keys are read
 * from the node's description ({@code lookup=[region=_UTF-16LE'EU', customer_id=customer_id]}: the table's column,
 * then the input's column or a constant; {@code CommonPhysicalLookupJoin#explainTerms}, 1.20 and 2.3). A column equated
 * with a constant is looked up by it as well: Flink's lookup join turns a condition {@code c.region = 'EU'} on the table
 * into a lookup key of its own ({@code CommonPhysicalLookupJoin#allLookupKeys}, a {@code LookupJoinUtil.Constant}
 * beside the {@code FieldRef} of a column of the input), so a lookup by {@code customer_id} and the constant returns at
 * most one row of a table keyed by {@code (region, customer_id)} (lint case 42). That is what this is about, how many
 * rows one input row matches, not the key Flink derives for the join's rows, which compares the table's key with the
 * condition's column equalities alone ({@code FlinkRelMdUniqueKeys#getUniqueKeysOfTemporalTable}: {@code
 * joinInfo.pairs()}; {@link io.github.sqlguard.statement.LookupKeys}), so such an INSERT still needs its {@code ON
 * CONFLICT} clause and plans the materializer. The declared key is the compiled plan's where it keeps one, else the
 * session catalog's ({@link DeclaredKeys}). Stateless.
 *
 * @param table the looked-up table, as its catalog names it
 * @param lookedUpBy the table's columns the lookup equates with a column of the input or a constant
 * @param declared the PRIMARY KEY the table declares; empty where it declares none
 */
record LookupMatches(String table, List<String> lookedUpBy, List<String> declared) {

    private static final Pattern LOOKUP = Pattern.compile("\\blookup=\\[([^\\]]*)]");

    /** One lookup key: the table's column, then the input's column or a literal ({@code RexLiteral}'s digest). */
    private static final Pattern PAIR = Pattern.compile("([A-Za-z_$][\\w$]*)=(.+)", Pattern.DOTALL);

    LookupMatches {
        lookedUpBy = List.copyOf(lookedUpBy);
        declared = List.copyOf(declared);
    }

    /**
     * The first lookup join below {@code sink} whose lookup does not hold its table's declared key, where the statement
     * reads the table, or a view whose query may hold the lookup join (a lookup join of a table the guard did not read
     * is left unsaid: a proof's planning, which reads no tables); empty otherwise. The key is the compiled plan's where it
     * keeps one ({@link PlanNode#tableKey}: the lookup join's {@code "temporalTable"}, Flink's {@code ResolvedSchema} as
     * the plan persists it), else the session catalog's ({@link DeclaredKeys}).
     */
    static Optional<LookupMatches> below(Operator.Sink sink, ExplainedPlan plan, AnalysisContext context) {
        boolean throughViews = context.tablesRead().stream().anyMatch(TableRead::view);
        for (PlanNode node : plan.below(sink.node(), n -> true)) {
            if (!node.is("LookupJoin") || node.table().isEmpty()) {
                continue;
            }
            String name = node.table().get().getObjectName();
            Optional<TableRead> read = context.tablesRead().stream()
                    .filter(r -> !r.view() && r.reference().name().equals(name)).findFirst();
            if (read.isEmpty() && !throughViews) {
                continue;
            }
            List<String> by = lookedUpBy(node.description());
            List<String> key = DeclaredKeys.of(node, context.tablesRead());
            if (!key.isEmpty() && by.containsAll(key)) {
                continue;
            }
            return Optional.of(new LookupMatches(name, by, key));
        }
        return Optional.empty();
    }

    /**
     * The table's columns {@code description}'s {@code lookup=[...]} equates with a column of the input or a constant,
     * in its order. The entries are split at the commas outside a quoted literal ({@code name=_UTF-16LE'a, b'}).
     */
    static List<String> lookedUpBy(String description) {
        Matcher lookup = LOOKUP.matcher(description);
        List<String> out = new ArrayList<>();
        if (!lookup.find()) {
            return out;
        }
        for (String entry : entries(lookup.group(1))) {
            Matcher pair = PAIR.matcher(entry.strip());
            if (pair.matches() && !out.contains(pair.group(1))) {
                out.add(pair.group(1));
            }
        }
        return out;
    }

    /** {@code keys} split at each {@code ", "} outside a single-quoted literal (a quote inside one is doubled). */
    private static List<String> entries(String keys) {
        List<String> out = new ArrayList<>();
        boolean quoted = false;
        int start = 0;
        for (int i = 0; i < keys.length(); i++) {
            char c = keys.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(keys.substring(start, i));
                start = i + 1;
            }
        }
        out.add(keys.substring(start));
        return out;
    }

    /**
     * What the sink's materializer does with the matches, by how it resolves a conflict: {@code DO DEDUPLICATE} (and
     * Flink 1.20's materializer, which has no clause) keeps the row that arrived last, {@code DO NOTHING} the first,
     * and {@code DO ERROR} fails at the second ({@code SinkUpsertMaterializer}, {@code
     * WatermarkCompactingSinkMaterializer}: both compare arrival, not a chosen row).
     */
    String sentence(Operator.Sink sink) {
        String by = lookedUpBy.isEmpty() ? "" : " by " + String.join(", ", lookedUpBy);
        String key = declared.isEmpty() ? " (it declares no PRIMARY KEY)"
                : ", not by its PRIMARY KEY (" + String.join(", ", declared) + ")";
        String strategy = sink.conflictStrategy().orElse("DEDUPLICATE");
        String keeps = strategy.equals("NOTHING") ? "the sink row keeps the first match to arrive, not a chosen one"
                : strategy.equals("ERROR") ? "the job fails at the first input row with a second match"
                : "the sink row keeps the match that arrived last, not a chosen one";
        return " The lookup join of " + table + " looks it up" + by + key + ": several rows of " + table + " may match"
                + " one input row, each a row with that input row's key, and they compete for its one sink row: " + keeps
                + ".";
    }
}
