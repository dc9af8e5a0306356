package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.Finding;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The rewrites of one statement's findings as a text shows them: a rewrite that answers several findings (one {@code
 * SET 'table.exec.state.ttl'} for the Top-N, the aggregation and the sink's materializer; one window Top-N for every
 * branch of a {@code UNION ALL}) is written out in full once, under the first finding it answers, with the others
 * named in its header ({@link Rewrite#describe(List)}), and named by one line under each of them ({@link
 * Rewrite#describeAgain}). Rewrites are the same where their SQL is: the same statements to run, so the same change
 * (issue 30, round 68: an advisory repeated one {@code SET} under each of three findings). The one shape of the
 * refusal, an {@code EXPLAIN}'s section, the advisory under a result and lint's text report; the advisory route sends
 * such a rewrite once too ({@code AdvisoryResponseBody}'s {@code alsoAnswers}), and the audit keeps every rewrite of
 * every finding.
 */
public final class RewritesShownOnce {

    /** The findings each rewrite's SQL answers, by {@link #name}, in the order they are shown. */
    private final Map<String, List<String>> answered = new LinkedHashMap<>();

    /** The finding a rewrite's SQL was written out under, by {@link #name}. */
    private final Map<String, String> shownUnder = new HashMap<>();

    /**
     * @param findings the findings in the order they are shown
     * @param rewritesOf the rewrites shown under a finding, in order
     */
    public RewritesShownOnce(List<Finding> findings, Function<Finding, List<Rewrite>> rewritesOf) {
        for (Finding finding : findings) {
            Set<String> once = new HashSet<>();
            for (Rewrite rewrite : rewritesOf.apply(finding)) {
                if (once.add(rewrite.sql())) {
                    answered.computeIfAbsent(rewrite.sql(), s -> new ArrayList<>()).add(name(finding));
                }
            }
        }
    }

    /**
     * The text of {@code rewrite} under {@code finding}: in full where it is shown first, naming the other findings it
     * answers; else the line that names the finding it was shown under.
     */
    public String describe(Finding finding, Rewrite rewrite) {
        String first = shownUnder.putIfAbsent(rewrite.sql(), name(finding));
        if (first != null) {
            return rewrite.describeAgain(first);
        }
        List<String> others = new ArrayList<>(answered.getOrDefault(rewrite.sql(), List.of()));
        others.remove(name(finding));
        return rewrite.describe(others);
    }

    /**
     * A finding as a rewrite's text names it: its rule, and its plan node by operator and id ({@code stateful-without-ttl
     * on Sink[2]}), or the first line of its node where it is about no plan node.
     */
    public static String name(Finding finding) {
        String node = finding.node() == null ? "" : finding.node().lines().findFirst().orElse("");
        if (node.isEmpty()) {
            return finding.ruleId();
        }
        int open = node.indexOf('(');
        return finding.ruleId() + " on " + (finding.planNode().isPresent() && open > 0 ? node.substring(0, open) : node);
    }
}
