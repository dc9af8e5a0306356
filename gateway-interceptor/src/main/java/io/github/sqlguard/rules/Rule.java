package io.github.sqlguard.rules;

import java.util.List;

/**
 * One check, in the style of an Error Prone {@code BugChecker}: what it is ({@link
 * #declaration()}: id, default level, role, summary, options) is declared once, and {@link #check}
 * judges one statement. Its long text is its page, {@code docs/rules/<id>.md}.
 *
 * <p>A rule only reads the {@link AnalysisContext} it is given, and only the options its
 * declaration lists; it never calls the gateway, never formats for a terminal and keeps no state.
 * Implementations must be thread-safe.
 */
public interface Rule {

    /** What this rule is: the same constant on every call. */
    RuleDeclaration declaration();

    /** The hits of this rule in one statement; empty when nothing is wrong. */
    List<RuleHit> check(AnalysisContext context);

    /** {@link RuleDeclaration#id()}. */
    default String id() {
        return declaration().id();
    }

    /** The documentation page of a rule, relative to the project root. */
    static String docLink(String id) {
        return "docs/rules/" + id + ".md";
    }
}
