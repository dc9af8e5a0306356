package io.github.sqlguard.bench;

import io.github.sqlguard.flink.ExplainOutcome;
import io.github.sqlguard.flink.SessionPlanner;
import io.github.sqlguard.flink.StatementJobs;
import io.github.sqlguard.flink.SavepointReads;
import io.github.sqlguard.flink.StatementRestores;
import io.github.sqlguard.flink.StatementUids;
import io.github.sqlguard.rules.Restore;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.runtime.OperatorIDPair;
import org.apache.flink.runtime.checkpoint.Checkpoints;
import org.apache.flink.runtime.checkpoint.OperatorState;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.metadata.CheckpointMetadata;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.runtime.state.CompletedCheckpointStorageLocation;
import org.apache.flink.runtime.state.OperatorStateHandle;
import org.apache.flink.runtime.state.OperatorStreamStateHandle;
import org.apache.flink.runtime.state.filesystem.AbstractFsCheckpointStorageAccess;
import org.apache.flink.runtime.state.memory.ByteStreamStateHandle;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamGraphHasherV2;
import org.apache.flink.streaming.api.graph.StreamGraphUserHashHasher;
import org.apache.flink.table.api.CompiledPlan;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.PlanReference;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.api.internal.TableEnvironmentInternal;
import org.apache.flink.table.delegation.InternalPlan;
import org.apache.flink.table.delegation.Planner;
import org.apache.flink.table.operations.ModifyOperation;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Constructor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * What the restore check (issue 28, {@code StatementRestores}) costs a statement, in this JVM, by
 * thread CPU time (which other processes on a busy machine do not inflate as they inflate wall
 * time): a statement without a savepoint path pays {@code StatementRestores#savepointPath} (two key
 * look-ups); one with a path pays reading the savepoint's {@code _metadata} with Flink's readers and
 * setting its operators against the job graph of the judged compiled plan: before, built by {@code
 * Decider} in a fresh table environment; now, translated by the planning itself in place of
 * explaining the plan ({@code SessionPlanner#plan} with a savepoint path). Each part is timed on its
 * own, beside the planning the statement pays anyway (compile and translate, as {@code
 * SessionPlanner} plans an INSERT), and both ways, planning and check together, in the same run. The
 * savepoint is written by Flink's own writer ({@code Checkpoints#storeCheckpointMetadata}) with state
 * for every operator of the statement's job, so that every saved operator is claimed.
 */
@Command(
        name = "restore",
        mixinStandardHelpOptions = true,
        description = "The restore check's cost per statement, without and with a savepoint path (thread CPU time).")
public final class RestoreCheckCommand implements Callable<Integer> {

    @Option(names = "--warmup", defaultValue = "40", description = "Unrecorded runs of each part (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--runs", defaultValue = "40", description = "Recorded runs of each part (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--planning-only", description = "Only where a path's planning goes and the interleaved planning rows"
            + " (the parts the restore check's cost beyond planning is read from).")
    boolean planningOnly;

    @Option(names = "--state-bytes", defaultValue = "4096", description = "Saved state per operator (default: ${DEFAULT-VALUE}).")
    int stateBytes;

    static final String DDL_SOURCE =
            "CREATE TABLE orders (order_id BIGINT, customer_id BIGINT, amount DOUBLE) WITH ('connector' = 'datagen')";
    static final String DDL_SINK = "CREATE TABLE totals (customer_id BIGINT, total DOUBLE) WITH ('connector' = 'blackhole')";
    static final String INSERT = "INSERT INTO totals SELECT customer_id, SUM(amount) FROM orders GROUP BY customer_id";

    /** A session's configuration of typical size, as the Decider hands it to the check. */
    static final Map<String, String> SESSION = Map.of(
            "execution.target", "local", "execution.attached", "true", "execution.runtime-mode", "streaming",
            "parallelism.default", "1", "table.exec.state.ttl", "1 h", "sql-gateway.endpoint.type", "guard",
            "sql-gateway.endpoint.rest.port", "8083", "pipeline.name", "totals");

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    @Override
    public Integer call() throws Exception {
        MachineLoad before = MachineLoad.now();
        String plan = environment().compilePlanSql(INSERT).asJsonString();
        JobGraph graph = StatementJobs.ofJudgedPlan(environment(), plan);
        Path dir = Files.createTempDirectory("sql-guard-restore-bench");
        String savepoint = savepoint(dir, graph);
        Map<String, String> withPath = new HashMap<>(SESSION);
        withPath.put("execution.state-recovery.path", savepoint);
        ClassLoader classLoader = getClass().getClassLoader();
        Restore check = StatementRestores.judge(savepoint, withPath, classLoader, () -> graph);
        if (check.unreadable().isPresent() || !check.unclaimed().isEmpty() || check.matched().isEmpty()) {
            throw new IllegalStateException("the benchmark's savepoint does not restore as meant: " + check);
        }

        List<String[]> rows = new ArrayList<>();
        if (!planningOnly) {
            rows.add(row("no savepoint path: `savepointPath` (two key look-ups), per statement",
                    nanosPerCall(() -> StatementRestores.savepointPath(SESSION), 100_000)));
            Map<String, String> statementConfig = Map.of("table.exec.mini-batch.enabled", "true");
            rows.add(row("no savepoint path: `namesSavepoint` (the session's and the statement's configuration, before"
                            + " planning: whether the planning translates the job), per statement",
                    nanosPerCall(() -> StatementRestores.namesSavepoint(SESSION, statementConfig), 100_000)));
            rows.add(row("a savepoint path: `savepointPath` finds it",
                    nanosPerCall(() -> StatementRestores.savepointPath(withPath), 100_000)));
            rows.add(row("the metadata read: `_metadata` found and read with Flink's readers, its operators set"
                    + " against a built job graph", cpu(() -> StatementRestores.judge(savepoint, withPath, classLoader, () -> graph))));
            long[] environments = cpu(RestoreCheckCommand::environment);
            rows.add(row("a table environment of the session (what `Decider` takes for the job graph)", environments));
            rows.add(row("a table environment and the job graph of the judged plan (`StatementJobs.ofJudgedPlan`)",
                    cpu(() -> StatementJobs.ofJudgedPlan(environment(), plan))));
            TableEnvironmentInternal made = environment();
            rows.add(row("the one translation alone, in a table environment made before (`StatementJobs.judgedJob`: the"
                    + " claims and the `PlannedJob`)", cpu(() -> StatementJobs.judgedJob(made, plan))));
            rows.add(row("the whole check with a path, as `Decider` runs it (`StatementRestores.judgeJob` on"
                            + " `StatementJobs.judgedJob` in a fresh table environment; its `PlannedJob` serves the comparison and"
                            + " the plan store)",
                    cpu(() -> StatementRestores.judgeJob(savepoint, withPath, classLoader,
                            () -> StatementJobs.judgedJob(environment(), plan)))));
            rows.add(row("before: the check and the comparison's own translation, each in a fresh table environment"
                            + " (`judge` on `ofJudgedPlan`, then `plannedJob`; the plan store translated a third time at submission)",
                    cpu(() -> List.of(
                            StatementRestores.judge(savepoint, withPath, classLoader,
                                    () -> StatementJobs.ofJudgedPlan(environment(), plan)),
                            StatementJobs.plannedJob(environment(), plan)))));
            rows.add(row("for scale: planning the INSERT as the guard does (a table environment, compile, translate)",
                    cpu(() -> {
                        TableEnvironmentInternal tEnv = environment();
                        return tEnv.compilePlanSql(INSERT).explain();
                    })));
        }
        // What a statement without a path runs of the restore check, as Decider runs it: whether the session and the
        // statement name a savepoint (before planning), then the analysis's configuration's path (after it).
        Map<String, String> statementConfig = Map.of("table.exec.mini-batch.enabled", "true");
        Map<String, String> analysed = new HashMap<>(SESSION);
        analysed.putAll(statementConfig);
        long[] noPath = perCall(() -> StatementRestores.namesSavepoint(SESSION, statementConfig)
                || StatementRestores.savepointPath(analysed).isPresent() ? null : Boolean.TRUE, 100_000);
        rows.add(new String[] {String.format(Locale.ROOT, "**no savepoint path: all a statement pays for the restore check**"
                        + " (`namesSavepoint` of the session's and the statement's configuration before planning,"
                        + " `savepointPath` of the analysis's after it: four key look-ups; its planning is the same as"
                        + " without the check, `explain`), per statement; allocates %d bytes", noPath[1]),
                "**" + duration(noPath[0]) + "**", ""});
        rows.addAll(phases());
        // The planning's own translation, reused by the check (SessionPlanner, Decider#restore).
        try (SessionPlanner planner = new SessionPlanner(Optional.empty(), 1)) {
            StatementJobs.JudgedJob planned = plannedJob(planner);
            Restore reused = StatementRestores.judgeJob(savepoint, withPath, classLoader, () -> planned);
            // The same operators claimed (by id: a claim names its operator, the job graph's its vertex).
            if (!reused.matched().stream().map(Restore.SavedOperator::operatorId).toList()
                            .equals(check.matched().stream().map(Restore.SavedOperator::operatorId).toList())
                    || !reused.unclaimed().isEmpty()) {
                throw new IllegalStateException("the planning's job claims otherwise than the judged plan's: " + reused);
            }
            // Interleaved run by run, so that JIT warm-up and the machine's load fall on all four alike.
            Interleaved parts = interleaved(List.of(
                    () -> planner.plan(environment(), INSERT, true),
                    () -> List.of(planner.plan(environment(), INSERT, true),
                            StatementRestores.judgeJob(savepoint, withPath, classLoader,
                                    () -> StatementJobs.judgedJob(environment(), plan))),
                    () -> {
                        ExplainOutcome outcome = planner.plan(environment(), INSERT, true, true);
                        return StatementRestores.judgeJob(savepoint, withPath, classLoader,
                                () -> ((ExplainOutcome.Planned) outcome).job().orElseThrow());
                    },
                    () -> planner.plan(environment(), INSERT, true, true),
                    () -> {
                        TableEnvironmentInternal tEnv = environment();
                        ExplainOutcome outcome = planner.plan(tEnv, INSERT, true);
                        String json = ((ExplainOutcome.Planned) outcome).plan().executablePlan().orElseThrow();
                        return StatementUids.toRun(json, tEnv.getConfig(), Optional.empty());
                    },
                    () -> {
                        TableEnvironmentInternal tEnv = environment();
                        ExplainOutcome.Planned outcome = (ExplainOutcome.Planned) planner.plan(tEnv, INSERT, true, true);
                        StatementJobs.JudgedJob job = outcome.job().orElseThrow();
                        Restore judged = StatementRestores.judgeJob(savepoint, withPath, classLoader, () -> job);
                        String json = outcome.plan().executablePlan().orElseThrow();
                        return List.of(judged, StatementUids.toRun(json, tEnv.getConfig(), Optional.of(job.run())));
                    },
                    () -> flinksRead(savepoint, classLoader),
                    () -> StatementRestores.judgeJob(savepoint, withPath, classLoader, () -> planned),
                    () -> {
                        // As part 5, the savepoint not read before (SavepointReads forgotten): its first statement.
                        SavepointReads.forget();
                        TableEnvironmentInternal tEnv = environment();
                        ExplainOutcome.Planned outcome = (ExplainOutcome.Planned) planner.plan(tEnv, INSERT, true, true);
                        StatementJobs.JudgedJob job = outcome.job().orElseThrow();
                        Restore judged = StatementRestores.judgeJob(savepoint, withPath, classLoader, () -> job);
                        String json = outcome.plan().executablePlan().orElseThrow();
                        return List.of(judged, StatementUids.toRun(json, tEnv.getConfig(), Optional.of(job.run())));
                    },
                    () -> {
                        SavepointReads.forget();
                        return StatementRestores.judgeJob(savepoint, withPath, classLoader, () -> planned);
                    }));
            int plain = 0;
            int wasBefore = 1;
            int nowAfter = 2;
            int restoring = 3;
            rows.add(parts.row("planning the INSERT with `SessionPlanner` (a table environment, the DDL, compile, explain), no"
                    + " savepoint path", plain));
            rows.add(parts.row("planning it with a savepoint path (interleaved: the job translated with the operator ids it"
                    + " runs with, `judgedJob`, in place of `explain`)", restoring));
            rows.add(parts.row("without the reuse, planning and check (interleaved with the rows above and below): planning"
                    + " without a job, then `judgeJob` on `judgedJob` in a fresh table environment", wasBefore));
            rows.add(parts.row("planning and check, as `Decider` runs them (interleaved): planning with the job (`judgedJob` in"
                    + " place of `explain`), then `judgeJob` on it", nowAfter));
            rows.add(new String[] {"**a path's cost beyond planning without one, without the reuse** (difference of the medians)",
                    "**" + duration(parts.median(wasBefore) - parts.median(plain)) + "**", ""});
            rows.add(new String[] {"**a path's cost beyond planning without one** (planning and check as `Decider` runs"
                    + " them; difference of the medians)", "**" + duration(parts.median(nowAfter) - parts.median(plain)) + "**", ""});
            rows.add(new String[] {"a path's planning beyond planning without one (difference of the medians)",
                    duration(parts.median(restoring) - parts.median(plain)), ""});
            rows.add(parts.beyond("**a path's cost beyond planning without one, paired** (planning and check as `Decider` runs"
                    + " them, less planning without a path in the same run; median of the differences, 95 % interval)",
                    plain, nowAfter));
            rows.add(parts.beyond("a path's planning beyond planning without one, paired (median of the differences, 95 %"
                    + " interval)", plain, restoring));
            rows.add(parts.row("no savepoint path, planning and the plan the hand-off runs (`StatementUids#toRun`:"
                    + " renumbered)", 4));
            rows.add(parts.row("a savepoint path, planning, check and the plan the hand-off runs (`StatementUids#toRun`: the"
                    + " planning's renumbered plan)", 5));
            rows.add(parts.beyond("**a path's cost beyond none, the hand-off's plan included, paired** (the savepoint read by an"
                    + " earlier statement and kept, `SavepointReads`; median of the"
                    + " differences, 95 % interval)", 4, 5));
            int flinksRead = 6;
            int checkAlone = 7;
            rows.add(parts.row("one metadata read as the JobManager makes it (interleaved; Flink's own:"
                    + " `resolveCheckpointPointer`, `Checkpoints#loadCheckpointMetadata` on a `DataInputStream`, no guard)",
                    flinksRead));
            rows.add(parts.row("the check alone on the planning's job (interleaved; `judgeJob`: the guard's metadata read,"
                    + " the claims set)", checkAlone));
            rows.add(parts.inReads("**a path's cost beyond none, the hand-off's plan included, in metadata reads** (the"
                    + " paired median above over the median of Flink's own read; allocation and CPU time)", 4, 5, flinksRead));
            rows.add(parts.inReads("the check alone, in metadata reads", -1, checkAlone, flinksRead));
            int firstPath = 8;
            int firstCheck = 9;
            rows.add(parts.row("a savepoint path read for the first time (`SavepointReads` forgotten before), planning, check"
                    + " and the plan the hand-off runs", firstPath));
            rows.add(parts.beyond("**a path read for the first time: its cost beyond none, the hand-off's plan included,"
                    + " paired** (median of the differences, 95 % interval)", 4, firstPath));
            rows.add(parts.inReads("**a path read for the first time, beyond none, in metadata reads**", 4, firstPath, flinksRead));
            rows.add(parts.row("the check alone, the savepoint read for the first time (`SavepointReads` forgotten before)",
                    firstCheck));
            rows.add(parts.inReads("the check alone, read for the first time, in metadata reads", -1, firstCheck, flinksRead));
        }
        MachineLoad after = MachineLoad.now();

        System.out.println("## The restore check's cost (issue 28)");
        System.out.println();
        System.out.printf(Locale.ROOT, "Thread CPU time in one JVM (Java %s), %d runs after %d unrecorded; %s. The statement: `%s`,"
                        + " %d job vertices; the savepoint: %d operators with %d bytes of state each, all claimed.%n%n",
                System.getProperty("java.version"), runs, warmup, MachineLoad.span(before, after), INSERT,
                graph.getNumberOfVertices(), check.matched().size(), stateBytes);
        System.out.println("| part | median | p90 (paired rows: 95 % interval) |");
        System.out.println("|---|---:|---:|");
        rows.forEach(r -> System.out.println("| " + r[0] + " | " + r[1] + " | " + r[2] + " |"));
        return 0;
    }

    /**
     * Where a path's planning goes: the steps of translating the judged plan as it runs ({@code
     * StatementJobs#judgedJob}: the plan renumbered, restored from its JSON, translated, its stream
     * graph hashed and its job graph built) against {@code CompiledPlan#explain} (the planning of a
     * statement without a path: the compiled plan translated in memory, its stream graph, the plan
     * printed) and the compiled plan translated in memory without the print; then {@code
     * StatementJobs#judgedJob} itself as a restoring statement's planning calls it, on a plan compiled
     * for it; and the restored plan translated a second time, what running a plan already translated
     * would cost the hand-off ({@code ExecNodeBase#translateToPlan} keeps its transformation). Each run
     * compiles the INSERT four times in a table environment of its own (a translated plan keeps its
     * transformations: a second translation costs only that last row) and times each step, by
     * thread CPU time, and counts the bytes it allocates on this thread; the last two rows are the
     * per-run differences of the steps they name (their medians).
     */
    private List<String[]> phases() {
        String[] names = {
            "where it goes: compiling the INSERT (`Planner#compilePlan`, every planning)",
            "where it goes: `CompiledPlan#explain` (no path: translation in memory, stream graph, the plan printed)",
            "where it goes: the compiled plan's JSON (`asJsonString`, every planning)",
            "where it goes, from JSON: the plan renumbered (`StatementUids`)",
            "where it goes, from JSON: the plan restored from it (`Planner#loadPlan`)",
            "where it goes, from JSON: its translation (`Planner#translatePlan` of the restored plan)",
            "where it goes, from JSON: the stream graph",
            "where it goes: the stream graph hashed (`StreamGraphHasherV2`)",
            "where it goes: the job graph (`StreamGraph#getJobGraph`; before this change, for the claims)",
            "where it goes: the user-provided hashes (`StreamGraphUserHashHasher`; now, with the hashes above, the claims)",
            "where it goes, in memory: the compiled plan translated (`Planner#translatePlan`) and its stream graph",
            "where it goes: `StatementJobs#judgedJob` on the plan in memory, as a path's planning calls it in place of"
                    + " `explain` (renumbering, translation, stream graph, hashes, claims, serializers, vertices)",
            "where it goes, from JSON: the restored plan translated again (`Planner#translatePlan` of a plan Flink"
                    + " translated: `ExecNodeBase#translateToPlan` gives the transformations it made; the hand-off"
                    + " restores and translates the JSON of every INSERT, `loadPlan` and `translatePlan` above, where this"
                    + " would do)",
        };
        int translatedAgain = 12;
        int userHashes = 9;
        int inMemory = 10;
        int judged = 11;
        int explain = 1;
        long[][] ns = new long[names.length][runs];
        long[][] bytes = new long[names.length][runs];
        long[] printed = new long[runs];
        long[] beyondTranslation = new long[runs];
        long[] printedNs = new long[runs];
        long[] beyondTranslationNs = new long[runs];
        for (int run = -warmup; run < runs; run++) {
            Laps laps = new Laps(names.length);
            TableEnvironmentInternal tEnv = environment();
            Planner planner = ((TableEnvironmentImpl) tEnv).getPlanner();
            List<ModifyOperation> insert = List.of((ModifyOperation) tEnv.getParser().parse(INSERT).get(0));
            laps.start();
            CompiledPlan compiled = tEnv.compilePlan(insert);
            laps.lap(0);
            compiled.explain();
            laps.lap(explain);
            String json = compiled.asJsonString();
            laps.lap(2);
            String renumbered = StatementUids.inPlaceOfStatementText(json, tEnv.getConfig());
            laps.lap(3);
            InternalPlan loaded;
            try {
                loaded = planner.loadPlan(PlanReference.fromJsonString(renumbered));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            laps.lap(4);
            List<Transformation<?>> transformations = planner.translatePlan(loaded);
            laps.lap(5);
            StreamGraph graph = (StreamGraph) ((TableEnvironmentImpl) tEnv).generatePipelineFromQueryOperation(null, transformations);
            laps.lap(6);
            new StreamGraphHasherV2().traverseStreamGraphAndGenerateHashes(graph);
            laps.lap(7);
            graph.getJobGraph();
            laps.lap(8);
            new StreamGraphUserHashHasher().traverseStreamGraphAndGenerateHashes(graph);
            laps.lap(userHashes);
            planner.translatePlan(loaded);
            laps.lap(translatedAgain);
            InternalPlan compiledAgain = planner.compilePlan(insert);
            laps.start();
            ((TableEnvironmentImpl) tEnv).generatePipelineFromQueryOperation(null, planner.translatePlan(compiledAgain));
            laps.lap(inMemory);
            TableEnvironmentInternal own = environment();
            InternalPlan forTheJob = StatementJobs.compilePlan(own, insert);
            String forTheJobJson = forTheJob.asJsonString();
            laps.start();
            StatementJobs.judgedJob(own, forTheJob, forTheJobJson);
            laps.lap(judged);
            if (run >= 0) {
                for (int i = 0; i < names.length; i++) {
                    ns[i][run] = laps.ns[i];
                    bytes[i][run] = laps.bytes[i];
                }
                printed[run] = laps.bytes[explain] - laps.bytes[inMemory];
                printedNs[run] = laps.ns[explain] - laps.ns[inMemory];
                beyondTranslation[run] = laps.bytes[judged] - laps.bytes[inMemory];
                beyondTranslationNs[run] = laps.ns[judged] - laps.ns[inMemory];
            }
        }
        List<String[]> rows = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            rows.add(stepRow(names[i], ns[i], bytes[i]));
        }
        rows.add(stepRow("where it goes: `explain`'s print (`explain` less the translation in memory and its stream graph, run by"
                + " run)", printedNs, printed));
        rows.add(stepRow("where it goes: `judgedJob` beyond the translation in memory and its stream graph (run by run)",
                beyondTranslationNs, beyondTranslation));
        return rows;
    }

    /** A step's median and p90 CPU time, with its median allocation in its name. */
    private static String[] stepRow(String name, long[] ns, long[] bytes) {
        long[] sortedNs = ns.clone();
        Arrays.sort(sortedNs);
        long[] sortedBytes = bytes.clone();
        Arrays.sort(sortedBytes);
        int runs = sortedNs.length;
        return new String[] {
            name + String.format(Locale.ROOT, " (allocates %.1f kB)", sortedBytes[runs / 2] / 1e3),
            duration(sortedNs[runs / 2]), duration(sortedNs[Math.min(runs - 1, (int) Math.ceil(runs * 0.9) - 1)])};
    }

    /** Thread CPU time and thread-allocated bytes of consecutive steps on this thread. */
    private final class Laps {
        final long[] ns;
        final long[] bytes;
        private long startNs;
        private long startBytes;

        Laps(int steps) {
            ns = new long[steps];
            bytes = new long[steps];
        }

        void start() {
            startBytes = allocated();
            startNs = threads.getCurrentThreadCpuTime();
        }

        /** Records the step since the last start or lap as {@code step}, and starts the next. */
        void lap(int step) {
            long nowNs = threads.getCurrentThreadCpuTime();
            long nowBytes = allocated();
            ns[step] = nowNs - startNs;
            bytes[step] = nowBytes - startBytes;
            start();
        }

        private long allocated() {
            return ((com.sun.management.ThreadMXBean) threads).getCurrentThreadAllocatedBytes();
        }
    }

    /** The job a planning of the INSERT with a savepoint path translates ({@code SessionPlanner}). */
    private static StatementJobs.JudgedJob plannedJob(SessionPlanner planner) {
        ExplainOutcome outcome = planner.plan(environment(), INSERT, true, true);
        if (!(outcome instanceof ExplainOutcome.Planned planned) || planned.job().isEmpty()) {
            throw new IllegalStateException("the planning translated no job: " + outcome);
        }
        return planned.job().get();
    }

    static TableEnvironmentInternal environment() {
        TableEnvironmentInternal tEnv = (TableEnvironmentInternal) TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        tEnv.executeSql(DDL_SOURCE);
        tEnv.executeSql(DDL_SINK);
        return tEnv;
    }

    /** Median and p90 of the recorded runs' thread CPU time, in ns. */
    private long[] cpu(Supplier<?> part) {
        for (int i = 0; i < warmup; i++) {
            part.get();
        }
        long[] ns = new long[runs];
        for (int i = 0; i < runs; i++) {
            long start = threads.getCurrentThreadCpuTime();
            part.get();
            ns[i] = threads.getCurrentThreadCpuTime() - start;
        }
        Arrays.sort(ns);
        return new long[] {ns[runs / 2], ns[Math.min(runs - 1, (int) Math.ceil(runs * 0.9) - 1)]};
    }

    /**
     * Each part's thread CPU time and thread-allocated bytes in every recorded run, the parts run in
     * turn in every run (after {@code warmup} unrecorded runs of them all).
     */
    private Interleaved interleaved(List<Supplier<?>> parts) {
        for (int i = 0; i < warmup; i++) {
            parts.forEach(Supplier::get);
        }
        com.sun.management.ThreadMXBean allocations = (com.sun.management.ThreadMXBean) threads;
        long[][] ns = new long[parts.size()][runs];
        long[][] bytes = new long[parts.size()][runs];
        for (int i = 0; i < runs; i++) {
            for (int p = 0; p < parts.size(); p++) {
                long allocated = allocations.getCurrentThreadAllocatedBytes();
                long start = threads.getCurrentThreadCpuTime();
                parts.get(p).get();
                ns[p][i] = threads.getCurrentThreadCpuTime() - start;
                bytes[p][i] = allocations.getCurrentThreadAllocatedBytes() - allocated;
            }
        }
        return new Interleaved(ns, bytes);
    }

    /** Interleaved runs: by part, by run, thread CPU ns and thread-allocated bytes. */
    private record Interleaved(long[][] ns, long[][] bytes) {

        long median(int part) {
            return sorted(ns[part])[ns[part].length / 2];
        }

        /**
         * {@code part} less {@code base} (the paired medians; {@code base} -1: {@code part} alone) over
         * the median of {@code read}, by allocated bytes and by CPU time: how many metadata reads it is.
         */
        String[] inReads(String name, int base, int part, int read) {
            double bytes = base < 0 ? sorted(this.bytes[part])[runs() / 2] : PairedDifference.of(this.bytes[base], this.bytes[part]).median();
            double cpu = base < 0 ? median(part) : PairedDifference.of(ns[base], ns[part]).median();
            double readBytes = sorted(this.bytes[read])[runs() / 2];
            return new String[] {
                name + String.format(Locale.ROOT, "; %.0f kB against %.0f kB", bytes / 1e3, readBytes / 1e3),
                String.format(Locale.ROOT, "**%.2f reads** (allocated)", bytes / readBytes),
                String.format(Locale.ROOT, "%.2f reads (CPU time)", cpu / median(read))};
        }

        private int runs() {
            return ns[0].length;
        }

        /** The part's median and p90 CPU time, with its median allocation in the part's name. */
        String[] row(String name, int part) {
            long[] sorted = sorted(ns[part]);
            int runs = sorted.length;
            return new String[] {
                name + String.format(Locale.ROOT, " (allocates %.2f MB)", sorted(bytes[part])[runs / 2] / 1e6),
                duration(sorted[runs / 2]), duration(sorted[Math.min(runs - 1, (int) Math.ceil(runs * 0.9) - 1)])};
        }

        /** {@code part} less {@code base}, run by run: the median difference, its 95 % interval, and of allocation. */
        String[] beyond(String name, int base, int part) {
            PairedDifference cpu = PairedDifference.of(ns[base], ns[part]);
            PairedDifference allocated = PairedDifference.of(bytes[base], bytes[part]);
            return new String[] {
                name + String.format(Locale.ROOT, "; allocates %+.0f kB (%+.0f to %+.0f)",
                        allocated.median() / 1e3, allocated.low() / 1e3, allocated.high() / 1e3),
                "**" + duration((long) cpu.median()) + "**",
                duration((long) cpu.low()) + " to " + duration((long) cpu.high())};
        }

        private static long[] sorted(long[] values) {
            long[] copy = values.clone();
            Arrays.sort(copy);
            return copy;
        }
    }

    /** Mean ns per call over {@code calls} calls (a call too short to time alone), as median and p90 alike. */
    private long[] nanosPerCall(Supplier<?> part, int calls) {
        Object sink = null;
        for (int i = 0; i < calls; i++) {
            sink = part.get();
        }
        long start = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
            sink = part.get();
        }
        long each = (threads.getCurrentThreadCpuTime() - start) / calls;
        return sink == null ? new long[] {-1, -1} : new long[] {each, each};
    }

    /**
     * Mean CPU ns and mean bytes allocated on this thread per call over {@code calls} calls, after as
     * many unrecorded; a part that returns null (not as meant) gives -1 for both.
     */
    private long[] perCall(Supplier<?> part, int calls) {
        Object sink = null;
        for (int i = 0; i < calls; i++) {
            sink = part.get();
        }
        com.sun.management.ThreadMXBean allocations = (com.sun.management.ThreadMXBean) threads;
        long allocated = allocations.getCurrentThreadAllocatedBytes();
        long start = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < calls && sink != null; i++) {
            sink = part.get();
        }
        long ns = (threads.getCurrentThreadCpuTime() - start) / calls;
        long bytes = (allocations.getCurrentThreadAllocatedBytes() - allocated) / calls;
        return sink == null ? new long[] {-1, -1} : new long[] {ns, bytes};
    }

    private static String[] row(String part, long[] ns) {
        return new String[] {part, duration(ns[0]), duration(ns[1])};
    }

    static String duration(long ns) {
        if (ns < 0) {
            return "−" + duration(-ns);
        }
        if (ns < 10_000) {
            return ns + " ns";
        }
        if (ns < 10_000_000) {
            return String.format(Locale.ROOT, "%.1f µs", ns / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
    }

    /**
     * {@code savepoint}'s metadata read as the JobManager reads it, without the guard: the pointer
     * resolved by the file system checkpoint storage ({@code AbstractFsCheckpointStorageAccess#resolveCheckpointPointer},
     * what {@code CheckpointCoordinator#restoreSavepoint} resolves it with) and its {@code _metadata}
     * read by {@code Checkpoints#loadCheckpointMetadata} on a plain {@code DataInputStream} of the
     * handle's stream ({@code Checkpoints#loadAndValidateCheckpoint}, 2.3.0): "one metadata read".
     */
    static CheckpointMetadata flinksRead(String savepoint, ClassLoader classLoader) {
        try {
            CompletedCheckpointStorageLocation location = AbstractFsCheckpointStorageAccess.resolveCheckpointPointer(savepoint);
            try (InputStream in = location.getMetadataHandle().openInputStream()) {
                return Checkpoints.loadCheckpointMetadata(new DataInputStream(in), classLoader, location.getExternalPointer());
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A savepoint directory whose {@code _metadata} (Flink's writer) has state for every operator of {@code graph}. */
    private String savepoint(Path dir, JobGraph graph) throws Exception {
        List<OperatorState> operators = new ArrayList<>();
        for (JobVertex vertex : graph.getVertices()) {
            for (OperatorIDPair ids : vertex.getOperatorIDs()) {
                OperatorState state = operatorState(ids.getGeneratedOperatorID());
                OperatorStateHandle handle = new OperatorStreamStateHandle(
                        Map.of(), new ByteStreamStateHandle("state-" + ids.getGeneratedOperatorID(), new byte[stateBytes]));
                state.putState(0, OperatorSubtaskState.builder().setManagedOperatorState(handle).build());
                operators.add(state);
            }
        }
        try (OutputStream out = Files.newOutputStream(dir.resolve("_metadata"));
                DataOutputStream data = new DataOutputStream(out)) {
            Checkpoints.storeCheckpointMetadata(new CheckpointMetadata(7, operators, List.of()), data);
        }
        return dir.toUri().toString();
    }

    /** {@code new OperatorState(...)}: Flink 2.x adds the operator's name and uid to the constructor of 1.20. */
    private static OperatorState operatorState(org.apache.flink.runtime.jobgraph.OperatorID id) throws Exception {
        for (Constructor<?> constructor : OperatorState.class.getConstructors()) {
            if (constructor.getParameterCount() == 5) {
                return (OperatorState) constructor.newInstance(null, null, id, 1, 128);
            }
            if (constructor.getParameterCount() == 3) {
                return (OperatorState) constructor.newInstance(id, 1, 128);
            }
        }
        throw new IllegalStateException("no constructor of OperatorState this benchmark knows");
    }
}
