package io.github.sqlguard.endpoint;

import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.inference.TypeInference;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scalar function whose planning waits for a test: Flink asks for its type inference while it
 * validates a statement, and that call blocks until {@link #release} is counted down (at most 2
 * minutes). {@link #planning} counts the calls blocked now.
 */
public class SlowToPlanFunction extends ScalarFunction {

    /** Counted down by the test to let planning go on. */
    static volatile CountDownLatch release = new CountDownLatch(0);

    /** Type inference calls waiting for {@link #release} now. */
    static final AtomicInteger planning = new AtomicInteger();

    public int eval(int x) {
        return x;
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        planning.incrementAndGet();
        try {
            release.await(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            planning.decrementAndGet();
        }
        return super.getTypeInference(typeFactory);
    }
}
