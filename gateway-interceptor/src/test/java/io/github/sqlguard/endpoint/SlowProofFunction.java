package io.github.sqlguard.endpoint;

import org.apache.flink.table.functions.ScalarFunction;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scalar function slow to plan only after a statement's own planning: called with a constant
 * argument, its {@code eval} runs each time Flink's planner folds it, once per planning of the
 * statement; the first call (the statement's own planning) returns at once, every later one (the
 * proofs of rewrites, which plan candidates that call it too) sleeps {@link #sleepMillis} first.
 * {@link #evals} counts the calls.
 */
public class SlowProofFunction extends ScalarFunction {

    static volatile long sleepMillis;
    static final AtomicInteger evals = new AtomicInteger();

    static void reset(long sleep) {
        sleepMillis = sleep;
        evals.set(0);
    }

    public String eval(String s) {
        if (evals.incrementAndGet() > 1) {
            try {
                Thread.sleep(sleepMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return s;
    }
}
