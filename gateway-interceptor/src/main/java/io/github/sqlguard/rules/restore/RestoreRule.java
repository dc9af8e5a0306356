package io.github.sqlguard.rules.restore;

import io.github.sqlguard.rules.AnalysisContext;
import io.github.sqlguard.rules.Restore;
import io.github.sqlguard.rules.Rule;
import io.github.sqlguard.rules.RuleDeclaration;
import io.github.sqlguard.rules.RuleHit;

import java.util.List;

/**
 * A rule on what a statement would restore ({@link AnalysisContext#restore}): it judges the restore,
 * and finds nothing for a statement that restores no savepoint (and no previous version, in {@code
 * lint}).
 */
abstract class RestoreRule implements Rule {

    private final RuleDeclaration declaration;

    RestoreRule(RuleDeclaration declaration) {
        this.declaration = declaration;
    }

    @Override
    public final RuleDeclaration declaration() {
        return declaration;
    }

    @Override
    public final List<RuleHit> check(AnalysisContext context) {
        return context.restore().map(this::check).orElse(List.of());
    }

    /** The findings on {@code restore}, what the statement would restore. */
    abstract List<RuleHit> check(Restore restore);
}
