package io.github.sqlguard.lint;

/**
 * A finding of a baseline: an earlier report's, or the lint of a script's version at the {@code
 * --since} revision.
 *
 * @param file the script, as the report names it
 * @param ruleId the rule
 * @param level {@code BLOCK}, {@code WARN}, {@code INFO}
 * @param message the finding's reason
 * @param line where it was, 1-based
 * @param column where it was, 1-based
 * @param fingerprint its {@link Fingerprints} value
 */
public record BaselineFinding(String file, String ruleId, String level, String message, int line, int column, String fingerprint) {

    /** What it is matched by: the file and the fingerprint. */
    String key() {
        return file + "\n" + fingerprint;
    }
}
