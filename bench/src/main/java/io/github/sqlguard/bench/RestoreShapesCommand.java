package io.github.sqlguard.bench;

import io.github.sqlguard.flink.SavepointReads;
import io.github.sqlguard.flink.StatementJobs;
import io.github.sqlguard.flink.StatementRestores;
import io.github.sqlguard.rules.Restore;

import org.apache.flink.runtime.OperatorIDPair;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.jobgraph.OperatorID;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the restore check's read of a savepoint costs against Flink's own read of the same {@code
 * _metadata} (issue 28: "one with a path pays about one metadata read"), over several savepoint
 * shapes ({@link SavepointShape}): the first read of a savepoint (nothing kept: {@code
 * SavepointReads#forget} before it), the kept read (the same savepoint again), and what a statement
 * without a path pays. "Flink's own read" is the JobManager's ({@link RestoreCheckCommand#flinksRead}:
 * the pointer resolved, {@code Checkpoints#loadCheckpointMetadata} on a plain {@code DataInputStream}).
 * The check is {@code StatementRestores#judge} against the job graph of the benchmark's GROUP BY
 * INSERT, built once: the savepoint's first operators carry that job's ids and are claimed, the
 * others are not (a statement set's other INSERTs), which the check reads all the same. Each run
 * runs the parts in turn (interleaved), and the ratio is taken of the medians of thread-allocated
 * bytes and of thread CPU time.
 */
@Command(
        name = "restore-shapes",
        mixinStandardHelpOptions = true,
        description = "The restore check's first read, kept read and no path, against Flink's own metadata read, by savepoint shape.")
public final class RestoreShapesCommand implements java.util.concurrent.Callable<Integer> {

    @Option(names = "--warmup", defaultValue = "30", description = "Unrecorded runs (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--runs", defaultValue = "30", description = "Recorded runs (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--metadata", description = "Also a real savepoint: the directory (or its _metadata file) of one,"
            + " repeatable; its operators are not claimed by the benchmark's job.")
    List<Path> real = new ArrayList<>();

    /**
     * Real savepoints' {@code _metadata} (bench resources), each taken once with {@code STOP WITH SAVEPOINT}
     * (canonical) of a job on a local MiniCluster, Flink 2.3.0, parallelism 2, file system checkpoint storage with
     * the default inline threshold (20 kB): the state files of the statement set are not kept (the check reads the
     * metadata, not them). Their operators carry that job's ids, which the benchmark's job does not claim.
     */
    /** How many statements without a path one run of "no path" times. */
    static final int NO_PATH_CALLS = 10_000;

    static final List<String[]> REAL = List.of(
            new String[] {"group-by", "real GROUP BY (COUNT, SUM per user): the aggregate's keyed state inline, parallelism 2"},
            new String[] {"statement-set", "real statement set of 6 INSERTs (GROUP BYs, COUNT DISTINCT, Top-N,"
                    + " deduplication, a join): parallelism 2, keyed state in files"});

    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @Override
    public Integer call() throws Exception {
        MachineLoad before = MachineLoad.now();
        String plan = RestoreCheckCommand.environment().compilePlanSql(RestoreCheckCommand.INSERT).asJsonString();
        JobGraph graph = StatementJobs.ofJudgedPlan(RestoreCheckCommand.environment(), plan);
        List<OperatorID> claimed = new ArrayList<>();
        for (JobVertex vertex : graph.getVertices()) {
            for (OperatorIDPair ids : vertex.getOperatorIDs()) {
                claimed.add(ids.getGeneratedOperatorID());
            }
        }
        Path root = Files.createTempDirectory("sql-guard-restore-shapes");
        Map<String, String> savepoints = new java.util.LinkedHashMap<>();
        int n = 0;
        for (SavepointShape shape : SavepointShape.standard()) {
            savepoints.put(shape.name(), shape.write(root.resolve("sp-" + n++), claimed));
        }
        for (String[] resource : REAL) {
            Path dir = root.resolve("real-" + resource[0]);
            Files.createDirectories(dir);
            try (java.io.InputStream in = RestoreShapesCommand.class.getResourceAsStream("/restore-shapes/" + resource[0] + "/_metadata")) {
                Files.copy(java.util.Objects.requireNonNull(in, resource[0]), dir.resolve("_metadata"));
            }
            savepoints.put(resource[1], dir.toUri().toString());
        }
        for (Path path : real) {
            Path dir = path.getFileName().toString().equals("_metadata") ? path.getParent() : path;
            savepoints.put("real: " + dir.getFileName(), dir.toUri().toString());
        }
        ClassLoader classLoader = getClass().getClassLoader();
        Map<String, String> noPath = RestoreCheckCommand.SESSION;
        Map<String, String> statementConfig = Map.of("table.exec.mini-batch.enabled", "true");
        Map<String, String> analysed = new HashMap<>(noPath);
        analysed.putAll(statementConfig);

        List<String> rows = new ArrayList<>();
        for (Map.Entry<String, String> savepoint : savepoints.entrySet()) {
            Map<String, String> withPath = new HashMap<>(noPath);
            withPath.put("execution.state-recovery.path", savepoint.getValue());
            Restore check = StatementRestores.judge(savepoint.getValue(), withPath, classLoader, () -> graph);
            if (check.unreadable().isPresent()) {
                throw new IllegalStateException("the savepoint " + savepoint.getKey() + " is unreadable: " + check.unreadable());
            }
            long size = Files.size(Path.of(java.net.URI.create(savepoint.getValue())).resolve("_metadata"));
            List<Supplier<?>> parts = List.of(
                    () -> RestoreCheckCommand.flinksRead(savepoint.getValue(), classLoader),
                    () -> {
                        SavepointReads.forget();
                        return StatementRestores.judge(savepoint.getValue(), withPath, classLoader, () -> graph);
                    },
                    () -> StatementRestores.judge(savepoint.getValue(), withPath, classLoader, () -> graph),
                    () -> {
                        // A statement's look-ups are too short for the thread CPU clock: NO_PATH_CALLS of them a run.
                        for (int i = 0; i < NO_PATH_CALLS; i++) {
                            if (StatementRestores.namesSavepoint(noPath, statementConfig)
                                    || StatementRestores.savepointPath(analysed).isPresent()) {
                                return null;
                            }
                        }
                        return Boolean.TRUE;
                    });
            long[][][] measured = interleaved(parts);
            long[][] ns = measured[0];
            long[][] bytes = measured[1];
            double readBytes = median(bytes[0]);
            double readNs = median(ns[0]);
            rows.add(String.format(Locale.ROOT, "| %s | %.1f kB, %d operators with state | %.1f kB / %s | **%.2f** / %.2f | %.2f / %.2f | %d bytes / %s |",
                    savepoint.getKey(), size / 1e3, check.matched().size() + check.unclaimed().size(),
                    readBytes / 1e3, RestoreCheckCommand.duration((long) readNs),
                    median(bytes[1]) / readBytes, median(ns[1]) / readNs,
                    median(bytes[2]) / readBytes, median(ns[2]) / readNs,
                    (long) median(bytes[3]) / NO_PATH_CALLS, RestoreCheckCommand.duration((long) median(ns[3]) / NO_PATH_CALLS)));
        }
        MachineLoad after = MachineLoad.now();
        System.out.println("## The restore check's read, by savepoint shape (issue 28)");
        System.out.println();
        System.out.printf(Locale.ROOT, "Java %s, %d runs after %d unrecorded, parts interleaved; load %s → %s. Medians of"
                        + " thread-allocated bytes and thread CPU time, as multiples of Flink's own read of the same `_metadata`.%n",
                System.getProperty("java.version"), runs, warmup, before, after);
        System.out.println();
        System.out.println("| savepoint | `_metadata` | Flink's own read (allocated / CPU) | first read (allocated / CPU), reads"
                + " | kept read (allocated / CPU), reads | no path: per statement (allocated / CPU) |");
        System.out.println("|---|---:|---:|---:|---:|---:|");
        rows.forEach(System.out::println);
        return 0;
    }

    /** By part, by run: thread CPU ns ([0]) and thread-allocated bytes ([1]), the parts run in turn in every run. */
    private long[][][] interleaved(List<Supplier<?>> parts) {
        for (int i = 0; i < warmup; i++) {
            parts.forEach(Supplier::get);
        }
        long[][] ns = new long[parts.size()][runs];
        long[][] bytes = new long[parts.size()][runs];
        for (int i = 0; i < runs; i++) {
            for (int p = 0; p < parts.size(); p++) {
                long allocated = threads.getCurrentThreadAllocatedBytes();
                long start = threads.getCurrentThreadCpuTime();
                if (parts.get(p).get() == null) {
                    throw new IllegalStateException("part " + p + " did not run as meant");
                }
                ns[p][i] = threads.getCurrentThreadCpuTime() - start;
                bytes[p][i] = threads.getCurrentThreadAllocatedBytes() - allocated;
            }
        }
        return new long[][][] {ns, bytes};
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
