package io.github.sqlguard.rewrite;

import org.apache.flink.table.functions.ScalarFunction;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scalar function that counts its {@code eval} calls: with constant arguments Flink's planner
 * folds the call while it plans ({@code ReduceExpressionsRule}), so each planning of a statement
 * that calls it adds one.
 */
public class CountedFunction extends ScalarFunction {

    /** Calls of {@link #eval} since the test last reset it. */
    public static final AtomicInteger evals = new AtomicInteger();

    public String eval(String s) {
        evals.incrementAndGet();
        return s;
    }
}
