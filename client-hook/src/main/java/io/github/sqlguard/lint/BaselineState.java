package io.github.sqlguard.lint;

import java.util.Locale;

/**
 * How a finding stands against a baseline, as SARIF 2.1.0's {@code result.baselineState} names it
 * (§3.27.24): {@code new} in this run, {@code unchanged} (the baseline lists it), {@code absent}
 * (the baseline lists it and this run no longer finds it).
 */
public enum BaselineState {
    NEW,
    UNCHANGED,
    ABSENT;

    /** The SARIF value: {@code new}, {@code unchanged}, {@code absent}. */
    public String sarif() {
        return name().toLowerCase(Locale.ROOT);
    }
}
