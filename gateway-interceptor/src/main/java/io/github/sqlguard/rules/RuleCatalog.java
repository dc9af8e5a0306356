package io.github.sqlguard.rules;

import io.github.sqlguard.rules.config.TtlBareNumberRule;
import io.github.sqlguard.rules.config.TtlHintIgnoredRule;
import io.github.sqlguard.rules.config.TtlInvalidValueRule;
import io.github.sqlguard.rules.config.TtlNotATableOptionRule;
import io.github.sqlguard.rules.config.WatermarkAheadOfEventTimeRule;
import io.github.sqlguard.rules.config.TtlTooShortRule;
import io.github.sqlguard.rules.config.TtlUnknownKeyRule;
import io.github.sqlguard.rules.diagnosis.FrameWithRowNumberRule;
import io.github.sqlguard.rules.diagnosis.OnConflictRequiredRule;
import io.github.sqlguard.rules.diagnosis.OffsetWithoutFetchRule;
import io.github.sqlguard.rules.diagnosis.ReservedWordNameRule;
import io.github.sqlguard.rules.diagnosis.OverFollowingUnsupportedRule;
import io.github.sqlguard.rules.diagnosis.OverOrderDescRule;
import io.github.sqlguard.rules.diagnosis.OverWithoutOrderByRule;
import io.github.sqlguard.rules.diagnosis.OverOrderNonTimeRule;
import io.github.sqlguard.rules.diagnosis.PlannerErrorRule;
import io.github.sqlguard.rules.diagnosis.RankFunctionUnsupportedRule;
import io.github.sqlguard.rules.diagnosis.WindowProctimeUnsupportedRule;
import io.github.sqlguard.rules.diagnosis.UpdatesIntoAppendOnlyRule;
import io.github.sqlguard.rules.diagnosis.TemporalJoinNotVersionedRule;
import io.github.sqlguard.rules.diagnosis.TimeAttributeRequiredRule;
import io.github.sqlguard.rules.diagnosis.RnFilterInSameSelectRule;
import io.github.sqlguard.rules.diagnosis.RowNumberWithoutOrderByRule;
import io.github.sqlguard.rules.diagnosis.LateralTopNUnsupportedRule;
import io.github.sqlguard.rules.diagnosis.SortNonTimeRule;
import io.github.sqlguard.rules.diagnosis.UnquotedSetAfterCommentRule;
import io.github.sqlguard.rules.limits.ConnectorNotAllowedRule;
import io.github.sqlguard.rules.limits.FunctionClassNotAllowedRule;
import io.github.sqlguard.rules.limits.JarNotAllowedRule;
import io.github.sqlguard.rules.limits.PathNotAllowedRule;
import io.github.sqlguard.rules.plan.DedupNotRecognizedRule;
import io.github.sqlguard.rules.plan.MatchWithoutWithinRule;
import io.github.sqlguard.rules.plan.GlobalRankRule;
import io.github.sqlguard.rules.plan.ProctimeTopNRule;
import io.github.sqlguard.rules.plan.IntervalJoinNeverMatchesRule;
import io.github.sqlguard.rules.plan.WindowRankNotRecognizedRule;
import io.github.sqlguard.rules.plan.WindowAggregateNotRecognizedRule;
import io.github.sqlguard.rules.plan.LargeTopNRule;
import io.github.sqlguard.rules.plan.RankRetractRule;
import io.github.sqlguard.rules.plan.StatefulWithoutTtlRule;
import io.github.sqlguard.rules.plan.TtlExpiresReadOnceSideRule;
import io.github.sqlguard.rules.plan.UnboundedOverAggregateRule;
import io.github.sqlguard.rules.plan.UnboundedRankRule;
import io.github.sqlguard.rules.restore.RestoreChangedMeaningRule;
import io.github.sqlguard.rules.restore.RestoreIncompatibleStateRule;
import io.github.sqlguard.rules.restore.RestoreMaxParallelismRule;
import io.github.sqlguard.rules.restore.RestoreStateSkippedRule;
import io.github.sqlguard.rules.restore.RestoreUnclaimedStateRule;
import io.github.sqlguard.rules.restore.RestoreUnreadableRule;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every rule of the guard, by id, in a stable order (platform limits, plan, configuration, diagnosis,
 * fallback), and
 * the options they declare. Immutable.
 *
 * <p>A rule is registered by being listed in {@link #builtIn()}; everything else about it (level,
 * role, options, documentation header, configuration reference, {@code conf/config.yaml} block)
 * follows from its {@link RuleDeclaration} (see {@code docs/rules/ADDING.md}).
 */
public final class RuleCatalog {

    /** Prefix every rule option's key has, so that a scope can override it ({@code sql-guard.scopes.<name>.…}). */
    public static final String OPTION_PREFIX = "sql-guard.";

    private final Map<String, Rule> rules = new LinkedHashMap<>();
    private final Map<String, RuleOption<?>> options = new LinkedHashMap<>();
    /** {@link #rules} in catalog order, made once: the rule engine and the decider read it for every statement. */
    private final List<Rule> ordered;

    private RuleCatalog(List<Rule> rules) {
        for (Rule rule : rules) {
            RuleDeclaration declaration = rule.declaration();
            if (this.rules.put(declaration.id(), rule) != null) {
                throw new IllegalArgumentException("Duplicate rule id '" + declaration.id() + "'.");
            }
            for (RuleOption<?> option : declaration.options()) {
                String key = option.key();
                if (!key.startsWith(OPTION_PREFIX) || key.startsWith(OPTION_PREFIX + "scopes.")) {
                    throw new IllegalArgumentException(
                            "Option '" + key + "' of '" + declaration.id() + "' must be a 'sql-guard.*' key outside"
                                    + " 'sql-guard.scopes.'.");
                }
                RuleOption<?> twin = options.putIfAbsent(key, option);
                if (twin != null && twin != option) {
                    throw new IllegalArgumentException(
                            "Two different options have the key '" + key + "' ('" + declaration.id() + "' and an"
                                    + " earlier rule): an option several rules read is one constant that each lists.");
                }
            }
        }
        this.ordered = List.copyOf(this.rules.values());
    }

    /** The catalog of all built-in rules. */
    public static RuleCatalog builtIn() {
        return new RuleCatalog(
                List.of(
                        new JarNotAllowedRule(),
                        new FunctionClassNotAllowedRule(),
                        new ConnectorNotAllowedRule(),
                        new PathNotAllowedRule(),
                        new UnboundedRankRule(),
                        new DedupNotRecognizedRule(),
                        new RankRetractRule(),
                        new GlobalRankRule(),
                        new ProctimeTopNRule(),
                        new WindowRankNotRecognizedRule(),
                        new WindowAggregateNotRecognizedRule(),
                        new LargeTopNRule(),
                        new UnboundedOverAggregateRule(),
                        new StatefulWithoutTtlRule(),
                        new TtlExpiresReadOnceSideRule(),
                        new MatchWithoutWithinRule(),
                        new IntervalJoinNeverMatchesRule(),
                        new RestoreUnreadableRule(),
                        new RestoreUnclaimedStateRule(),
                        new RestoreStateSkippedRule(),
                        new RestoreIncompatibleStateRule(),
                        new RestoreMaxParallelismRule(),
                        new RestoreChangedMeaningRule(),
                        new TtlBareNumberRule(),
                        new TtlTooShortRule(),
                        new TtlInvalidValueRule(),
                        new TtlNotATableOptionRule(),
                        new TtlUnknownKeyRule(),
                        new TtlHintIgnoredRule(),
                        new WatermarkAheadOfEventTimeRule(),
                        new RnFilterInSameSelectRule(),
                        new FrameWithRowNumberRule(),
                        new OverOrderDescRule(),
                        new SortNonTimeRule(),
                        new RankFunctionUnsupportedRule(),
                        new RowNumberWithoutOrderByRule(),
                        new OverOrderNonTimeRule(),
                        new OverWithoutOrderByRule(),
                        new OnConflictRequiredRule(),
                        new LateralTopNUnsupportedRule(),
                        new WindowProctimeUnsupportedRule(),
                        new UpdatesIntoAppendOnlyRule(),
                        new TemporalJoinNotVersionedRule(),
                        new TimeAttributeRequiredRule(),
                        new OverFollowingUnsupportedRule(),
                        new OffsetWithoutFetchRule(),
                        new UnquotedSetAfterCommentRule(),
                        new ReservedWordNameRule(),
                        new PlannerErrorRule()));
    }

    /**
     * A catalog of exactly {@code rules}, in that order (tests, and embedding with rules of one's
     * own).
     *
     * @throws IllegalArgumentException when two rules share an id
     */
    public static RuleCatalog of(List<Rule> rules) {
        return new RuleCatalog(rules);
    }

    /**
     * All rules in catalog order: one immutable list, the same on every call (it was copied on each, several
     * times per statement: the rule engine's passes and the decider's check for platform limits).
     */
    public List<Rule> rules() {
        return ordered;
    }

    /** Every option a rule of the catalog reads, once, in catalog order. */
    public List<RuleOption<?>> options() {
        return List.copyOf(options.values());
    }

    /** The ids of the rules that read {@code option}, in catalog order. */
    public List<String> readers(RuleOption<?> option) {
        return rules.values().stream()
                .map(Rule::declaration)
                .filter(d -> d.options().contains(option))
                .map(RuleDeclaration::id)
                .toList();
    }

    /** The rule with this id. */
    public Optional<Rule> rule(String id) {
        return Optional.ofNullable(rules.get(id));
    }
}
