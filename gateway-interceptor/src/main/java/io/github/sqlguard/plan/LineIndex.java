package io.github.sqlguard.plan;

import java.util.Arrays;

/**
 * Where each line of a text starts, so that a line is found in O(1) instead of by walking the text
 * from its start (which made one excerpt per node quadratic in the plan's size).
 *
 * <p>Lines are separated by {@code '\n'} only, as {@link PlanParser} numbers them: a text of {@code
 * k} newlines has {@code k + 1} lines, line {@code i} running from {@link #start} to {@link #end}
 * (exclusive, without its {@code '\n'}). An empty text has one empty line. Immutable; equal when
 * the line starts are.
 */
public final class LineIndex {

    private final int[] starts;
    private final int length;

    private LineIndex(int[] starts, int length) {
        this.starts = starts;
        this.length = length;
    }

    /** Indexes {@code text}: two passes over it (one to count its lines, one to note where they start). */
    public static LineIndex of(String text) {
        int count = 1;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            count++;
        }
        int[] starts = new int[count];
        int line = 1;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            starts[line++] = i + 1;
        }
        return new LineIndex(starts, text.length());
    }

    /** Number of lines, at least 1. */
    public int lines() {
        return starts.length;
    }

    /** Offset in the text of line {@code line}'s first character (0-based line). */
    public int start(int line) {
        return starts[line];
    }

    /** Offset in the text just past line {@code line}'s last character, its {@code '\n'} excluded. */
    public int end(int line) {
        return line + 1 < starts.length ? starts[line + 1] - 1 : length;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LineIndex other && length == other.length && Arrays.equals(starts, other.starts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(starts) + length;
    }

    @Override
    public String toString() {
        return "LineIndex[lines=" + starts.length + ", length=" + length + "]";
    }
}
