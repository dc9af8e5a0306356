package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.ProvenWay;
import io.github.sqlguard.rules.Verdict;

import java.util.List;
import java.util.Optional;

/**
 * A finding's fix settled by its proofs: a rule writes a way it cannot prove conditionally ("when customers is a
 * dimension table whose connector is a lookup source, a lookup join"), after the TTL; once that way's rewrite
 * planned and is the finding's first, the fix names it first and definitely, and the other ways after it ({@link
 * ProvenWay}). The one place where fix text and proven rewrites meet, keyed as rewrites answer findings (rule and
 * plan node: {@link Rewrite#answers}).
 */
public final class ProvenFixes {

    private static final String OR = "; or ";

    private ProvenFixes() {}

    /** {@code verdict} with each finding's fix settled by {@code proven}, the proven rewrites, the preferred first. */
    public static Verdict settle(Verdict verdict, List<Rewrite> proven) {
        if (proven.isEmpty()) {
            return verdict;
        }
        List<Finding> findings = verdict.findings().stream().map(f -> settle(f, proven)).toList();
        return new Verdict(findings, verdict.suppressed(), verdict.fallbacks());
    }

    /** {@code finding} with its proven way first, when its first proven rewrite is of a way its fix writes conditionally. */
    public static Finding settle(Finding finding, List<Rewrite> proven) {
        Optional<String> first = proven.stream().filter(r -> r.answers(finding)).map(Rewrite::family).findFirst();
        Optional<ProvenWay> way = first.flatMap(
                family -> finding.facts().provenWays().stream().filter(w -> w.family().equals(family)).findFirst());
        if (way.isEmpty() || !finding.fix().contains(way.get().inFix())) {
            return finding;
        }
        String rest = finding.fix().replace(way.get().inFix(), "");
        String fix = way.get().definite() + OR + Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
        return new Finding(
                finding.ruleId(), finding.level(), finding.reason(), finding.node(), finding.excerpt(), fix,
                finding.docLink(), finding.planNode(), finding.facts());
    }
}
