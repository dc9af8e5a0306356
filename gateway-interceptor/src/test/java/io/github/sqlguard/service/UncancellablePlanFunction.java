package io.github.sqlguard.service;

import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.inference.TypeInference;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scalar function whose planning cannot be cancelled, as a planner stuck in work Flink does not
 * check (a huge IN list, deep expressions): Flink asks for its type inference while it validates a
 * statement, and that call waits for {@link #release} and ignores interruption (at most 2 minutes).
 * {@link #planning} counts the plannings waiting now, {@link #mostAtOnce} the most at any time.
 */
public class UncancellablePlanFunction extends ScalarFunction {

    /** Counted down by the test to let planning go on. */
    static volatile CountDownLatch release = new CountDownLatch(0);

    static final AtomicInteger planning = new AtomicInteger();
    static final AtomicInteger mostAtOnce = new AtomicInteger();

    public int eval(int x) {
        return x;
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        mostAtOnce.accumulateAndGet(planning.incrementAndGet(), Math::max);
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        boolean interrupted = false;
        try {
            while (release.getCount() > 0 && System.nanoTime() < deadline) {
                try {
                    release.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    interrupted = true; // as work that never checks: carry on waiting
                }
            }
        } finally {
            planning.decrementAndGet();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return super.getTypeInference(typeFactory);
    }
}
