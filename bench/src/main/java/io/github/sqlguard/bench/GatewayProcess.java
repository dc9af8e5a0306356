package io.github.sqlguard.bench;

import io.github.sqlguard.testing.GatewayRestClient;
import io.github.sqlguard.testing.GuardedGateway;
import org.apache.flink.util.FileUtils;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The harness's handle on one gateway JVM ({@link ServeCommand}) started from the same classpath
 * with the same JVM options as the other one. Its standard error goes to {@code <logDir>/<name>.err},
 * its gateway log and audit under {@code <logDir>/<name>/}.
 */
final class GatewayProcess implements AutoCloseable {

    /** The module opens Flink needs, as bin/config.sh passes them (and the root pom's surefire.argLine). */
    static final List<String> FLINK_OPENS =
            List.of(
                    "java.base/java.lang", "java.base/java.util", "java.base/java.util.concurrent", "java.base/java.net",
                    "java.base/java.io", "java.base/java.nio", "java.base/sun.nio.ch", "java.base/java.lang.reflect",
                    "java.base/java.text", "java.base/java.time", "java.base/java.util.concurrent.atomic",
                    "java.base/java.util.concurrent.locks", "java.base/java.math", "java.base/java.lang.invoke",
                    "java.sql/java.sql");

    private final String name;
    private final Process process;
    private final Writer stdin;
    private final BlockingQueue<String> replies = new LinkedBlockingQueue<>();
    private final int port;
    /** The gateway JVM's java.io.tmpdir, deleted when it has stopped. */
    private final Path tmp;

    private GatewayProcess(String name, Process process, Path tmp) throws Exception {
        this.name = name;
        this.process = process;
        this.tmp = tmp;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readReplies, "gateway-" + name + "-stdout");
        reader.setDaemon(true);
        reader.start();
        String ready = reply("READY", 180);
        this.port = Integer.parseInt(ready.substring("READY ".length()).strip());
    }

    /** Starts a gateway JVM with endpoint {@code endpoint} and waits until it listens. */
    static GatewayProcess start(String name, String endpoint, String heap, Path logDir) throws Exception {
        return start(name, endpoint, heap, List.of(), logDir);
    }

    /**
     * Starts a gateway JVM with endpoint {@code endpoint} and the extra JVM options {@code
     * jvmOptions} (e.g. {@code -XX:MaxDirectMemorySize=6g}) and waits until it listens.
     */
    static GatewayProcess start(String name, String endpoint, String heap, List<String> jvmOptions, Path logDir)
            throws Exception {
        return start(name, endpoint, heap, jvmOptions, Map.of(), logDir);
    }

    /**
     * Starts a gateway JVM as above, with the Flink options {@code config} (KEY=VALUE, e.g. {@code
     * sql-guard.observe.enabled=true}) on top of the harness's own.
     */
    static GatewayProcess start(String name, String endpoint, String heap, List<String> jvmOptions,
            Map<String, String> config, Path logDir) throws Exception {
        return start(name, endpoint, heap, jvmOptions, config, System.getProperty("java.class.path"), logDir);
    }

    /**
     * Starts a gateway JVM as above, from {@code classPath} (e.g. an earlier build's bench jar, whose
     * manifest names its own {@code lib/}) instead of the harness's own class path.
     */
    static GatewayProcess start(String name, String endpoint, String heap, List<String> jvmOptions,
            Map<String, String> config, String classPath, Path logDir) throws Exception {
        Path own = logDir.resolve(name).toAbsolutePath();
        Files.createDirectories(own);
        // Its own temporary directory, deleted on close: each job's local MiniCluster copies Flink's
        // 23 MB RPC jar into java.io.tmpdir and deletes it only when the cluster closes, so the jobs
        // still running when the gateway stops would otherwise leave theirs in /tmp.
        Path tmp = Files.createDirectories(own.resolve("tmp"));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xms" + heap);
        command.add("-Xmx" + heap);
        command.add("-XX:+UseG1GC");
        // Every page of the heap touched at start: otherwise a gateway whose G1 grew a large young generation
        // takes a page fault for each new page of it during the measured rounds (system time on the allocating
        // threads, Flink's per-statement ServiceLoader scan first), and the other gateway, collecting a small
        // one, does not: one of two identical gateway JVMs was 1.3-5x slower for the same statements
        // (bench/results/2026-12-02-gateway-latency-r34.md).
        command.add("-XX:+AlwaysPreTouch");
        command.addAll(jvmOptions);
        FLINK_OPENS.forEach(o -> command.add("--add-opens=" + o + "=ALL-UNNAMED"));
        command.add("-Dsql-guard.log.dir=" + own);
        command.add("-Djava.io.tmpdir=" + tmp);
        command.add("-cp");
        command.add(classPath);
        command.add(BenchMain.class.getName());
        command.add("serve");
        command.add("--endpoint=" + endpoint);
        config.forEach((key, value) -> command.add("--config=" + key + "=" + value));
        Process process =
                new ProcessBuilder(command)
                        .directory(GuardedGateway.projectRoot().toFile())
                        .redirectError(logDir.resolve(name + ".err").toFile())
                        .start();
        return new GatewayProcess(name, process, tmp);
    }

    String name() {
        return name;
    }

    GatewayRestClient client() {
        return new GatewayRestClient(port);
    }

    /** Heap in use after a full GC, and committed heap (see {@link ServeCommand}). */
    LevelResult.Heap heapAfterGc() throws Exception {
        send("heap");
        String[] parts = reply("HEAP", 120).split("\\s+");
        return new LevelResult.Heap(Long.parseLong(parts[1]), Long.parseLong(parts[2]));
    }

    /** Starts a new span of {@link #guardTimes()} (guarded gateway only). */
    void markGuardTimes() throws Exception {
        send("guard-mark");
        reply("MARK", 60);
    }

    /** A statement's guard time and when its call started (the gateway's clock, the machine's). */
    record TimedGuardTime(Instant start, GuardTime time) {}

    /**
     * The guard time of each statement since {@link #markGuardTimes()} and when it started, from the
     * gateway's {@code io.github.sqlguard.Statement} JFR events; empty for the plain gateway.
     */
    List<TimedGuardTime> guardTimes() throws Exception {
        send("guard-times");
        String times = reply("GUARD", 120).substring("GUARD".length()).strip();
        List<TimedGuardTime> out = new ArrayList<>();
        if (!times.isEmpty()) {
            for (String t : times.split(",")) {
                int at = t.indexOf('@');
                long nanos = Long.parseLong(t.substring(0, at).strip());
                out.add(new TimedGuardTime(Instant.ofEpochSecond(0, nanos), GuardTime.ofWire(t.substring(at + 1))));
            }
        }
        return out;
    }

    /** The CPU time each group of the gateway JVM's threads has used so far, ns by group ({@link ServeCommand#threadGroup}). */
    Map<String, Long> threadCpu() throws Exception {
        send("threads");
        String listed = reply("THREADS", 60).substring("THREADS".length()).strip();
        Map<String, Long> cpu = new TreeMap<>();
        if (!listed.isEmpty()) {
            for (String entry : listed.split(";")) {
                int eq = entry.lastIndexOf('=');
                cpu.put(entry.substring(0, eq), Long.parseLong(entry.substring(eq + 1)));
            }
        }
        return cpu;
    }

    /**
     * Waits until the gateway JVM is idle (its own CPU use below 10 % of a core over two windows of
     * 100 ms: jobs that outlive their statement, such as a submitted INSERT or a cancelled query, have
     * ended) or {@code maxMillis} have passed. Returns the milliseconds waited, negative when it was
     * still busy at the end.
     */
    long awaitIdle(long maxMillis) throws Exception {
        send("idle " + maxMillis);
        String[] parts = reply("IDLE", (int) (maxMillis / 1000) + 60).split("\\s+");
        return Long.parseLong(parts[1]);
    }

    private void send(String command) throws IOException {
        stdin.write(command + "\n");
        stdin.flush();
    }

    private String reply(String prefix, int timeoutSeconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSeconds);
        while (System.nanoTime() < deadline) {
            String line = replies.poll(1, TimeUnit.SECONDS);
            if (line != null && line.startsWith(prefix + " ")) {
                return line;
            }
            if (line == null && !process.isAlive()) {
                throw new IllegalStateException(
                        "Gateway process '" + name + "' exited with " + process.exitValue() + "; see its .err file.");
            }
        }
        throw new IllegalStateException("Gateway process '" + name + "' did not answer " + prefix + " in time.");
    }

    private void readReplies() {
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                replies.add(line);
            }
        } catch (IOException e) {
            // The process is gone; reply() reports it with its exit value.
            replies.add("EOF " + e.getMessage());
        }
    }

    @Override
    public void close() throws Exception {
        if (process.isAlive()) {
            send("stop");
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroy();
                process.waitFor(30, TimeUnit.SECONDS);
            }
        }
        if (!process.isAlive()) {
            FileUtils.deleteDirectoryQuietly(tmp.toFile());
        }
    }
}
