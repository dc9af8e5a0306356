package io.github.sqlguard.flink;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** The guard's own thread pools: bounded, of daemon threads, shut down with the endpoint. */
public final class Pools {

    /** How long an idle thread of a pool stays before it ends. */
    private static final long KEEP_ALIVE_SECONDS = 60;

    private Pools() {}

    /**
     * A pool of at most {@code maxThreads} daemon threads named {@code name-<n>}, started as work
     * arrives and ended after a minute idle; work beyond {@code maxThreads} waits in arrival order.
     */
    public static ExecutorService bounded(String name, int maxThreads) {
        AtomicInteger count = new AtomicInteger();
        ThreadPoolExecutor pool =
                new ThreadPoolExecutor(
                        maxThreads, maxThreads, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                        r -> {
                            Thread t = new Thread(r, name + "-" + count.incrementAndGet());
                            t.setDaemon(true);
                            return t;
                        });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }
}
