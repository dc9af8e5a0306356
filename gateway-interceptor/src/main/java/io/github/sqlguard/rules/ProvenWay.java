package io.github.sqlguard.rules;

import java.util.Objects;

/**
 * A way of a finding's fix that a rewrite family can prove: written conditionally in the fix ("when X is
 * a dimension table ..., a lookup join"), since a rule cannot know whether the way plans (a connector's
 * lookup support, a table's versions), and definitely once the family's rewrite planned for the finding.
 * {@code rewrite.ProvenFixes} puts the definite way first in the fix when it is the finding's first rewrite.
 *
 * @param family the rewrite family that proves this way ({@code lookup-join}, {@code temporal-join})
 * @param conditional the way as the fix writes it ({@code "when ..."}), without the {@code "; or, "} before it
 * @param definite the way as the fix's first way once proven, a sentence's start (capitalized)
 */
public record ProvenWay(String family, String conditional, String definite) {

    public ProvenWay {
        Objects.requireNonNull(family);
        Objects.requireNonNull(conditional);
        Objects.requireNonNull(definite);
    }

    /** The way as it follows the fix's earlier ways: {@code "; or, when ..."}. */
    public String inFix() {
        return "; or, " + conditional;
    }
}
