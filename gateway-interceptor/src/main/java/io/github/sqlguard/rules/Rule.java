package io.github.sqlguard.rules;

import java.util.List;

/**
 * One check, in the style of an Error Prone {@code BugChecker}: a stable id, a default level, a
 * one-line summary and a page under {@code docs/rules/<id>.md}.
 *
 * <p>A rule only reads the {@link AnalysisContext} it is given; it never calls the gateway, never
 * formats for a terminal and keeps no state. Implementations must be thread-safe.
 */
public interface Rule {

    /** Stable id, lower case with dashes, e.g. {@code unbounded-rank}. */
    String id();

    /** The level used when the administrator configures none. */
    Level defaultLevel();

    /** One line: what the rule detects. */
    String summary();

    /** The hits of this rule in one statement; empty when nothing is wrong. */
    List<RuleHit> check(AnalysisContext context);

    /** The documentation page of a rule, relative to the project root. */
    static String docLink(String id) {
        return "docs/rules/" + id + ".md";
    }
}
