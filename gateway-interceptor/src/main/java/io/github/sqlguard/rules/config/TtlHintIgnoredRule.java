package io.github.sqlguard.rules.config;

import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code ttl-hint-ignored}: a {@code STATE_TTL} hint Flink ignores without a word: the statement's
 * plan has no regular join or group aggregation for it to apply to, or the hint names no table or
 * alias the statement reads (Flink's {@code StateTtlHint} applies to joins and aggregations only).
 */
public final class TtlHintIgnoredRule implements Rule {

    public static final String ID = "ttl-hint-ignored";

    private static final Set<String> HINTABLE =
            Set.of("GroupAggregate", "GlobalGroupAggregate", "IncrementalGroupAggregate", "Join", "LocalGroupAggregate");

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Level defaultLevel() {
        return Level.WARN;
    }

    @Override
    public String summary() {
        return "STATE_TTL hint that Flink silently ignores.";
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<SqlOption> hints = context.statement().stateTtlHints();
        if (hints.isEmpty() || context.plan().isEmpty()) {
            return List.of();
        }
        List<PlanNode> nodes = context.plan().get().executionPlan().nodes();
        boolean applicable = nodes.stream().anyMatch(n -> HINTABLE.contains(n.name()));
        if (!applicable) {
            SqlOption first = hints.get(0);
            return List.of(
                    RuleHit.of(
                            "The STATE_TTL hint has nothing to apply to: this query has no regular join or group aggregation"
                                    + " (Flink applies STATE_TTL only to those), so Flink ignores it.",
                            "STATE_TTL('" + first.key() + "' = '" + first.value() + "') at line " + first.line(),
                            "",
                            "Remove the hint, or set the TTL for the whole job: SET 'table.exec.state.ttl' = '" + first.value() + "'."));
        }
        Set<String> scanned =
                nodes.stream()
                        .filter(n -> n.name().endsWith("TableSourceScan"))
                        .map(n -> n.attribute("table").orElse(""))
                        .map(t -> t.replace("[", "").replace("]", ""))
                        .map(t -> t.substring(t.lastIndexOf(',') + 1).strip().toLowerCase(Locale.ROOT))
                        .collect(Collectors.toSet());
        String text = context.statement().text().toLowerCase(Locale.ROOT);
        return hints.stream()
                .filter(h -> !scanned.contains(h.key().toLowerCase(Locale.ROOT)) && !mentionsAlias(text, h.key()))
                .map(
                        h ->
                                RuleHit.of(
                                        "The STATE_TTL hint names '" + h.key() + "', which is neither a table nor an alias this"
                                                + " query reads, so Flink ignores it.",
                                        "STATE_TTL('" + h.key() + "' = '" + h.value() + "') at line " + h.line(),
                                        "",
                                        "Name an input of the hinted query block: a table name or its alias in FROM/JOIN."))
                .toList();
    }

    private static boolean mentionsAlias(String lowerText, String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return lowerText.contains(" as " + k + " ")
                || lowerText.contains(" as " + k + "\n")
                || lowerText.contains(" " + k + " ")
                || lowerText.contains(" " + k + "\n")
                || lowerText.endsWith(" " + k);
    }
}
