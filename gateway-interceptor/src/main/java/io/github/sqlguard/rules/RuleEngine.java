package io.github.sqlguard.rules;

import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Runs every rule of the catalog on one {@link AnalysisContext} and applies the {@link RulePolicy}:
 * configured level, a hit's own cap, inline suppression. Each rule sees only the options its
 * {@link RuleDeclaration} lists. The findings of {@link RuleRole#FALLBACK} rules are kept only when
 * no diagnosis explains the planner error (a {@link RuleRole#DIAGNOSIS} rule's finding, or a check's
 * {@link RuleHit#diagnosis()} hit).
 *
 * <p>A rule that throws cannot take the guard down: it yields one finding of its own id at {@link
 * Level#WARN} (at most its configured level) saying that it failed and why, and the other rules
 * still decide.
 *
 * <p>What the policy says of each rule (its level, whether users may suppress it) is read once, when the engine is
 * made, not for every rule of every statement: an engine is made for a policy and kept with it ({@code
 * service.PolicyGuards}). Immutable and thread-safe.
 */
public final class RuleEngine {

    /** The catalog's rules in its order, each with what the policy says of it. */
    private final InForce[] rules;
    /**
     * How many distinct lists of options the rules declare: the rules of one list see the same options, so one
     * evaluation makes one {@link AnalysisContext#forRule} view per list, not one per rule ({@link InForce#view}).
     */
    private final int views;

    /**
     * A rule of the catalog with what the policy says of it.
     *
     * @param level the configured level ({@link RulePolicy#level})
     * @param suppressible true when users may lower it inline ({@link RulePolicy#suppressible})
     * @param view the index of the rule's list of options among the catalog's distinct ones
     */
    private record InForce(Rule rule, RuleDeclaration declaration, Level level, boolean suppressible, int view) {}

    public RuleEngine(RuleCatalog catalog, RulePolicy policy) {
        List<Rule> all = catalog.rules();
        Map<List<RuleOption<?>>, Integer> lists = new LinkedHashMap<>();
        this.rules = new InForce[all.size()];
        Set<String> suppressible = policy.suppressible();
        for (int i = 0; i < rules.length; i++) {
            Rule rule = all.get(i);
            RuleDeclaration declaration = rule.declaration();
            int view = lists.computeIfAbsent(declaration.options(), options -> lists.size());
            rules[i] = new InForce(
                    rule, declaration, policy.level(declaration.id()), suppressible.contains(declaration.id()), view);
        }
        this.views = lists.size();
    }

    /** The verdict for one statement. */
    public Verdict evaluate(AnalysisContext context) {
        return evaluate(context, LimitsVerdict.NONE);
    }

    /**
     * The verdict for one statement whose platform limits judged it before it was planned ({@code limits}): a
     * limit whose hits there were found in a context equal to {@code context} is not run again ({@link
     * LimitsVerdict#reusableIn}); its hits get this policy's levels as any rule's do.
     */
    public Verdict evaluate(AnalysisContext context, LimitsVerdict limits) {
        return evaluate(context, role -> true, limits.reusableIn(context).orElse(Map.of()), null);
    }

    /**
     * The verdict of the platform limits alone ({@link RuleRole#LIMIT}) on a statement not yet
     * planned: they read only its text facts and configuration changes. With each limit's hits, for
     * the evaluation of every rule on the same statement ({@link #evaluate(AnalysisContext, LimitsVerdict)}).
     */
    public LimitsVerdict evaluateLimits(AnalysisContext context) {
        Map<String, List<RuleHit>> found = new HashMap<>();
        Verdict verdict = evaluate(context, role -> role == RuleRole.LIMIT, Map.of(), found);
        return new LimitsVerdict(verdict, Optional.of(context), found);
    }

    /**
     * The verdict of the rules of {@code roles}: a rule with hits in {@code known} is not run; each {@link
     * RuleRole#LIMIT} rule's hits go into {@code found} when it is given.
     */
    private Verdict evaluate(
            AnalysisContext context, Predicate<RuleRole> roles, Map<String, List<RuleHit>> known,
            Map<String, List<RuleHit>> found) {
        Set<String> allowed = Suppressions.allowedRuleIds(context.statement().text());
        List<Finding> findings = new ArrayList<>();
        List<String> suppressed = new ArrayList<>();
        List<Finding> fallback = new ArrayList<>();
        boolean diagnosed = false;
        AnalysisContext[] seen = new AnalysisContext[views];
        for (InForce inForce : rules) {
            RuleDeclaration declaration = inForce.declaration();
            if (!roles.test(declaration.role())) {
                continue;
            }
            Level configured = inForce.level();
            if (configured == Level.OFF) {
                continue;
            }
            List<RuleHit> hits = known.get(declaration.id());
            if (hits == null) {
                AnalysisContext view = seen[inForce.view()];
                if (view == null) {
                    view = context.forRule(declaration);
                    seen[inForce.view()] = view;
                }
                hits = check(inForce.rule(), declaration, view);
            }
            if (found != null && declaration.role() == RuleRole.LIMIT) {
                found.put(declaration.id(), hits);
            }
            if (hits.isEmpty()) {
                // Most rules, on most statements: no iterator made for nothing (two passes over every rule a statement).
                continue;
            }
            for (RuleHit hit : hits) {
                Level level = hit.diagnosis() ? Level.BLOCK : configured.atMost(hit.cap());
                if (level == Level.OFF) {
                    continue;
                }
                if (inForce.suppressible() && allowed.contains(declaration.id())) {
                    level = level.atMost(Level.INFO);
                    if (!suppressed.contains(declaration.id())) {
                        suppressed.add(declaration.id());
                    }
                }
                String fix = SuppressionAdvice.fix(hit.fix(), declaration, inForce.suppressible(),
                        allowed.contains(declaration.id()));
                Finding finding =
                        new Finding(
                                declaration.id(), level, hit.reason(), hit.node(), hit.excerpt(), fix,
                                declaration.docLink(), hit.planNode(), hit.facts());
                if (declaration.role() == RuleRole.FALLBACK) {
                    fallback.add(finding);
                } else {
                    diagnosed |= declaration.role() == RuleRole.DIAGNOSIS || hit.diagnosis();
                    findings.add(finding);
                }
            }
        }
        List<String> fallbacks = new ArrayList<>();
        if (!diagnosed) {
            findings.addAll(fallback);
            fallback.forEach(f -> fallbacks.add(f.ruleId()));
        }
        return new Verdict(findings, suppressed, fallbacks);
    }

    /** {@code rule}'s hits on {@code view} (the statement's context as the rule sees it), or the hit of its failure. */
    private static List<RuleHit> check(Rule rule, RuleDeclaration declaration, AnalysisContext view) {
        try {
            return rule.check(view);
        } catch (RuntimeException | StackOverflowError e) {
            return List.of(failed(declaration, e));
        }
    }

    /** The hit of a rule that threw: visible and audited, never blocking on its own. */
    private static RuleHit failed(RuleDeclaration rule, Throwable e) {
        LoggerFactory.getLogger(RuleEngine.class)
                .error("sql-guard rule '{}' failed; the other rules still decide.", rule.id(), e);
        String message = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
        return new RuleHit(
                "The guard's rule '" + rule.id() + "' failed on this statement (" + message + "), so this rule did not"
                        + " judge it; the other rules did.",
                "rule " + rule.id(),
                "",
                "Report the statement and this message to the guard's maintainers; meanwhile the statement is judged by"
                        + " the other rules.",
                Level.WARN);
    }
}
