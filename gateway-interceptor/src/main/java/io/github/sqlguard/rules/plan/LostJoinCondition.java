package io.github.sqlguard.rules.plan;

import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.Operator;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.ViewJoinCondition;
import io.github.sqlguard.rules.AnalysisContext;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A regular join Flink planned with no condition ({@code where=[true]}) while every join the statement writes has one:
 * the plan does not join as the statement does, and a message that read the plan alone would call it a join "without an
 * equality key" of the user's making. Flink 2.3.0 with {@code table.optimizer.join-reorder-enabled} plans {@code
 * JoinReorderTest#testInnerAndLeftOuterJoin} ({@code ... LEFT OUTER JOIN T4 ON a1 = a4 JOIN T5 ON a4 = a5}) with its top
 * join {@code where=[true]} over a {@code single} exchange and no operator applying {@code a4 = a5} (asked of 2.3.0's
 * planner: case 1034; the test's plan on Flink's master joins on it). Each column equality the statement's joins are
 * on ({@link io.github.sqlguard.statement.ParsedStatement.SqlFacts#joinConditions}), and each the joins of the views it
 * reads are on ({@link ExplainedPlan#viewJoinConditions}: Flink expands a view into the statement's plan, and reorders
 * its joins with the statement's, case 1112), is looked for in the conditions the plan prints ({@code where=[(a1 =
 * a4)]}, a {@code Calc}'s {@code where=[...]}), by column names, either way round: those found nowhere are the ones
 * Flink lost.
 */
public final class LostJoinCondition {

    /** Flink's option that lets its optimizer reorder joins ({@code OptimizerConfigOptions}). */
    public static final String JOIN_REORDER = "table.optimizer.join-reorder-enabled";

    /** A column equality as a statement writes it: {@code T4.a4 = T5.a5}, {@code a4 = a5}. */
    private static final Pattern EQUALITY =
            Pattern.compile("\\s*`?([\\w$]+)`?(?:\\.`?([\\w$]+)`?)?\\s*=\\s*`?([\\w$]+)`?(?:\\.`?([\\w$]+)`?)?\\s*");

    /** The {@code AND} between conjuncts of a condition as written. */
    private static final String AND = "(?i)\\s+AND\\s+";

    private LostJoinCondition() {}

    /**
     * {@code " with no condition in Flink's plan (where=[true]), although every join of the statement has one: a4 = a5,
     * which the statement joins on, is in no operator of the plan (Flink reordered the joins: ...)"}, for {@code join};
     * empty where its plan condition is not {@code true}, where a join of the statement or of a view it reads has no
     * condition, or where every equality they join on is applied by some operator of the plan. A condition of a view's
     * join is named with the view ({@code which the view shipped_orders joins on}): Flink expands the view into the
     * statement's plan and reorders its joins with the statement's (case 1112; the view's query as the catalog holds it,
     * {@link ExplainedPlan#viewJoinConditions}).
     */
    static Optional<String> of(Operator.Join join, ExplainedPlan plan, AnalysisContext context) {
        List<Lost> lost = lost(join, plan, context);
        if (lost.isEmpty()) {
            return Optional.empty();
        }
        Map<String, List<String>> byPlace = new LinkedHashMap<>();
        lost.forEach(l -> byPlace.computeIfAbsent(l.place(), p -> new ArrayList<>()).add(l.equality()));
        List<String> named = new ArrayList<>();
        byPlace.forEach((place, equalities) -> named.add(String.join(", ", equalities) + ", which " + place + " joins on"));
        List<String> views = plan.viewJoinConditions().stream().map(ViewJoinCondition::view).distinct().toList();
        return Optional.of(" with no condition in Flink's plan (where=[true]), although every join of the statement"
                + (views.isEmpty() ? "" : " and of the view" + (views.size() == 1 ? " " : "s ") + String.join(", ", views)
                        + " it reads")
                + " has one: " + String.join(", and ", named) + (lost.size() == 1 ? ", is" : ", are")
                + " in no operator of the plan" + (reordered(context)
                        ? " (Flink reordered the joins: table.optimizer.join-reorder-enabled is on)" : "")
                + ", so it joins every row of each input with every row of the other and keeps them all");
    }

    /**
     * A column equality no operator of the plan applies, as written, and where: {@code the statement}, {@code the view
     * shipped_orders}.
     */
    private record Lost(String equality, String place) {}

    /**
     * The column equalities of the statement's joins, then of the joins of the views it reads, that no operator of
     * {@code plan} applies, where {@link #of} says so.
     */
    private static List<Lost> lost(Operator.Join join, ExplainedPlan plan, AnalysisContext context) {
        if (!join.node().description().contains("where=[true]")) {
            return List.of();
        }
        List<String> conditions = new ArrayList<>(context.statement().facts().joinConditions());
        List<String> places = new ArrayList<>(Collections.nCopies(conditions.size(), "the statement"));
        for (ViewJoinCondition inView : plan.viewJoinConditions()) {
            conditions.add(inView.condition());
            places.add("the view " + inView.view());
        }
        List<Lost> out = new ArrayList<>();
        for (String equality : lostIn(plan, conditions)) {
            for (int i = 0; i < conditions.size(); i++) {
                if (parts(conditions.get(i)).contains(equality)) {
                    out.add(new Lost(equality, places.get(i)));
                    break;
                }
            }
        }
        return out;
    }

    /** The conjuncts of {@code condition} as {@link #lostIn} splits them. */
    private static List<String> parts(String condition) {
        return Arrays.stream(condition.split(AND)).map(String::strip).toList();
    }

    /**
     * The column equalities of {@code conditions} (what each join of the statement is on, as it writes them) that no
     * operator of {@code plan} applies, where a join of {@code plan} has no condition ({@code where=[true]}) and every
     * join of the statement has one; empty otherwise. For a rewrite that keeps the statement's joins as they are
     * ({@code rewrite.SessionStateTtl}): the plan it proves would lose them too.
     */
    public static List<String> lostIn(ExplainedPlan plan, List<String> conditions) {
        boolean unconditioned = plan.nodes().stream()
                .anyMatch(n -> n.name().equals("Join") && n.description().contains("where=[true]"));
        if (!unconditioned) {
            return List.of();
        }
        if (conditions.isEmpty() || conditions.stream().anyMatch(String::isBlank)) {
            return List.of(); // a join the statement writes without a condition: the plan's true is the user's
        }
        List<String> lost = new ArrayList<>();
        for (String condition : conditions) {
            for (String part : condition.split(AND)) {
                java.util.regex.Matcher equality = EQUALITY.matcher(part.replaceAll("^\\(+|\\)+$", ""));
                if (!equality.matches()) {
                    continue;
                }
                String left = equality.group(2) != null ? equality.group(2) : equality.group(1);
                String right = equality.group(4) != null ? equality.group(4) : equality.group(3);
                if (!applied(plan, left, right) && !lost.contains(part.strip())) {
                    lost.add(part.strip());
                }
            }
        }
        return lost;
    }

    /**
     * {@code "Have Flink join on s.carrier_id = c.carrier_id, which its plan lost: SET
     * 'table.optimizer.join-reorder-enabled' = 'false' (Flink 2.3.0 then plans the join on it)."} where {@link #of} finds
     * a lost condition and the session reorders joins (case 1034 without join reorder: its top join is on {@code a4 =
     * a5}, asked of 2.3.0's planner); {@code "Have Flink join on ...: its plan applies it nowhere."} otherwise; empty where
     * {@link #of} is.
     */
    static Optional<String> fix(Operator.Join join, ExplainedPlan plan, AnalysisContext context) {
        List<String> lost = lost(join, plan, context).stream().map(Lost::equality).toList();
        if (lost.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Have Flink join on " + String.join(" AND ", lost) + ", which its plan lost" + (reordered(context)
                ? ": SET 'table.optimizer.join-reorder-enabled' = 'false' (Flink 2.3.0 then plans the join on it)."
                : ": its plan applies it nowhere, so write the statement so that Flink keeps it (check with EXPLAIN)."));
    }

    private static boolean reordered(AnalysisContext context) {
        return Boolean.parseBoolean(context.config().getOrDefault(JOIN_REORDER, "false"));
    }

    /**
     * True where a condition of some node of {@code plan} compares columns {@code left} and {@code right}, either way
     * round.
     */
    private static boolean applied(ExplainedPlan plan, String left, String right) {
        // The plan names a column that two inputs share with a number after it (order_id0).
        String l = Pattern.quote(left) + "\\d*";
        String r = Pattern.quote(right) + "\\d*";
        Pattern either = Pattern.compile("(?<![\\w$])(" + l + "\\s*=\\s*" + r + "|" + r + "\\s*=\\s*" + l + ")(?![\\w$])");
        for (PlanNode node : plan.nodes()) {
            if (either.matcher(node.description()).find()) {
                return true;
            }
        }
        return false;
    }
}
