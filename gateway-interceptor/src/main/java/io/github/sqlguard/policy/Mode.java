package io.github.sqlguard.policy;

/**
 * Whether the guard's decisions are applied ({@code sql-guard.mode}).
 *
 * <p>Stability: public, evolving.
 */
public enum Mode {
    /** A statement whose verdict is BLOCK (or unanalysed under fail-mode {@code closed}) is refused. */
    ENFORCE,
    /**
     * Every statement runs. What enforce mode would have refused is audited with the outcome {@code
     * would-block}, counted, and reported to the client as an advisory; findings and per-rule levels
     * are computed exactly as in enforce mode. For rolling the guard out before it refuses anything.
     */
    REPORT
}
