package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.Finding;

import java.util.List;
import java.util.Optional;

/**
 * The rewrites of one statement: those proven, per finding in order of preference, and how many
 * were offered (written), proven and rejected per rule, for the audit and the metrics.
 *
 * @param verified the proven rewrites; a finding may have several (one per family), the first preferred
 * @param tallies per rule: rewrites offered, proven, rejected
 * @param note why rewriting stopped early or did not run (timeout, disabled), or empty
 */
public record Rewrites(List<Rewrite> verified, List<Tally> tallies, Optional<String> note) {

    /** No rewrites: none asked for. */
    public static final Rewrites NONE = new Rewrites(List.of(), List.of(), Optional.empty());

    public Rewrites {
        verified = List.copyOf(verified);
        tallies = List.copyOf(tallies);
    }

    /**
     * Per rule: candidates written ({@code offered}), proven ({@code verified}), not proven ({@code
     * rejected}) and not planned because the statement's proofs had spent their budget ({@code
     * skipped}); {@code offered} is the sum of the other three. {@code planned}: the plannings its
     * candidates made (a candidate judged already, for another finding or family, makes none).
     */
    public record Tally(String ruleId, int offered, int verified, int rejected, int skipped, int planned) {}

    /** The proven rewrites of {@code finding}, the preferred first. */
    public List<Rewrite> of(Finding finding) {
        return verified.stream().filter(r -> r.answers(finding)).toList();
    }

    /** The preferred rewrite of {@code finding}, if one was proven. */
    public Optional<Rewrite> first(Finding finding) {
        return verified.stream().filter(r -> r.answers(finding)).findFirst();
    }

    /** True when nothing was offered. */
    public boolean isEmpty() {
        return verified.isEmpty() && tallies.isEmpty();
    }
}
