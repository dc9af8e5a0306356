package io.github.sqlguard.testing;

import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A real standalone Flink session cluster: one JobManager ({@code
 * StandaloneSessionClusterEntrypoint}) and one TaskManager ({@code TaskManagerRunner}), each its
 * own JVM started from the test classpath with {@code --configDir}, bound to 127.0.0.1 on free
 * ports, one slot, small memory. Started as a distribution's scripts are not used, the TaskManager
 * gets every {@code taskmanager.memory.*} size explicitly. Logs go to {@code <dir>/log/}.
 */
public final class StandaloneCluster implements AutoCloseable {

    /** The cluster the restore tests of this JVM share ({@link #forRestores}). */
    private static StandaloneCluster forRestores;

    /**
     * The TaskManager slots of the restore cluster ({@link #forRestores}): {@code StateChangesIT} runs
     * that many change pairs at once, one job each.
     */
    public static final int RESTORE_SLOTS = 4;

    private final Path dir;
    private final int restPort;
    private final List<JavaProcess> processes = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private StandaloneCluster(Path dir, int restPort) {
        this.dir = dir;
        this.restPort = restPort;
    }

    /**
     * Writes {@code <dir>/conf/config.yaml}, starts the JobManager and the TaskManager and waits
     * until the TaskManager has registered its slot (at most {@code timeout}). On failure the
     * processes are stopped and their log tails are in the exception message.
     */
    public static StandaloneCluster start(Path dir, Duration timeout) throws Exception {
        return start(dir, timeout, Map.of());
    }

    /**
     * The cluster every restore test of this JVM shares (started on first use, stopped when the JVM
     * exits; callers must not close it): no restart strategy, so a job that fails after it started
     * ends as FAILED, and a savepoint directory ({@link #savepointDirectory}). {@link #RESTORE_SLOTS}
     * slots: {@code StateChangesIT} runs that many pairs at once (their jobs mostly wait for a
     * checkpoint or a savepoint), and a job a failed test left running does not starve the next test.
     * Its REST API answers from caches of 100 ms ({@code web.refresh-interval}), not 3 s.
     */
    public static synchronized StandaloneCluster forRestores(Duration timeout) throws Exception {
        if (forRestores == null) {
            Path dir = Path.of("target", "restore-cluster").toAbsolutePath();
            String savepoints = dir.resolve("savepoints").toUri().toString();
            StandaloneCluster cluster = start(dir, timeout, Map.of(
                    "restart-strategy.type", "none",
                    "taskmanager.numberOfTaskSlots", String.valueOf(RESTORE_SLOTS),
                    // The JobManager's REST API answers a job's state and its checkpoint counts from
                    // caches whose entries live web.refresh-interval (WebOptions#REFRESH_INTERVAL, 3 s by
                    // default): the execution graph cache (1.20: RestEndpointFactory#createExecutionGraphCache;
                    // 2.3: rest.cache.execution-graph.timeout, unset, falls back to it in
                    // RestHandlerConfiguration#fromConfiguration) and the checkpoint statistics cache
                    // (RestOptions#CACHE_CHECKPOINT_STATISTICS_TIMEOUT, whose fallback key it is, both
                    // lines). A restore test waiting for RUNNING with a completed checkpoint, or for
                    // CANCELED, saw it up to 3 s late, twice per savepoint and restore.
                    "web.refresh-interval", "100 ms",
                    "execution.checkpointing.savepoint-dir", savepoints,
                    "state.savepoints.dir", savepoints));
            Runtime.getRuntime().addShutdownHook(new Thread(cluster::close, "sql-guard-test-restore-cluster-stop"));
            forRestores = cluster;
        }
        return forRestores;
    }

    /** Where this cluster's savepoints go, as a URI ({@link #forRestores}'s cluster only). */
    public String savepointDirectory() {
        return dir.resolve("savepoints").toUri().toString();
    }

    /**
     * As {@link #start(Path, Duration)}, with {@code extraConfig} in the cluster's {@code config.yaml}
     * (checkpoint and savepoint directories, more slots, a restart strategy).
     */
    public static StandaloneCluster start(Path dir, Duration timeout, Map<String, String> extraConfig) throws Exception {
        return start(dir, timeout, extraConfig, null);
    }

    /**
     * The JVMs of a cluster started from another classpath than the test's: a Flink installation's
     * (its {@code lib/} and {@code flink-dist}, another Flink version's included), with the JVM flags
     * given (its logging configuration among them). Whatever the JVMs write goes to {@code
     * <dir>/log/<jobmanager|taskmanager>.log}.
     */
    public record Launcher(String classpath, List<String> jvmArgs) {}

    /**
     * As {@link #start(Path, Duration, Map)}, the JobManager and TaskManager started by {@code
     * launcher} (the test classpath with Logback when it is null).
     */
    public static StandaloneCluster start(Path dir, Duration timeout, Map<String, String> extraConfig, Launcher launcher)
            throws Exception {
        int restPort = freePort();
        StandaloneCluster cluster = new StandaloneCluster(dir.toAbsolutePath(), restPort);
        try {
            cluster.startProcesses(freePort(), extraConfig, launcher);
            await("TaskManager registered at the JobManager")
                    .atMost(timeout)
                    .pollInterval(Duration.ofMillis(500))
                    .until(cluster::registeredSlots, slots -> slots >= 1);
        } catch (Throwable e) {
            AssertionError failure = new AssertionError("Flink cluster did not start:\n" + cluster.logTails(), e);
            cluster.close();
            throw failure;
        }
        return cluster;
    }

    private void startProcesses(int rpcPort, Map<String, String> extraConfig, Launcher launcher) throws IOException {
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path logs = Files.createDirectories(dir.resolve("log"));
        Map<String, String> config = new LinkedHashMap<>();
        config.put("jobmanager.rpc.address", "127.0.0.1");
        config.put("jobmanager.rpc.port", String.valueOf(rpcPort));
        config.put("jobmanager.bind-host", "127.0.0.1");
        config.put("jobmanager.memory.process.size", "768m");
        config.put("rest.address", "127.0.0.1");
        config.put("rest.bind-address", "127.0.0.1");
        config.put("rest.port", String.valueOf(restPort));
        config.put("taskmanager.host", "127.0.0.1");
        config.put("taskmanager.bind-host", "127.0.0.1");
        config.put("taskmanager.numberOfTaskSlots", "1");
        config.put("parallelism.default", "1");
        // What flink-dist's scripts would compute (BashJavaUtils); a TaskManagerRunner started
        // directly needs them set.
        config.put("taskmanager.cpu.cores", "1");
        config.put("taskmanager.memory.task.heap.size", "256m");
        config.put("taskmanager.memory.managed.size", "64m");
        config.put("taskmanager.memory.network.min", "32m");
        config.put("taskmanager.memory.network.max", "32m");
        config.put("taskmanager.memory.framework.heap.size", "64m");
        config.put("taskmanager.memory.framework.off-heap.size", "64m");
        config.put("taskmanager.memory.task.off-heap.size", "0m");
        config.put("taskmanager.memory.jvm-metaspace.size", "256m");
        config.put("taskmanager.memory.jvm-overhead.min", "64m");
        config.put("taskmanager.memory.jvm-overhead.max", "64m");
        config.put("io.tmp.dirs", tmp.toString());
        config.put("blob.server.port", "0");
        config.put("taskmanager.rpc.port", "0");
        config.put("taskmanager.data.port", "0");
        config.putAll(extraConfig);
        Files.writeString(
                conf.resolve("config.yaml"),
                config.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).collect(Collectors.joining("\n", "", "\n")));
        Path logback = conf.resolve("logback-cluster.xml");
        Files.writeString(
                logback,
                "<configuration>\n"
                        + "  <appender name=\"OUT\" class=\"ch.qos.logback.core.ConsoleAppender\">\n"
                        + "    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{36} - %msg%n</pattern></encoder>\n"
                        + "  </appender>\n"
                        + "  <logger name=\"org.apache.flink.runtime.metrics\" level=\"WARN\"/>\n"
                        + "  <root level=\"INFO\"><appender-ref ref=\"OUT\"/></root>\n"
                        + "</configuration>\n");
        List<String> jvm = new ArrayList<>(List.of("-Xmx400m", "-XX:+UseSerialGC"));
        String classpath = System.getProperty("java.class.path");
        if (launcher == null) {
            jvm.add("-Dlogback.configurationFile=" + logback);
        } else {
            jvm.addAll(launcher.jvmArgs());
            classpath = launcher.classpath();
        }
        List<String> args = List.of("--configDir", conf.toString());
        processes.add(
                JavaProcess.start("jobmanager", classpath, jvm, Map.of(), logs.resolve("jobmanager.log"),
                        "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint", args));
        processes.add(
                JavaProcess.start("taskmanager", classpath, jvm, Map.of(), logs.resolve("taskmanager.log"),
                        "org.apache.flink.runtime.taskexecutor.TaskManagerRunner", args));
    }

    /** The JobManager's REST port ({@code rest.port} for a client of this cluster). */
    public int restPort() {
        return restPort;
    }

    /** The gateway options that send jobs to this cluster. */
    public Map<String, String> clientConfig() {
        return Map.of(
                "execution.target", "remote",
                "rest.address", "127.0.0.1",
                "rest.port", String.valueOf(restPort));
    }

    /**
     * Slots the JobManager knows of ({@code GET /overview}), 0 while its REST API does not answer;
     * fails when a process has died.
     */
    int registeredSlots() throws InterruptedException {
        for (JavaProcess process : processes) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Flink process exited:\n" + process.tail(60));
            }
        }
        try {
            return get("/overview").path("slots-total").asInt();
        } catch (IOException | IllegalStateException notYet) {
            // The JobManager is still starting: its REST endpoint is not bound or not ready.
            return 0;
        }
    }

    /** Every job of the cluster, id to state ({@code GET /jobs/overview}). */
    public Map<String, String> jobs() throws Exception {
        Map<String, String> jobs = new LinkedHashMap<>();
        for (JsonNode job : get("/jobs/overview").path("jobs")) {
            jobs.put(job.path("jid").asText(), job.path("state").asText());
        }
        return jobs;
    }

    /** Cancels a job ({@code PATCH /jobs/:jobid?mode=cancel}); it is CANCELED soon after. */
    public void cancel(String jobId) throws IOException, InterruptedException {
        HttpResponse<String> response =
                http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + restPort + "/jobs/" + jobId + "?mode=cancel"))
                                .timeout(Duration.ofSeconds(20))
                                .method("PATCH", HttpRequest.BodyPublishers.noBody())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 202) {
            throw new IllegalStateException("Cancelling job " + jobId + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    /** A GET of the JobManager's REST API. */
    public JsonNode get(String path) throws IOException, InterruptedException {
        HttpResponse<String> response =
                http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + restPort + path))
                                .timeout(Duration.ofSeconds(20))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET " + path + " answered " + response.statusCode() + ": " + response.body());
        }
        return GatewayRestClient.JSON.readTree(response.body());
    }

    /** A PATCH of the JobManager's REST API (cancelling a job: {@code /jobs/<id>?mode=cancel}). */
    public void patch(String path) throws IOException, InterruptedException {
        HttpResponse<String> response =
                http.send(
                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + restPort + path))
                                .timeout(Duration.ofSeconds(20))
                                .method("PATCH", HttpRequest.BodyPublishers.noBody())
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException("PATCH " + path + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    /**
     * A JUnit watcher that prints the JobManager's and TaskManager's log tails when a test fails
     * ({@code @RegisterExtension}), for the cluster {@code cluster} holds then (none yet: nothing).
     */
    public static TestWatcher logsOnFailure(Supplier<StandaloneCluster> cluster) {
        return new TestWatcher() {
            @Override
            public void testFailed(ExtensionContext context, Throwable cause) {
                if (cluster.get() != null) {
                    System.err.println(cluster.get().logTails());
                }
            }
        };
    }

    /** The JobManager's log as written so far. */
    public String jobManagerLog() throws IOException {
        return Files.readString(dir.resolve("log").resolve("jobmanager.log"));
    }

    /** The last lines of the JobManager's and the TaskManager's logs. */
    public String logTails() {
        return processes.stream().map(p -> p.tail(80)).collect(Collectors.joining("\n"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** Stops the TaskManager, then the JobManager. */
    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            processes.get(i).close();
        }
    }
}
