package io.github.sqlguard.rules;

/**
 * How much a finding matters. Ordered: {@code OFF < INFO < WARN < BLOCK}. A statement's verdict is
 * the highest level among its findings; {@code BLOCK} refuses the statement.
 */
public enum Level {
    /** The rule is switched off: its findings are dropped. */
    OFF,
    /** Advice only. */
    INFO,
    /** The statement runs; the caller is warned. */
    WARN,
    /** The statement is refused before it runs. */
    BLOCK;

    /** The lower of two levels. */
    public Level atMost(Level cap) {
        return compareTo(cap) <= 0 ? this : cap;
    }
}
