package io.github.sqlguard.rewrite;

/**
 * The facts a candidate's {@code changes:} line is said from, where what comes after the family (a {@code SET} put
 * before the statement, the proof's plan) changes what it says: it changes these facts and the line is rendered once
 * from them ({@link #text}), never found and replaced in a finished line (issue 30 §4).
 */
sealed interface ChangesLine permits OnConflictChoice.Choice, StateTtlHint.HintLine {

    /** The line as shown. */
    String text();

    /**
     * This line under a {@code SET 'key' = 'value'} put before the statement, which the line says {@code why}
     * ({@link Candidate#withSet}).
     */
    ChangesLine underSet(String key, String value, String why);

    /** This line with {@code clause} (without its {@code ; }) said after everything it says. */
    ChangesLine followedBy(String clause);
}
