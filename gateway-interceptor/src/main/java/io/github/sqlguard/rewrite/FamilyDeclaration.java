package io.github.sqlguard.rewrite;

import java.util.List;
import java.util.Objects;

/**
 * A rewrite family declared once, as a rule is ({@code rules.RuleDeclaration}): the runtime reads
 * its id and rules from here, and the documentation generator writes from here the table of
 * families in {@code docs/user-guide/rewrites.md} and the rewrites line of each rule's page
 * ({@code RuleCatalogDocsTest} checks both).
 *
 * <p>Public for the documentation generator; stable within a release.
 *
 * @param id the family's stable id, as reports name it: {@code window-top-n}
 * @param rules the ids of the rules whose findings it answers
 * @param operators the Flink operators its rewrite is meant to put into the plan, as the plan names
 *     them ({@code WindowRank}); empty when the rewrite is configuration or DDL, or any plan will do
 * @param summary one sentence: what the rewrite changes
 */
public record FamilyDeclaration(String id, List<String> rules, List<String> operators, String summary) {

    public FamilyDeclaration {
        Objects.requireNonNull(id);
        rules = List.copyOf(rules);
        operators = List.copyOf(operators);
        Objects.requireNonNull(summary);
        if (rules.isEmpty()) {
            throw new IllegalArgumentException("Rewrite family " + id + " answers no rule.");
        }
    }
}
