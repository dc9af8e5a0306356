package io.github.sqlguard.service;

import io.github.sqlguard.rules.Restore;

/** {@code ExplainSection}'s restore line, for tests outside its package. */
public final class ExplainSectionAccess {

    private ExplainSectionAccess() {}

    public static String restore(Restore restore) {
        return ExplainSection.restore(restore);
    }
}
