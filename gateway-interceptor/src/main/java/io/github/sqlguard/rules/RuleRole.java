package io.github.sqlguard.rules;

/**
 * What a rule's findings are to the {@link RuleEngine}, declared by the rule ({@link
 * RuleDeclaration#role()}), so that the engine and the decision never ask which concrete rule they
 * hold.
 */
public enum RuleRole {

    /**
     * Judges a statement that Flink accepts, or the configuration a call applies: its plan, its SET
     * values, its hints, its table options. A check may also explain a planner rejection that is its
     * own symptom ({@link RuleHit#diagnosis()}), which then counts as a diagnosis.
     */
    CHECK,

    /**
     * A platform limit ({@code sql-guard.allow.*}): judges what the statement's text and the
     * configuration it applies say (jars, function classes, connectors, paths) without a plan, so
     * that it can judge a statement before anything is planned: Flink's planner runs user code
     * while planning (a UDF's {@code eval} in constant folding, a connector's factory). {@code
     * service.StatementGuard} evaluates these rules first, under the strictest policy any table
     * could get, and refuses without planning when one of them blocks; they run again with every
     * rule when the statement is judged, where a limit may also read the tables of the plan (the
     * connector and path of a table that already exists in a catalog).
     */
    LIMIT,

    /**
     * Explains why Flink's parser or planner rejected the statement, read from Flink's error ({@code
     * plan.PlannerError}), with a rewrite that works.
     */
    DIAGNOSIS,

    /**
     * Reports a planner rejection that no diagnosis explains, with Flink's error unchanged. Its
     * findings are kept only when no diagnosis matched; a statement blocked only by a fallback is
     * one Flink itself rejects, and the client gets Flink's own error ({@link
     * Verdict#blockedOnlyByFallback()}).
     */
    FALLBACK
}
