package io.github.sqlguard.rewrite;

import io.github.sqlguard.rules.Finding;

import java.util.List;
import java.util.Set;

/**
 * One kind of rewrite: for a finding of one of its rules, the candidates it writes for the
 * statement, in order of preference. A family only writes; the {@link Prover} decides what is
 * shown. Implementations are stateless and thread-safe, and never change the session.
 */
interface RewriteFamily {

    /**
     * The family declared once: id, rules, intended operators, summary. A family class holds it as
     * its {@code DECLARATION} constant; the documentation is generated from it.
     */
    FamilyDeclaration declaration();

    /** The family's stable id, as reports name it: {@code window-top-n}, {@code state-ttl-hint}, ... */
    default String id() {
        return declaration().id();
    }

    /** The ids of the rules whose findings it answers. */
    default Set<String> rules() {
        return Set.copyOf(declaration().rules());
    }

    /** The candidates for {@code finding} of {@code context}'s statement; empty when the family has none. */
    List<Candidate> candidates(Finding finding, RewriteContext context);

    /**
     * True when the family also answers its rules' advisories (INFO findings): a configuration fix whose rewrite is
     * the statement's own text as the user meant it, written without planning, so that {@code lint --fix} writes
     * what the finding's fix says (issue 30: configuration findings get their fix as a rewrite). False for every
     * family whose rewrite changes a plan: an advisory is not worth a candidate's planning.
     */
    default boolean answersAdvisories() {
        return false;
    }

    /**
     * True when every candidate that holds is offered (the choices are the user's to make, as the
     * three {@code ON CONFLICT} actions); false when the first that holds is the family's rewrite.
     */
    default boolean offersEveryCandidate() {
        return false;
    }
}
