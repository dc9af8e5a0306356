package io.github.sqlguard.rules.config;

import io.github.sqlguard.flink.FlinkLine;
import io.github.sqlguard.plan.ExplainedPlan;
import io.github.sqlguard.plan.OperatorState;
import io.github.sqlguard.plan.PlanNode;
import io.github.sqlguard.plan.StatefulOperators;
import io.github.sqlguard.plan.TemporalJoins;
import io.github.sqlguard.plan.ViewHint;
import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Level;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;
import io.github.sqlguard.rules.StateTtl;
import io.github.sqlguard.rules.StateTtlOptions;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.statement.ParsedStatement.SqlOption;
import io.github.sqlguard.statement.ParsedStatement.SupersededHint;
import io.github.sqlguard.statement.ParsedStatement.UnmatchedHint;
import io.github.sqlguard.statement.StatementKind;
import io.github.sqlguard.statement.ParsedStatement.TableReference;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ttl-hint-ignored}: a {@code STATE_TTL} hint Flink ignores without a word. Flink's {@code
 * StateTtlHint} applies only to the regular join or group aggregation of the query block that
 * carries it, by the name of one of that block's inputs; a hint on a block without one is dropped
 * silently (verified on Flink 2.3.0: the hint is not in the AST, and no operator of the compiled
 * plan gets its TTL). Judged for the statement's own hints and for the hints inside the views it
 * reads ({@link ExplainedPlan#viewHints()}, which the plan does not show): where Flink compiled the
 * plan, a hint option is ignored when no join or aggregation has a state with its TTL (a TTL equal
 * to the session's cannot be told apart and is not reported); from an EXPLAIN text, when the plan
 * has no join or aggregation at all.
 *
 * <p>A hint naming no input of its query block is rejected by Flink 2.3 ({@code The options of
 * following hints cannot match the name of input tables or views: `o` in `STATE_TTL`}), in the
 * statement or in a view it reads; that rejection is diagnosed under this rule. Flink 1.20 rejects
 * a hint that names a table with a {@code WATERMARK} the same way ({@link
 * FlinkLine#stateTtlHintMatchesTablesWithWatermark}), which the diagnosis then names, with the
 * subquery alias that works there.
 *
 * <p>A hint option Flink drops for another one naming the same input of the same block is said to be
 * superseded, with the option Flink applies ({@link SupersededHint}): a second {@code STATE_TTL}
 * hint on a {@code SELECT} for an input the first names, a key written twice in one hint.
 */
public final class TtlHintIgnoredRule implements Rule {

    public static final String ID = "ttl-hint-ignored";

    public static final RuleDeclaration DECLARATION =
            RuleDeclaration.check(
                    ID, Level.WARN,
                    "`STATE_TTL` hint that Flink silently ignores; BLOCK as the diagnosis when Flink refuses a hint"
                    + " that names no input.",
                    StateTtlOptions.MIN_STATE_TTL);

    private static final String NO_MATCH = "cannot match the name of input tables or views";

    /** Flink's list of the hint options it could not match: {@code `o` in `STATE_TTL`}. */
    private static final Pattern UNMATCHED = Pattern.compile("`([^`]+)` in `STATE_TTL`");

    @Override
    public RuleDeclaration declaration() {
        return DECLARATION;
    }

    @Override
    public List<RuleHit> check(AnalysisContext context) {
        List<SqlOption> hints = context.statement().stateTtlHints();
        Optional<String> rejection = context.plannerError().flatMap(e -> e.find(NO_MATCH));
        if (rejection.isPresent() && (!hints.isEmpty() || rejection.get().contains("STATE_TTL"))) {
            return List.of(rejected(context, hints, rejection.get()));
        }
        if (context.plan().isEmpty()) {
            return unmatched(context);
        }
        ExplainedPlan plan = context.plan().get();
        List<RuleHit> hits = new ArrayList<>();
        List<SupersededHint> superseded = context.statement().facts().supersededTtlHints();
        for (SupersededHint hint : superseded) {
            hits.add(superseded(hint));
        }
        for (SqlOption hint : hints) {
            if (superseded.stream().anyMatch(s -> s.dropped().equals(hint))) {
                continue; // said above, with what supersedes it
            }
            if (ignored(context, plan, hint.value()) && inExists(context, hint)) {
                hits.add(RuleHit.of(
                        "The STATE_TTL hint ('" + hint.value() + "') reaches no operator: it is written on the SELECT of an"
                                + " EXISTS subquery, and Flink drops it there although that SELECT aggregates (its compiled"
                                + " plan keeps a TTL of 0 for the aggregation; a hint on an IN or scalar subquery's SELECT"
                                + " reaches its aggregation).",
                        "STATE_TTL('" + hint.key() + "' = '" + hint.value() + "') at line " + hint.line(),
                        "",
                        "Remove it from its SELECT: no STATE_TTL hint reaches an aggregation in an EXISTS subquery. To bound"
                                + " it, set the TTL for the job: SET 'table.exec.state.ttl' = '" + hint.value() + "' (it bounds"
                                + " every stateful operator of the job, the SEMI or ANTI join of the EXISTS too)."));
                break;
            }
            if (ignored(context, plan, hint.value())) {
                hits.add(RuleHit.of(
                        reason("The STATE_TTL hint", hint.value(), plan),
                        "STATE_TTL('" + hint.key() + "' = '" + hint.value() + "') at line " + hint.line(),
                        "",
                        fix(hint.value(), "its SELECT", context, plan)));
                // One finding per statement: the others say the same.
                break;
            }
        }
        for (ViewHint hint : plan.viewHints()) {
            if (ignored(context, plan, hint.value())) {
                hits.add(RuleHit.of(
                        reason("The STATE_TTL hint in view " + hint.view(), hint.value(), plan),
                        "STATE_TTL('" + hint.key() + "' = '" + hint.value() + "') in view " + hint.view(),
                        "",
                        fix(hint.value(), "the view's SELECT", context, plan)));
                break;
            }
        }
        return hits;
    }

    /**
     * True when {@code hint} is written on a SELECT that aggregates and is an {@code EXISTS} subquery ({@link
     * io.github.sqlguard.statement.ParsedStatement.SqlFacts#existsAggregateHints}, from the statement's tree): Flink
     * drops a hint there.
     */
    private static boolean inExists(AnalysisContext context, SqlOption hint) {
        return context.statement().facts().existsAggregateHints().contains(hint);
    }

    /**
     * True when a hint asking for {@code value} reached no operator: from a compiled plan, no join
     * or aggregation has a state with that TTL (and it is not the session's own TTL, which cannot be
     * told apart); from an EXPLAIN text, the plan has no join or aggregation at all.
     */
    private static boolean ignored(AnalysisContext context, ExplainedPlan plan, String value) {
        boolean hintable = plan.nodes().stream().anyMatch(n -> StatefulOperators.HINT_REACHES.contains(n.name()));
        if (!plan.compiled()) {
            return !hintable;
        }
        Optional<Duration> ttl = StateTtl.parse(value);
        if (ttl.isEmpty() || ttl.get().equals(context.effectiveStateTtl())) {
            return false;
        }
        for (PlanNode node : plan.nodes()) {
            if (StatefulOperators.HINT_REACHES.contains(node.name())) {
                for (OperatorState state : node.state()) {
                    if (state.ttl().equals(ttl.get())) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * Where the statement is not planned (a {@code CREATE VIEW}, whose query is planned only where a query reads the
     * view; a statement Flink refused for another reason): each hint option whose key names no input of its block, as
     * the statement's text tells ({@link UnmatchedHint}). Flink accepts such a view and refuses every query that reads
     * it; said here, where the hint is written, at the rule's level (Flink has not refused this statement).
     */
    private static List<RuleHit> unmatched(AnalysisContext context) {
        List<RuleHit> hits = new ArrayList<>();
        for (UnmatchedHint hint : context.statement().facts().unmatchedTtlHints()) {
            SqlOption option = hint.option();
            String inputs = String.join(", ", hint.inputs().stream().map(i -> "'" + i + "'").toList());
            boolean view = context.statement() instanceof io.github.sqlguard.statement.ParsedStatement statement
                    && statement.kind() == StatementKind.DDL;
            hits.add(RuleHit.of(
                    "The STATE_TTL hint names '" + option.key() + "', which is no input of its SELECT (its inputs: "
                            + inputs + "): Flink refuses every query planned with it (\"The options of following hints"
                            + " cannot match the name of input tables or views\")" + (view
                                    ? ", so it accepts this view and refuses each query that reads it."
                                    : "; this statement was not planned, so Flink has not said so yet."),
                    "STATE_TTL('" + option.key() + "' = '" + option.value() + "') at line " + option.line(),
                    "",
                    "Name an input of the hinted SELECT, not '" + option.key() + "': " + (hint.inputs().size() == 1
                            ? "/*+ STATE_TTL('" + hint.inputs().get(0) + "' = '" + option.value() + "') */"
                            : "one of " + inputs) + "."));
        }
        return hits;
    }

    /**
     * A hint option Flink drops for another one naming the same input of the same block ({@link
     * SupersededHint}): the TTL the user wrote is not the one the operator gets, and Flink says nothing.
     */
    private static RuleHit superseded(SupersededHint hint) {
        SqlOption dropped = hint.dropped();
        SqlOption kept = hint.kept();
        String why = hint.sameHint()
                ? "'" + dropped.key() + "' is written twice in one STATE_TTL hint, and Flink keeps the last value of a key"
                        + " ('" + kept.value() + "')"
                : "an earlier STATE_TTL hint on the same SELECT (line " + kept.line() + ") already sets '" + kept.key()
                        + "' = '" + kept.value() + "', and Flink keeps the first hint's TTL for an input";
        return RuleHit.of(
                "The STATE_TTL option '" + dropped.key() + "' = '" + dropped.value() + "' is superseded: " + why
                        + ", so it drops this one without a word and the operator gets '" + kept.value() + "'.",
                "STATE_TTL('" + dropped.key() + "' = '" + dropped.value() + "') at line " + dropped.line(),
                "",
                "Write one TTL per input of the SELECT, in one STATE_TTL hint: STATE_TTL('" + kept.key() + "' = '<the TTL"
                        + " you mean>'); Flink applies '" + kept.value() + "' today.");
    }

    private static String reason(String hint, String value, ExplainedPlan plan) {
        boolean hintable = plan.nodes().stream().anyMatch(n -> StatefulOperators.HINT_REACHES.contains(n.name()));
        return hint + " ('" + value + "') reaches no operator: Flink applies STATE_TTL only to the regular join or"
                + " group aggregation of the SELECT that carries it, and drops the hint without a word where that SELECT"
                + " has none" + (hintable
                        ? " (this plan's joins and aggregations all run under another TTL)."
                        : " (this plan has no regular join or group aggregation at all).");
    }

    /**
     * Where the hint should go, and the job's TTL of the same value; a value below {@code
     * sql-guard.min-state-ttl} is not proposed again anywhere (ttl-too-short would block it wherever it
     * applied): the fix names the minimum instead, and how much longer a TTL must be: longer than a key stays active,
     * or, for an aggregation with a {@code DISTINCT} call, what stateful-without-ttl's fix says of it ({@link
     * StatefulWithoutTtlRule#distinctTtl}). Where the plan's only join is a temporal one, the hint
     * has nowhere to go: Flink's {@code StreamExecTemporalJoin} reads the job's TTL, no hint, and its
     * {@code TemporalRowTimeJoinOperator} frees its rows by the watermark; a job TTL is an idle timeout
     * there ({@link TemporalJoins#idleTimeout}), so the fix says what it does.
     */
    private static String fix(String value, String where, AnalysisContext context, ExplainedPlan plan) {
        Duration min = context.option(StateTtlOptions.MIN_STATE_TTL);
        Optional<Duration> ttl = StateTtl.parse(value);
        if (ttl.isPresent() && !ttl.get().isZero() && ttl.get().compareTo(min) < 0) {
            // An aggregation with a DISTINCT call: a TTL longer than a key stays active does not keep it exact, and
            // stateful-without-ttl's fix says what does, in one text (StatefulWithoutTtlRule#distinctTtl).
            return "Remove it from " + where + ": '" + value + "' is below the minimum state TTL ("
                    + StateTtl.format(min) + "), so moved to the SELECT that joins or aggregates, or set for the"
                    + " job, it would expire state before later rows of a key arrive (ttl-too-short); to bound the state,"
                    + " give that SELECT or the job a TTL of at least " + StateTtl.format(min) + ", "
                    + distinct(context, plan).orElse("longer than a key stays active") + ".";
        }
        boolean hintable = plan.nodes().stream().anyMatch(n -> StatefulOperators.HINT_REACHES.contains(n.name()));
        List<PlanNode> temporal = TemporalJoins.of(plan);
        if (!hintable && !temporal.isEmpty()) {
            return "Remove it from " + where + ": a temporal join takes no STATE_TTL hint, and the watermark bounds its"
                    + " state (it frees each row of the probe side once joined, and the versioned side's versions older than"
                    + " the one in use: one version per key stays). A TTL for the job (SET 'table.exec.state.ttl' = '" + value + "') reaches it as an"
                    + " idle timeout: " + TemporalJoins.idleTimeout(value, temporal) + ".";
        }
        return "Move the hint to the SELECT that joins or aggregates, naming one of that SELECT's inputs as it names"
                + " it, or remove it from " + where + "; to bound every stateful operator instead, set the TTL for the job:"
                + " SET 'table.exec.state.ttl' = '" + value + "'" + (temporal.isEmpty() ? "" : ", which the temporal join"
                + " takes as an idle timeout: " + TemporalJoins.idleTimeout(value, temporal))
                + distinct(context, plan).map(d -> "; either way, give the aggregation a TTL " + d).orElse("") + ".";
    }

    /**
     * The length a TTL reaching the statement's aggregation must have where a {@code DISTINCT} call of it is not kept
     * exact by one longer than a key stays active, in stateful-without-ttl's words ({@link
     * StatefulWithoutTtlRule#distinctTtl}: "longer than a value of COUNT(DISTINCT v) keeps coming back to its key (k), or
     * only where a value counted again is acceptable: ..."): one wording for a hint below the minimum and one at or above
     * it.
     */
    private static Optional<String> distinct(AnalysisContext context, ExplainedPlan plan) {
        return StatefulWithoutTtlRule.distinctTtl(context, plan);
    }

    /** Flink refused the statement: a hint names no input of its query block (or, on 1.20, a table with a watermark). */
    private static RuleHit rejected(AnalysisContext context, List<SqlOption> hints, String message) {
        String flink = "Flink: " + context.plannerError().get().headline();
        // The key Flink names as unmatched, not the statement's first hint key: in a hint over a join
        // of a table and a subquery, the key Flink could match comes first and is not the problem.
        Matcher unmatched = UNMATCHED.matcher(message);
        String key = unmatched.find() ? unmatched.group(1) : !hints.isEmpty() ? hints.get(0).key() : null;
        String value = hints.stream().filter(h -> h.key().equals(key)).map(SqlOption::value).findFirst()
                .orElse(!hints.isEmpty() ? hints.get(0).value() : "1 d");
        String where = hints.isEmpty() ? " (it is in a view this statement reads)" : "";
        String example = key == null ? "" : ", not '" + key + "'";
        String fix = "Name an input of the hinted query block" + example + ": the table name, or its alias where the"
                + " SELECT that carries the hint gives it one, in that SELECT's FROM/JOIN" + where + ".";
        if (FlinkLine.current().stateTtlHintMatchesTablesWithWatermark()) {
            fix += throughFunction(context, key);
            return RuleHit.diagnosis(
                    "The STATE_TTL hint" + (key == null ? "" : " '" + key + "'") + where
                            + " names a table or alias that is not an input of its query block, so Flink rejects the query.",
                    flink, fix);
        }
        String line = FlinkLine.current().line();
        Optional<String> function = FlinkLine.current().stateTtlHintMatchesTableFunctionAliases()
                ? Optional.empty() : functionAlias(context, key);
        if (function.isPresent()) {
            String alias = function.get().isEmpty() ? "w" : function.get();
            return RuleHit.diagnosis(
                    "The STATE_TTL hint '" + key + "'" + where + " names " + (key.equals(alias)
                            ? "a table function's alias, which Flink " + line + " never matches to an input of its query block"
                            : "a table read through a table function, which is not an input of the query block: the function is")
                            + ", so Flink rejects the query.",
                    flink,
                    "Read the table function through a subquery and name the subquery's alias (Flink " + line
                            + " matches no table function's alias): FROM (SELECT * FROM TABLE(...)) AS " + alias
                            + " with /*+ STATE_TTL('" + alias + "' = '" + value + "') */.");
        }
        return RuleHit.diagnosis(
                "The STATE_TTL hint" + (key == null ? "" : " '" + key + "'") + where + " names a table or alias that"
                        + " Flink " + line + " cannot match to an input of its query block, so Flink"
                        + " rejects the query: either it is not an input there, or it is a table declared with a WATERMARK,"
                        + " which Flink " + line + " never matches by its name or alias.",
                flink,
                fix + " For a table with a WATERMARK, read it through a subquery and name the subquery's alias"
                        + subquery(context, key, value) + ".");
    }

    /**
     * Where {@code key} is a table function's alias ({@code w} of {@code TABLE(HOP(TABLE clicks, ...)) AS w}) or a
     * table the statement reads only through a table function: that function's alias (empty without one); empty
     * otherwise.
     */
    private static Optional<String> functionAlias(AnalysisContext context, String key) {
        if (key == null) {
            return Optional.empty();
        }
        Optional<String> alias = context.statement().facts().tableReferences().stream().map(TableReference::function)
                .flatMap(Optional::stream).filter(key::equals).findFirst();
        return alias.isPresent() ? alias : readOnlyThroughFunction(context, key);
    }

    /**
     * Where the statement reads table {@code key} only as a table function's {@code TABLE} argument: that
     * function's alias ({@code w} of {@code TABLE(HOP(TABLE clicks, ...)) AS w}; empty without one); empty
     * where it reads it directly or not at all.
     */
    private static Optional<String> readOnlyThroughFunction(AnalysisContext context, String key) {
        List<TableReference> named = context.statement().facts().tableReferences().stream()
                .filter(r -> r.name().equals(key)).toList();
        return !named.isEmpty() && named.stream().allMatch(r -> r.function().isPresent())
                ? named.get(0).function() : Optional.empty();
    }

    /**
     * Where {@code key} is a table the statement reads only as a table function's {@code TABLE} argument
     * ({@code TABLE(HOP(TABLE clicks, ...)) AS w}): the input of the block is the function's result, named by its
     * alias, not the table (checked on 2.3.0: {@code 'clicks'} is rejected, {@code 'w'} plans); empty otherwise.
     */
    private static String throughFunction(AnalysisContext context, String key) {
        if (key == null) {
            return "";
        }
        Optional<String> function = readOnlyThroughFunction(context, key);
        if (function.isEmpty()) {
            return "";
        }
        String alias = function.get();
        return alias.isEmpty()
                ? " '" + key + "' is read through a table function (TABLE(...(TABLE " + key + ", ...))), which is the input:"
                        + " give the function an alias (TABLE(...) AS w) and name that alias."
                : " '" + key + "' is read through a table function, which is the input: name its alias, '" + alias + "'.";
    }

    /** {@code : FROM (SELECT * FROM orders) AS o with /*+ STATE_TTL('o' = '1 d') *}{@code /}, by the statement's names. */
    private static String subquery(AnalysisContext context, String key, String value) {
        if (key == null) {
            return "";
        }
        for (TableReference reference : context.statement().facts().tableReferences()) {
            if (reference.hintName().equals(key)) {
                return ": FROM (SELECT * FROM " + String.join(".", reference.names()) + ") AS " + key
                        + " with /*+ STATE_TTL('" + key + "' = '" + value + "') */";
            }
        }
        return "";
    }
}
