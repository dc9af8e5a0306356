package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.Facts;
import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.ProvenWay;
import io.github.sqlguard.rules.Verdict;

import java.util.List;
import java.util.Optional;

/**
 * A finding's fix settled by its proofs: a rule writes a way it cannot prove conditionally ("when customers is a
 * dimension table whose connector is a lookup source, a lookup join"), after the TTL, or not at all where the plan does
 * not show what the way needs (a view that renames the key); once a rewrite of such a way planned and is the finding's
 * first, the fix names that way first and definitely, as the rewrite wrote it (its join and the columns it used:
 * {@link Rewrite#way()}), then the rule's other ways ({@link Facts#fixWithout()}). The one place where fixes and
 * proven rewrites meet, keyed as rewrites answer findings (rule and plan node: {@link Rewrite#answers}); built from
 * values, not from the fix's text.
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

    /**
     * {@code finding} with the proven way of its first proven rewrite first, where that rewrite proves one ({@link
     * ProvenWay}); as it is otherwise, and where a way settled it already.
     */
    public static Finding settle(Finding finding, List<Rewrite> proven) {
        if (finding.facts().settledWay().isPresent()) {
            return finding;
        }
        Optional<ProvenWay> way = proven.stream().filter(r -> r.answers(finding)).findFirst().flatMap(Rewrite::way);
        if (way.isEmpty()) {
            return finding;
        }
        String rest = finding.facts().fixWithout().get(way.get().family());
        if (rest == null && way.get() instanceof ProvenWay.ReadOnceKept) {
            // It replaces a way of the rule's fix (its SET alone): only where the rule wrote that way.
            return finding;
        }
        if (rest == null && way.get() instanceof ProvenWay.Window) {
            // A window the rule's fix writes first already (its time bucket), or one it does not say it leaves out.
            return finding;
        }
        rest = rest == null ? finding.fix() : rest;
        // A join that reads no side the rewrite pins (another join of the view does): its SET, the pin named as the
        // other join's, not the pin's long account as if it were this join's (cases 887, 921, 949).
        String first = way.get() instanceof ProvenWay.ReadOnceKept kept && !kept.keeps(finding.planNode())
                ? kept.elsewhere() : way.get().definite();
        String fix = rest.isEmpty() ? first + "."
                : first + OR + Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
        return new Finding(
                finding.ruleId(), finding.level(), finding.reason(), finding.node(), finding.excerpt(), fix,
                finding.docLink(), finding.planNode(), finding.facts().withSettledWay(way.get()));
    }
}
