package io.github.sqlguard.testing;

import org.junit.jupiter.api.DynamicTest;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import java.util.stream.Stream;

/**
 * Checks run at once in a number of slots: restore checks on a TaskManager's slots ({@code StateChangesIT}'s pairs,
 * {@code CrossLineRestoreIT}'s scripts), or case scripts each in a session of its own ({@code SharedCasesIT}, a slot
 * per script). Each starts as soon as the slots it takes are free, and each is one dynamic test, in the given order,
 * that fails with what its run threw. A check that restores with {@code ignore-unclaimed-state} should take every slot
 * ({@link #EVERY_SLOT}): Flink says it skipped state only in the JobManager's log, not per job ({@link SavepointRestores}).
 */
public final class SlotRuns {

    /** One check: a restore, or a case script. */
    @FunctionalInterface
    public interface Check<T> {
        void run(T item) throws Exception;
    }

    /** Slots taken: all of them, the check runs alone. */
    public static final int EVERY_SLOT = Integer.MAX_VALUE;

    private SlotRuns() {}

    /**
     * Starts {@code check} of every item now, at most {@code slots} slots taken at a time, and returns their tests.
     *
     * @param name an item's test name
     * @param taken the slots an item's jobs take ({@link #EVERY_SLOT}, or more than {@code slots}: all of them)
     */
    public static <T> Stream<DynamicTest> atOnce(
            int slots, List<T> items, Function<T, String> name, ToIntFunction<T> taken, Check<T> check) {
        ExecutorService pool = Executors.newFixedThreadPool(slots);
        Semaphore free = new Semaphore(slots, true);
        Map<T, Future<?>> runs = new LinkedHashMap<>();
        for (T item : items) {
            int held = Math.min(taken.applyAsInt(item), slots);
            runs.put(item, pool.submit(() -> {
                free.acquire(held);
                try {
                    check.run(item);
                } finally {
                    free.release(held);
                }
                return null;
            }));
        }
        pool.shutdown();
        return items.stream().map(item -> DynamicTest.dynamicTest(name.apply(item), () -> {
            try {
                runs.get(item).get();
            } catch (ExecutionException e) {
                throw e.getCause();
            }
        }));
    }
}
