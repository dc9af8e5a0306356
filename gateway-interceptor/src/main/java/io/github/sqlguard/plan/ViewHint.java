package io.github.sqlguard.plan;

/**
 * One option of a {@code STATE_TTL} hint in the query of a view a statement reads, directly or
 * through other views. The plan no longer shows it: Flink expands the view into the statement's
 * plan and keeps a hint only on the join or aggregation it applies to, so a hint that reaches
 * nothing leaves no trace (verified on Flink 2.3.0: not in the AST, not in the compiled plan).
 *
 * @param view the view's name, as the session's catalog qualifies it
 * @param key the hint option's key: the table or alias it names
 * @param value the TTL it asks for, as written
 */
public record ViewHint(String view, String key, String value) {}
