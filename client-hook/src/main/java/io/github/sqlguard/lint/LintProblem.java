package io.github.sqlguard.lint;

/**
 * An input lint could not read: a missing file, an unreadable directory or file.
 *
 * @param path the path as given or found
 * @param message what went wrong
 */
public record LintProblem(String path, String message) {}
