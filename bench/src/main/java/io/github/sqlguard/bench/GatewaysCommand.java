package io.github.sqlguard.bench;

import io.github.sqlguard.bench.Workload.Kind;
import io.github.sqlguard.bench.Workload.Step;
import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.RestSession;

import io.github.sqlguard.testing.StandaloneCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * The side-by-side benchmark: a plain SQL Gateway ({@code rest}) and a guarded one ({@code guard})
 * in two JVMs with the same options and the same local execution, driven over REST by this JVM
 * with the same statements ({@link Workload}).
 *
 * <p>Why two processes: each gateway gets its own heap, GC and JIT, so a GC pause or a MiniCluster
 * shutting down in one cannot be charged to the other, and the heap each one holds can be read
 * separately. Both processes stay up for the whole run; only one is driven at a time, and a round
 * starts only once both are idle (no job left running from the previous round).
 *
 * <p>For each level of concurrent sessions and each statement kind, rounds alternate between the
 * gateways (plain first in even rounds, guarded first in odd ones). In a round each session sends
 * its statements of that kind; a statement's latency is measured by {@link StatementRunner};
 * throughput is the round's statements over its wall time. Statements the guard refuses ({@link
 * Kind#REFUSED}) are measured in rounds of their own and reported apart. Warm-up rounds are not
 * recorded.
 */
@Command(
        name = "gateways",
        mixinStandardHelpOptions = true,
        description = "Plain vs guarded SQL Gateway over REST: latency and throughput per statement kind and number of"
                + " concurrent sessions, time to refusal, heap; markdown in <log-dir>/report.md.")
public final class GatewaysCommand implements Callable<Integer> {

    @Option(names = "--sessions", split = ",", defaultValue = "1,4,16", description = "Concurrent sessions per level"
            + " (default: ${DEFAULT-VALUE}; 64 needs --gateway-jvm-option=-XX:MaxDirectMemorySize=6g for 64 concurrent local jobs).")
    List<Integer> sessions;

    @Option(names = "--rounds", split = ",", defaultValue = "20,4,1", description = "Measured rounds per gateway, level and kind; one value per level, or one for all (default: ${DEFAULT-VALUE}).")
    List<Integer> rounds;

    @Option(names = "--warmup", split = ",", defaultValue = "1,1,0", description = "Warm-up rounds per gateway, level and kind; one value per level, or one for all (default: ${DEFAULT-VALUE}).")
    List<Integer> warmup;

    @Option(names = "--kinds", split = ",", defaultValue = "SET,SET_UNQUOTED,RESET,DDL,SHOW,HEAVY_INSERT,HEAVY_SELECT,REFUSED", description = "Statement kinds (default: ${DEFAULT-VALUE}).")
    List<Kind> kinds;

    @Option(names = "--cheap-repeats", defaultValue = "10", description = "SET/RESET/CREATE TABLE/SHOW statements per session and round (default: ${DEFAULT-VALUE}).")
    int cheapRepeats;

    @Option(names = "--heavy-repeats", defaultValue = "1", description = "Heavy statements per session and round (default: ${DEFAULT-VALUE}).")
    int heavyRepeats;

    @Option(names = "--jit-warmup", defaultValue = "2000", description = "Cheap statements (SET, RESET, CREATE TABLE,"
            + " SHOW TABLES in turn) each gateway runs in a session of its own before the first level, not recorded, so"
            + " that both gateways run JIT-compiled code as a long-running gateway does; 0 skips it (default: ${DEFAULT-VALUE}).")
    int jitWarmup;

    @Option(names = "--jit-warmup-heavy", defaultValue = "6", description = "Heavy statements (INSERT and SELECT in"
            + " turn) each gateway runs in that session after the cheap ones (default: ${DEFAULT-VALUE}).")
    int jitWarmupHeavy;

    @Option(names = "--gateway-jvm-option", description = "An extra JVM option of both gateway JVMs, repeatable;"
            + " e.g. -XX:MaxDirectMemorySize=6g, as 64 concurrent jobs in local MiniClusters exhaust the default"
            + " direct memory (the heap size).")
    List<String> gatewayJvmOptions = new ArrayList<>();

    @Option(names = "--gateway-jfr", description = "Record a JFR profile (settings=profile: CPU samples, allocation,"
            + " locks, GC, JIT) in each gateway JVM, written to <log-dir>/<plain|guarded>.jfr when it stops: where one"
            + " gateway's time goes that the other's does not.")
    boolean gatewayJfr;

    @Option(names = "--guard-option", description = "A Flink option of the guarded gateway only, KEY=VALUE, repeatable;"
            + " e.g. sql-guard.observe.enabled=true to compare the guard with its observed state on and off (one run each).")
    Map<String, String> guardOptions = new LinkedHashMap<>();

    @Option(names = "--plain-endpoint", defaultValue = "rest", description = "The endpoint of the gateway the guarded"
            + " one is compared with: rest (the plain gateway, default) or guard, to compare two settings of the guard"
            + " in the same run (with --plain-option), e.g. the observed state off (plain) and on (guarded).")
    String plainEndpoint;

    @Option(names = "--plain-option", description = "A Flink option of the compared (plain) gateway only, KEY=VALUE,"
            + " repeatable; e.g. sql-guard.observe.enabled=false with --plain-endpoint guard.")
    Map<String, String> plainOptions = new LinkedHashMap<>();

    @Option(names = "--plain-classpath", description = "The class path of the compared (plain) gateway's JVM, e.g."
            + " an earlier build's bench jar (copied aside with its lib/) with --plain-endpoint guard: that build's guard"
            + " against this one's in the same run, round by round (default: the harness's own class path).")
    String plainClassPath;

    @Option(names = "--remote-cluster", description = "Start a real session cluster (a JobManager and a TaskManager"
            + " JVM, StandaloneCluster) and send both gateways' jobs to it (execution.target: remote) instead of local"
            + " MiniClusters; for the cheap kinds and --watched-jobs.")
    boolean remoteCluster;

    @Option(names = "--cluster-slots", defaultValue = "4", description = "Task slots of the --remote-cluster's"
            + " TaskManager (default: ${DEFAULT-VALUE}).")
    int clusterSlots;

    @Option(names = "--watched-jobs", defaultValue = "0", description = "Stateful INSERTs (an unbounded datagen"
            + " grouped by key into a blackhole, checkpoints every 2 s) the guarded gateway submits to the"
            + " --remote-cluster before the first level and keeps running through the run, so that with"
            + " sql-guard.observe.enabled its watcher follows them while statements are measured (default: ${DEFAULT-VALUE}).")
    int watchedJobs;

    @Option(names = "--watched-jobs-on-both", description = "Submit the --watched-jobs through the compared (plain)"
            + " gateway too (it needs --plain-endpoint guard and twice the slots): both gateway JVMs then planned and"
            + " submitted the same jobs, and only the watching (sql-guard.observe.enabled) tells them apart.")
    boolean watchedJobsOnBoth;

    @Option(names = "--heap", defaultValue = "2g", description = "-Xms/-Xmx of each gateway JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--poll-us", defaultValue = "1000", description = "Pause between two result polls, µs; at most 1000 (default: ${DEFAULT-VALUE}).")
    long pollMicros;

    @Option(names = "--idle-ms", defaultValue = "60000", description = "Longest wait for both gateways to be idle before a round (default: ${DEFAULT-VALUE}).")
    long idleMillis;

    @Option(names = "--timeout-s", defaultValue = "300", description = "Per-statement timeout (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--log-dir", defaultValue = "bench/target/bench-logs", description = "Gateway logs, audit, stderr and report.md (default: ${DEFAULT-VALUE}).")
    Path logDir;

    /** One gateway under test and its sessions of the current level. */
    private record Target(String name, boolean guarded, StatementRunner runner,
            List<RestSession> sessions, List<RestSession> untimed) {

        /** The sessions {@code kind} is sent in: the untimed ones for {@link Kind#untimed()} kinds. */
        List<RestSession> sessionsOf(Kind kind) {
            return kind.untimed() ? untimed : sessions;
        }
    }

    @Override
    public Integer call() throws Exception {
        List<Integer> roundsPerLevel = perLevel(rounds, "--rounds");
        List<Integer> warmupPerLevel = perLevel(warmup, "--warmup");
        if (pollMicros < 1 || pollMicros > 1000) {
            throw new IllegalArgumentException("--poll-us must be in 1..1000, was " + pollMicros);
        }
        Files.createDirectories(logDir);
        if (!plainEndpoint.equals("rest") && !plainEndpoint.equals("guard")) {
            throw new IllegalArgumentException("--plain-endpoint must be rest or guard, was " + plainEndpoint);
        }
        if (watchedJobs > 0 && !remoteCluster) {
            throw new IllegalArgumentException("--watched-jobs needs --remote-cluster (a job in a local MiniCluster is not"
                    + " observable)");
        }
        if (watchedJobsOnBoth && (!plainEndpoint.equals("guard") || watchedJobs == 0 || clusterSlots < 2 * watchedJobs)) {
            throw new IllegalArgumentException("--watched-jobs-on-both needs --plain-endpoint guard, --watched-jobs and"
                    + " --cluster-slots of at least twice --watched-jobs");
        }
        Path file = logDir.resolve("report.md");
        Workload workload = new Workload(cheapRepeats, heavyRepeats);
        List<LevelResult> results = new ArrayList<>();
        try (StandaloneCluster cluster = remoteCluster ? startCluster() : null) {
            Map<String, String> clusterConfig = cluster == null ? Map.of() : cluster.clientConfig();
            Map<String, String> plainConfig = new LinkedHashMap<>(clusterConfig);
            plainConfig.putAll(plainOptions);
            Map<String, String> guardConfig = new LinkedHashMap<>(clusterConfig);
            guardConfig.putAll(guardOptions);
            StringBuilder report = new StringBuilder(
                    Report.header(MachineLoad.now(), heap + (gatewayJvmOptions.isEmpty() ? "" : " " + String.join(" ",
                            gatewayJvmOptions)) + (guardOptions.isEmpty() ? "" : "; guarded gateway only: " + guardOptions)
                            + (plainEndpoint.equals("rest") ? "" : "; **the 'plain' gateway is a guarded one too**"
                                    + " (endpoint guard) with " + plainOptions)
                            + (plainClassPath == null ? "" : "; **the 'plain' gateway runs from " + plainClassPath + "**")
                            + (cluster == null ? "" : "; jobs of both gateways on a real session cluster (a JobManager"
                                    + " and a TaskManager JVM, " + clusterSlots + " slots, execution.target: remote)"
                                    + (watchedJobs == 0 ? "" : ", " + watchedJobs + " stateful INSERTs with checkpoints"
                                            + " every 2 s submitted through the guarded gateway"
                                            + (watchedJobsOnBoth ? " and as many through the plain one" : "")
                                            + " and running throughout")),
                            pollMicros, System.getProperty("java.version"), jitWarmup, jitWarmupHeavy));
            System.out.print(report);
            try (GatewayProcess plain = GatewayProcess.start("plain", plainEndpoint, heap, jvmOptions("plain"), plainConfig,
                    plainClassPath == null ? System.getProperty("java.class.path") : plainClassPath, logDir);
                    GatewayProcess guarded = GatewayProcess.start("guarded", "guard", heap, jvmOptions("guarded"), guardConfig, logDir)) {
            // The watched jobs first, then the JIT warm-up: the measured rounds start once the jobs run and have
            // checkpointed, not while they start (until 2026-12-02 the rounds of the first kind measured ran
            // while they did).
            List<RestSession> watched = new ArrayList<>(watchedJobs(guarded, cluster, 0));
            if (watchedJobsOnBoth) {
                watched.addAll(watchedJobs(plain, cluster, watchedJobs));
            }
            if (cluster != null && watchedJobs > 0) {
                awaitFirstCheckpoints(cluster);
            }
            jitWarmup(plain, plainEndpoint.equals("guard"));
            jitWarmup(guarded, true);
            for (int level = 0; level < sessions.size(); level++) {
                LevelResult result = runLevel(workload, plain, guarded, sessions.get(level), warmupPerLevel.get(level),
                        roundsPerLevel.get(level));
                results.add(result);
                String section = Report.level(result);
                System.out.print(section);
                report.append(section);
                Files.writeString(file, report); // a run cut short keeps its finished levels
            }
            if (cluster != null && watchedJobs > 0) {
                String jobs = String.format(Locale.ROOT, "%nJobs on the session cluster at the end: %s; the guarded"
                        + " gateway's observed jobs (GET /sql-guard/v1/jobs): %s%n", cluster.jobs(),
                        observedJobs(guarded));
                System.out.print(jobs);
                report.append(jobs);
            }
            for (RestSession session : watched) {
                session.close();
            }
            }
            String scaling = Report.scaling(results);
            System.out.print(scaling);
            report.append(scaling);
            Files.writeString(file, report);
        }
        System.out.println("Report written to " + file);
        return 0;
    }

    /** The JVM options of gateway {@code name}: --gateway-jvm-option, and its JFR recording with --gateway-jfr. */
    private List<String> jvmOptions(String name) {
        List<String> options = new ArrayList<>(gatewayJvmOptions);
        if (gatewayJfr) {
            options.add("-XX:StartFlightRecording=settings=profile,dumponexit=true,filename="
                    + logDir.resolve(name + ".jfr").toAbsolutePath());
        }
        return options;
    }

    /** The session cluster of --remote-cluster, under {@code <log-dir>/cluster}. */
    private StandaloneCluster startCluster() throws Exception {
        long start = System.nanoTime();
        StandaloneCluster cluster = StandaloneCluster.start(logDir.resolve("cluster"), Duration.ofMinutes(3),
                Map.of("taskmanager.numberOfTaskSlots", String.valueOf(clusterSlots),
                        "taskmanager.memory.task.heap.size", (128 + 64 * clusterSlots) + "m"));
        System.err.printf(Locale.ROOT, "  session cluster up in %.1f s, REST port %d%n", (System.nanoTime() - start) / 1e9,
                cluster.restPort());
        return cluster;
    }

    /**
     * Submits {@link #watchedJobs} stateful INSERTs through {@code gateway}, one session each (kept
     * open, returned), and waits until the cluster runs them and the {@code running} already there.
     */
    private List<RestSession> watchedJobs(GatewayProcess gateway, StandaloneCluster cluster, int running) throws Exception {
        List<RestSession> sessions = new ArrayList<>();
        if (watchedJobs == 0) {
            return sessions;
        }
        GatewayRestClient client = gateway.client();
        StatementRunner runner = new StatementRunner(client, pollMicros, Duration.ofSeconds(timeoutSeconds));
        for (int j = 0; j < watchedJobs; j++) {
            RestSession session = client.openSession(Map.of());
            sessions.add(session);
            for (String statement : Workload.watchedJob(j)) {
                StatementRunner.Outcome outcome = runner.run(session, statement, Map.of());
                if (outcome.failed() || outcome.timedOut()) {
                    throw new IllegalStateException("A watched job could not be submitted: " + statement + "\n" + outcome);
                }
            }
        }
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (cluster.jobs().values().stream().filter("RUNNING"::equals).count() < running + watchedJobs) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("The watched jobs are not all running: " + cluster.jobs());
            }
            Thread.sleep(500);
        }
        System.err.printf(Locale.ROOT, "  %d watched jobs of the %s gateway running: %s%n", watchedJobs, gateway.name(),
                cluster.jobs());
        return sessions;
    }

    /** Waits until every job on {@code cluster} runs and has completed a checkpoint (at most 3 minutes). */
    private static void awaitFirstCheckpoints(StandaloneCluster cluster) throws Exception {
        long start = System.nanoTime();
        long deadline = start + TimeUnit.MINUTES.toNanos(3);
        for (String job : cluster.jobs().keySet()) {
            while (cluster.get("/jobs/" + job + "/checkpoints").path("counts").path("completed").asLong() < 1) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("Job " + job + " completed no checkpoint in 3 minutes: " + cluster.jobs());
                }
                Thread.sleep(200);
            }
        }
        System.err.printf(Locale.ROOT, "  every watched job has a completed checkpoint (waited %.1f s)%n",
                (System.nanoTime() - start) / 1e9);
    }

    /** The guarded gateway's list of the jobs it watches, its JSON as it answers; the error when it does not. */
    private static String observedJobs(GatewayProcess guarded) {
        try {
            return guarded.client().getUnversioned("/sql-guard/v1/jobs").body().toString();
        } catch (Exception e) {
            return "not read: " + e;
        }
    }

    /**
     * Runs {@link #jitWarmup} cheap and {@link #jitWarmupHeavy} heavy statements on {@code process}
     * in a session of its own, not recorded: the rounds of the first level then measure code the
     * JIT has compiled, as in a gateway that has been serving for a while, rather than the
     * interpreter (a few dozen warm-up statements per kind leave the guard's per-statement code,
     * parse to audit record, interpreted; JMH's {@code StatementBenchmark} puts parse and decide at
     * ~10-30 µs once compiled).
     */
    private void jitWarmup(GatewayProcess process, boolean guarded) throws Exception {
        if (jitWarmup <= 0 && jitWarmupHeavy <= 0) {
            return;
        }
        long start = System.nanoTime();
        Workload one = new Workload(1, 1);
        int session = 1_000; // table and view names of its own
        GatewayRestClient client = process.client();
        StatementRunner runner = new StatementRunner(client, pollMicros, Duration.ofSeconds(timeoutSeconds));
        Kind[] cheap = {Kind.SET, Kind.RESET, Kind.DDL, Kind.SHOW};
        int failures = 0;
        try (RestSession rest = client.openSession(Map.of())) {
            for (String statement : one.setup(session)) {
                StatementRunner.Outcome outcome = runner.run(rest, statement, Map.of());
                if (outcome.failed() || outcome.timedOut()) {
                    throw new IllegalStateException("Warm-up setup failed on " + process.name() + ": " + statement
                            + "\n" + outcome);
                }
            }
            for (int i = 0; i < jitWarmup; i++) {
                Step step = one.steps(cheap[i % cheap.length], session, i).get(0);
                failures += problem(false, runner.run(rest, step.sql(guarded), step.executionConfig())) == null ? 0 : 1;
            }
            for (int i = 0; i < jitWarmupHeavy; i++) {
                Step step = one.steps(i % 2 == 0 ? Kind.HEAVY_INSERT : Kind.HEAVY_SELECT, session, i).get(0);
                failures += problem(false, runner.run(rest, step.sql(guarded), step.executionConfig())) == null ? 0 : 1;
                awaitIdle(process);
            }
        }
        System.err.printf(Locale.ROOT, "  %s gateway: JIT warm-up of %d + %d statements in %.1f s%s%n", process.name(),
                jitWarmup, jitWarmupHeavy, (System.nanoTime() - start) / 1e9,
                failures == 0 ? "" : " (" + failures + " failed)");
    }

    private List<Integer> perLevel(List<Integer> values, String option) {
        if (values.size() == 1) {
            return Collections.nCopies(sessions.size(), values.get(0));
        }
        if (values.size() != sessions.size()) {
            throw new IllegalArgumentException(option + " needs one value, or one per --sessions level");
        }
        return values;
    }

    private LevelResult runLevel(Workload workload, GatewayProcess plainProcess, GatewayProcess guardedProcess, int n,
            int warmupRounds, int measuredRounds) throws Exception {
        MachineLoad before = MachineLoad.now();
        Target plain = open("plain", false, plainProcess, workload, n);
        Target guarded = open("guarded", true, guardedProcess, workload, n);
        Map<Kind, Series> plainSeries = new EnumMap<>(Kind.class);
        Map<Kind, Series> guardedSeries = new EnumMap<>(Kind.class);
        ExecutorService pool = Executors.newFixedThreadPool(n);
        int busyStarts = 0;
        int roundNumber = 0;
        boolean plainIsGuarded = plainEndpoint.equals("guard");
        long cpuStart = System.nanoTime();
        Map<String, Long> plainCpuBefore = plainProcess.threadCpu();
        Map<String, Long> guardedCpuBefore = guardedProcess.threadCpu();
        try {
            for (Kind kind : kinds) {
                plainSeries.put(kind, new Series());
                guardedSeries.put(kind, new Series());
            }
            // Round by round, every kind in turn, the first kind of a round rotating: a drift over the level (jobs
            // starting, the JIT, a neighbour's load) is spread over every kind and both gateways instead of landing
            // on the kind measured first. The gateway that goes first alternates from one kind to the next and
            // from one round to the next.
            List<Window> windows = new ArrayList<>();
            for (int round = 0; round < warmupRounds + measuredRounds; round++) {
                boolean measured = round >= warmupRounds;
                if (round == warmupRounds) {
                    guardedProcess.markGuardTimes();
                    if (plainIsGuarded) {
                        plainProcess.markGuardTimes();
                    }
                }
                for (int k = 0; k < kinds.size(); k++, roundNumber++) {
                    Kind kind = kinds.get((k + round) % kinds.size());
                    Target[] order = (round + k) % 2 == 0 ? new Target[] {plain, guarded} : new Target[] {guarded, plain};
                    for (Target target : order) {
                        boolean busy = !awaitIdle(plainProcess) | !awaitIdle(guardedProcess);
                        if (busy && measured) {
                            busyStarts++;
                        }
                        Series into = measured ? (target.guarded() ? guardedSeries : plainSeries).get(kind) : new Series();
                        Instant start = Instant.now();
                        runRound(pool, workload, kind, target, roundNumber, into);
                        if (measured) {
                            windows.add(new Window(target.guarded(), start, Instant.now(), into));
                        }
                    }
                }
                System.err.printf(Locale.ROOT, "  %d session(s): round %d of %d done (%s)%n", n, round + 1,
                        warmupRounds + measuredRounds, MachineLoad.now());
            }
            // The guard times, read once per level (each read dumps the gateway's JFR recording) and given to the
            // kind whose round was running when the statement's call started.
            attribute(guardedProcess.guardTimes(), true, windows);
            if (plainIsGuarded) {
                attribute(plainProcess.guardTimes(), false, windows);
            }
            LevelResult.ThreadCpu threadCpu = new LevelResult.ThreadCpu(System.nanoTime() - cpuStart,
                    since(plainCpuBefore, plainProcess.threadCpu()), since(guardedCpuBefore, guardedProcess.threadCpu()));
            LevelResult.Heap plainHeap = plainProcess.heapAfterGc();
            LevelResult.Heap guardedHeap = guardedProcess.heapAfterGc();
            return new LevelResult(n, measuredRounds, warmupRounds, before, MachineLoad.now(), plainSeries,
                    guardedSeries, plainHeap, guardedHeap, busyStarts, threadCpu);
        } finally {
            pool.shutdownNow();
            closeAll(plain);
            closeAll(guarded);
        }
    }

    /** A measured round of one gateway: from its first request to its last answer, and where its latencies went. */
    record Window(boolean guarded, Instant start, Instant end, Series into) {}

    /** How far a JFR event's start may lie outside its round on the client's clock (two clocks of one machine). */
    static final Duration WINDOW_SLACK = Duration.ofMillis(100);

    /**
     * Adds each of {@code times} to the series of the round of that gateway ({@code guarded}) during which its call
     * started, give or take {@link #WINDOW_SLACK} (two rounds of one gateway are further apart: each waits for both
     * gateways to be idle for 200 ms first).
     */
    static void attribute(List<GatewayProcess.TimedGuardTime> times, boolean guarded, List<Window> windows) {
        for (GatewayProcess.TimedGuardTime t : times) {
            for (Window w : windows) {
                if (w.guarded() == guarded && !t.start().isBefore(w.start().minus(WINDOW_SLACK))
                        && !t.start().isAfter(w.end().plus(WINDOW_SLACK))) {
                    w.into().addGuardTimes(List.of(t.time()));
                    break;
                }
            }
        }
    }

    /** The CPU time each thread group used between two readings (a group new since {@code before} counts from 0). */
    static Map<String, Long> since(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> used = new TreeMap<>();
        after.forEach((group, ns) -> used.put(group, Math.max(0, ns - before.getOrDefault(group, 0L))));
        return used;
    }

    private boolean awaitIdle(GatewayProcess process) throws Exception {
        long waited = process.awaitIdle(idleMillis);
        if (waited < 0) {
            System.err.printf(Locale.ROOT, "  %s gateway still busy after %d ms; starting the round anyway%n",
                    process.name(), -waited);
        }
        return waited >= 0;
    }

    private Target open(String name, boolean isGuarded, GatewayProcess process, Workload workload, int n)
            throws Exception {
        GatewayRestClient client = process.client();
        StatementRunner runner = new StatementRunner(client, pollMicros, Duration.ofSeconds(timeoutSeconds));
        List<RestSession> list = new ArrayList<>();
        List<RestSession> untimed = new ArrayList<>();
        boolean anyUntimed = kinds.stream().anyMatch(Kind::untimed);
        for (int s = 0; s < n; s++) {
            list.add(setUp(client, runner, name, workload.setup(s)));
            if (anyUntimed) {
                untimed.add(setUp(client, runner, name, workload.untimedSetup(s)));
            }
        }
        return new Target(name, isGuarded, runner, list, untimed);
    }

    /** A new session of {@code client} after {@code setup}. */
    private static RestSession setUp(GatewayRestClient client, StatementRunner runner, String name, List<String> setup)
            throws Exception {
        RestSession session = client.openSession(Map.of());
        for (String statement : setup) {
            StatementRunner.Outcome outcome = runner.run(session, statement, Map.of());
            if (outcome.failed() || outcome.timedOut()) {
                throw new IllegalStateException("Setup failed on " + name + ": " + statement + "\n" + outcome);
            }
        }
        return session;
    }

    private void runRound(ExecutorService pool, Workload workload, Kind kind, Target target, int round, Series into)
            throws Exception {
        List<Future<Integer>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int s = 0; s < target.sessions().size(); s++) {
            List<Step> steps = workload.steps(kind, s, round);
            RestSession session = target.sessionsOf(kind).get(s);
            futures.add(pool.submit(() -> runSteps(steps, session, target, into)));
        }
        long statements = 0;
        for (Future<Integer> future : futures) {
            statements += future.get();
        }
        into.addRound(statements, System.nanoTime() - start);
    }

    private int runSteps(List<Step> steps, RestSession session, Target target, Series into) throws Exception {
        for (Step step : steps) {
            StatementRunner.Outcome outcome =
                    target.runner().run(session, step.sql(target.guarded()), step.executionConfig());
            String problem = problem(step.expectFailure(target.guarded()), outcome);
            if (problem != null) {
                System.err.printf(Locale.ROOT, "  unexpected on %s, %s: %s%n", target.name(), step.kind().label(),
                        problem.length() > 300 ? problem.substring(0, 300) + "..." : problem);
            }
            into.add(outcome.elapsedNanos(), problem);
            into.addPath(outcome.submitNanos(), outcome.fetches());
        }
        return steps.size();
    }

    /** What went unexpectedly with one statement, or null. */
    static String problem(boolean expectFailure, StatementRunner.Outcome outcome) {
        if (outcome.timedOut()) {
            return "timed out";
        }
        if (outcome.failed() != expectFailure) {
            return outcome.failed() ? outcome.error() : "ran although the guard should refuse it";
        }
        return null;
    }

    private static void closeAll(Target target) {
        List<RestSession> all = new ArrayList<>(target.sessions());
        all.addAll(target.untimed());
        for (RestSession session : all) {
            try {
                session.close();
            } catch (Exception e) {
                System.err.println("Could not close a session of " + target.name() + ": " + e);
            }
        }
    }
}
