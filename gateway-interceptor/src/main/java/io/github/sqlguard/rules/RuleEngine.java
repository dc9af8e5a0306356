package io.github.sqlguard.rules;

import io.github.sqlguard.rules.diagnosis.DiagnosisRule;
import io.github.sqlguard.rules.diagnosis.PlannerErrorRule;

import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs every rule of the catalog on one {@link AnalysisContext} and applies the {@link RulePolicy}:
 * configured level, a hit's own cap, inline suppression. At most one diagnosis is kept for a
 * planner error: a specific one when any matches, otherwise {@code planner-error}.
 *
 * <p>A rule that throws cannot take the guard down: it yields one finding of its own id at {@link
 * Level#WARN} (at most its configured level) saying that it failed and why, and the other rules
 * still decide. Stateless and thread-safe.
 */
public final class RuleEngine {

    private final RuleCatalog catalog;
    private final RulePolicy policy;

    public RuleEngine(RuleCatalog catalog, RulePolicy policy) {
        this.catalog = catalog;
        this.policy = policy;
    }

    /** The verdict for one statement. */
    public Verdict evaluate(AnalysisContext context) {
        Set<String> allowed = Suppressions.allowedRuleIds(context.statement().text());
        List<Finding> findings = new ArrayList<>();
        List<String> suppressed = new ArrayList<>();
        boolean diagnosed = false;
        Finding plannerError = null;
        for (Rule rule : catalog.rules()) {
            Level configured = policy.level(rule.id());
            if (configured == Level.OFF) {
                continue;
            }
            List<RuleHit> hits;
            try {
                hits = rule.check(context);
            } catch (RuntimeException | StackOverflowError e) {
                hits = List.of(failed(rule, e));
            }
            for (RuleHit hit : hits) {
                Level level = hit.diagnosis() ? Level.BLOCK : configured.atMost(hit.cap());
                if (level == Level.OFF) {
                    continue;
                }
                if (allowed.contains(rule.id()) && policy.suppressible().contains(rule.id())) {
                    level = level.atMost(Level.INFO);
                    if (!suppressed.contains(rule.id())) {
                        suppressed.add(rule.id());
                    }
                }
                Finding finding =
                        new Finding(rule.id(), level, hit.reason(), hit.node(), hit.excerpt(), hit.fix(), Rule.docLink(rule.id()));
                if (rule instanceof PlannerErrorRule) {
                    plannerError = finding;
                } else {
                    diagnosed |= rule instanceof DiagnosisRule || hit.diagnosis();
                    findings.add(finding);
                }
            }
        }
        if (plannerError != null && !diagnosed) {
            findings.add(plannerError);
        }
        return new Verdict(findings, suppressed);
    }

    /** The hit of a rule that threw: visible and audited, never blocking on its own. */
    private static RuleHit failed(Rule rule, Throwable e) {
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
