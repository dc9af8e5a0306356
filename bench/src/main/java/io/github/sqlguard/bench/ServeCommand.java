package io.github.sqlguard.bench;

import io.github.sqlguard.service.StatementTimingEvent;
import io.github.sqlguard.testing.GuardedGateway;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * The gateway process the harness starts (one per endpoint type): a real Flink SQL Gateway with
 * local execution, answering a line protocol on standard input/output. It prints {@code READY
 * <port>} once it listens; {@code heap} runs a full GC and answers {@code HEAP <used> <committed>}
 * in bytes; {@code idle <maxMs>} waits until this JVM uses less than 10 % of a core over two
 * consecutive 100 ms windows and answers {@code IDLE <ms waited>} ({@code IDLE -<ms>} when it was
 * still busy after {@code maxMs}); {@code guard-mark} answers {@code MARK} and {@code guard-times}
 * answers {@code GUARD <start>@<guard>:<parse>:<decide>:<audit>,...} (ns; the start in ns since the epoch,
 * then {@link GuardTime#wire()}): the guard time of every statement since the last mark and its parts, from
 * the {@link StatementTimingEvent} JFR events this process records (guard endpoint only); {@code
 * threads} answers {@code THREADS <group>=<cpu ns>;...}: the CPU time each group of this JVM's live
 * threads has used so far ({@link #threadGroup}: the thread's name without its trailing number); {@code
 * stop} or the end of input stops the gateway.
 */
@Command(name = "serve", hidden = true, description = "Internal: one gateway process of the 'gateways' and 'memory' benchmarks.")
public final class ServeCommand implements Callable<Integer> {

    private static final long WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    @Option(names = "--endpoint", required = true, description = "rest (plain) or guard")
    String endpoint;

    @Option(names = "--config", description = "A Flink option of the gateway, KEY=VALUE, repeatable (e.g."
            + " sql-guard.observe.enabled=true).")
    Map<String, String> config = new java.util.HashMap<>();

    @Override
    public Integer call() throws Exception {
        try (GuardedGateway gateway = GuardedGateway.start(endpoint, config);
                Recording recording = new Recording()) {
            FlightRecorder.register(StatementTimingEvent.class);
            recording.enable(StatementTimingEvent.NAME).withThreshold(Duration.ZERO);
            recording.setToDisk(true);
            recording.start();
            Instant mark = Instant.now();
            System.out.println("READY " + gateway.port());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.strip().equals("stop")) {
                String command = line.strip();
                if (command.equals("heap")) {
                    // Twice: the first full GC may leave objects whose finalization/cleaning frees more.
                    System.gc();
                    System.gc();
                    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
                    System.out.println("HEAP " + heap.getUsed() + " " + heap.getCommitted());
                } else if (command.equals("guard-mark")) {
                    mark = Instant.now();
                    System.out.println("MARK " + mark);
                } else if (command.equals("guard-times")) {
                    System.out.println("GUARD " + guardTimesSince(recording, mark));
                } else if (command.equals("threads")) {
                    System.out.println("THREADS " + threadCpu());
                } else if (command.startsWith("idle ")) {
                    System.out.println("IDLE " + awaitIdle(Long.parseLong(command.substring("idle ".length()).strip())));
                }
                System.out.flush();
            }
        }
        return 0;
    }

    /** The guard times of the statements recorded since {@code mark} ({@link GuardTime#wire()}), comma-separated. */
    private static String guardTimesSince(Recording recording, Instant mark) throws IOException {
        Path dump = Files.createTempFile("sql-guard-bench", ".jfr");
        try {
            recording.dump(dump);
            StringJoiner times = new StringJoiner(",");
            for (RecordedEvent event : RecordingFile.readAllEvents(dump)) {
                if (event.getEventType().getName().equals(StatementTimingEvent.NAME)
                        && !event.getStartTime().isBefore(mark)) {
                    Instant at = event.getStartTime();
                    GuardTime time = new GuardTime(event.getDuration("guardTime").toNanos(),
                            event.getDuration("parseTime").toNanos(), event.getDuration("decideTime").toNanos(),
                            event.getDuration("auditTime").toNanos(), event.getDuration("handOffTime").toNanos());
                    times.add(at.getEpochSecond() * 1_000_000_000L + at.getNano() + "@" + time.wire());
                }
            }
            return times.toString();
        } finally {
            Files.deleteIfExists(dump);
        }
    }

    /**
     * The CPU time of this JVM's live threads so far, summed per {@link #threadGroup}, as {@code
     * group=ns} joined by {@code ;} ({@link ThreadMXBean#getThreadCpuTime}: user and system time).
     */
    private static String threadCpu() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Long> cpu = new TreeMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            long ns = threads.getThreadCpuTime(info.getThreadId());
            if (ns > 0) {
                cpu.merge(threadGroup(info.getThreadName()), ns, Long::sum);
            }
        }
        StringJoiner out = new StringJoiner(";");
        cpu.forEach((group, ns) -> out.add(group.replace(';', ',').replace('=', '-') + "=" + ns));
        return out.toString();
    }

    /** A thread's name without the trailing number that tells threads of one pool apart ({@code flink-rest-server-netty-worker-thread-3}). */
    static String threadGroup(String name) {
        return name.replaceAll("[-#_ ]?\\d+$", "").strip();
    }

    private static long awaitIdle(long maxMillis) throws InterruptedException {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MILLISECONDS.toNanos(maxMillis);
        int quietWindows = 0;
        while (System.nanoTime() < deadline) {
            long cpu = os.getProcessCpuTime();
            long wall = System.nanoTime();
            Thread.sleep(WINDOW_NANOS / 1_000_000);
            double share = (os.getProcessCpuTime() - cpu) / (double) (System.nanoTime() - wall);
            quietWindows = share < 0.10 ? quietWindows + 1 : 0;
            if (quietWindows >= 2) {
                return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            }
        }
        return -TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }
}
