package io.github.sqlguard.rules;

/**
 * What a fix says of a table whose source emits its rows' updates and deletes (a CDC connector or
 * format, whose scan Flink plans with a changelog mode beyond inserts, or an upsert source, which
 * Flink normalizes with a {@code ChangelogNormalize}): nothing runs before a source, so only another
 * source changes what an operator reading it receives. One wording for every rule that says so.
 */
public final class ChangelogSources {

    /** The source to read in place of the changelog, as the object of "read the rows from". */
    public static final String INSERTS_ONLY =
            "a source that emits inserts only (a log of the events, not the current state of a table)";

    private ChangelogSources() {
    }
}
