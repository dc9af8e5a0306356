package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A finding a proven rewrite's statement still has ({@link Rewrite#remaining()}): its level, its rule and the node of
 * the rewrite's plan it is about. The rewrite is ordered by these values ({@link Rewriter}: one its own rule still
 * reports comes after one it does not); they are shown as {@code LEVEL rule-id} ({@link #printed}), each text once,
 * in the rewrite's {@code still reported:} line and the advisory's {@code remaining}.
 *
 * @param level the finding's level ({@link Finding#level()})
 * @param ruleId the finding's rule ({@link Finding#ruleId()})
 * @param planNode the id of the node of the rewrite's own plan the finding is about ({@link Finding#planNode()}: not
 *     a node of the user's statement's plan); empty when it is about none, and for a rewrite read back from the
 *     advisory's text ({@link #parsed})
 */
public record StillReported(Level level, String ruleId, Optional<Integer> planNode) {

    public StillReported {
        Objects.requireNonNull(level);
        Objects.requireNonNull(ruleId);
        Objects.requireNonNull(planNode);
    }

    /** What {@code finding} of the rewrite's plan leaves reported. */
    public static StillReported of(Finding finding) {
        return new StillReported(finding.level(), finding.ruleId(), finding.planNode());
    }

    /** {@code BLOCK restore-unclaimed-state}: the level and the rule, as the rewrite's texts show it. */
    public String text() {
        return level + " " + ruleId;
    }

    /** The texts of {@code remaining} ({@link #text()}), in order, each once: two nodes of one rule are one text. */
    public static List<String> printed(List<StillReported> remaining) {
        return remaining.stream().map(StillReported::text).distinct().toList();
    }

    /**
     * The values of {@code texts} as {@link #printed} wrote them ({@code LEVEL rule-id}), with no plan node (the text
     * names none): the client reads a rewrite back from the advisory route's {@code remaining}.
     */
    public static List<StillReported> parsed(List<String> texts) {
        return texts.stream().map(StillReported::parse).toList();
    }

    private static StillReported parse(String text) {
        int space = text.indexOf(' ');
        if (space < 0) {
            throw new IllegalArgumentException("Not a finding still reported (LEVEL rule-id): '" + text + "'");
        }
        return new StillReported(Level.valueOf(text.substring(0, space)), text.substring(space + 1), Optional.empty());
    }
}
