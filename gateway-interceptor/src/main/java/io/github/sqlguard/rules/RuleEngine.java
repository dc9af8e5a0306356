package io.github.sqlguard.rules;

import io.github.sqlguard.policy.Policy;
import io.github.sqlguard.rules.diagnosis.DiagnosisRule;
import io.github.sqlguard.rules.diagnosis.PlannerErrorRule;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Runs every rule of the catalog on one {@link AnalysisContext} and applies the {@link Policy}:
 * configured level, a hit's own cap, inline suppression. At most one diagnosis is kept for a
 * planner error: a specific one when any matches, otherwise {@code planner-error}. Stateless and
 * thread-safe.
 */
public final class RuleEngine {

    private final RuleCatalog catalog;
    private final Policy policy;

    public RuleEngine(RuleCatalog catalog, Policy policy) {
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
            for (RuleHit hit : rule.check(context)) {
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
}
