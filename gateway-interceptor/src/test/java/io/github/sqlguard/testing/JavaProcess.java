package io.github.sqlguard.testing;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A JVM started from the test classpath with the {@code --add-opens} flags of the test JVM and the JIT
 * level the root pom gives the JVMs tests start ({@code test.child.jit}: C1 only), its stdout and
 * stderr written to one log file. Stopping it
 * destroys the process and its descendants; a JVM shutdown hook does the same if the test JVM ends
 * first, so no process outlives the build.
 */
public final class JavaProcess implements AutoCloseable {

    private final String name;
    private final Process process;
    private final Path log;
    private final Thread shutdownHook;

    private JavaProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.shutdownHook = new Thread(this::destroy, "stop-" + name);
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /**
     * Starts {@code mainClass} with {@code args}.
     *
     * @param name a short name for messages
     * @param jvmArgs extra JVM flags, e.g. {@code -Xmx512m}
     * @param environment extra environment variables
     * @param log the file that receives stdout and stderr (created, parent directories too)
     */
    public static JavaProcess start(
            String name, List<String> jvmArgs, Map<String, String> environment, Path log, String mainClass,
            List<String> args) throws IOException {
        return start(name, System.getProperty("java.class.path"), jvmArgs, environment, log, mainClass, args);
    }

    /**
     * Starts {@code mainClass} with {@code args} on {@code classpath} instead of the test classpath,
     * e.g. the classpath a Flink installation's scripts build; otherwise as {@link #start(String,
     * List, Map, Path, String, List)}.
     */
    public static JavaProcess start(
            String name, String classpath, List<String> jvmArgs, Map<String, String> environment, Path log,
            String mainClass, List<String> args) throws IOException {
        return start(name, List.of(), classpath, jvmArgs, environment, log, mainClass, args);
    }

    /**
     * As {@link #start(String, String, List, Map, Path, String, List)}, the {@code java} command run
     * by {@code wrapper} (its words come first, the {@code java} command's after them), e.g. a shell
     * that sets a resource limit and then {@code exec}s its arguments.
     */
    public static JavaProcess start(
            String name, List<String> wrapper, String classpath, List<String> jvmArgs, Map<String, String> environment,
            Path log, String mainClass, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(wrapper);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(inheritedFlags());
        // The test JVM's temporary directory (the module's target/test-tmp): what a child's local
        // MiniClusters leave behind goes with the build.
        command.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.addAll(args);
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        return new JavaProcess(name, builder.start(), log);
    }

    /**
     * Runs {@code mainClass} to its end and returns its output; fails (after destroying it) when it
     * runs longer than {@code timeout}.
     */
    public static String run(
            String name, Map<String, String> environment, Path log, Duration timeout, String mainClass,
            List<String> args) throws Exception {
        return run(name, System.getProperty("java.class.path"), List.of(), environment, log, timeout, mainClass, args);
    }

    /** Runs {@code mainClass} on {@code classpath} to its end; see {@link #run(String, Map, Path, Duration, String, List)}. */
    public static String run(
            String name, String classpath, List<String> jvmArgs, Map<String, String> environment, Path log,
            Duration timeout, String mainClass, List<String> args) throws Exception {
        try (JavaProcess process = start(name, classpath, jvmArgs, environment, log, mainClass, args)) {
            if (!process.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError(name + " did not finish within " + timeout + ":\n" + process.output());
            }
            return process.output();
        }
    }

    /**
     * The flags a JVM the test starts takes: this (the test) JVM's {@code --add-opens} flags, and the
     * JIT level of {@value #CHILD_JIT} (the root pom's {@code test.child.jit}: C1 only, for JVMs that
     * live from seconds to a few minutes beside the test JVM), or where that is not set (a run outside
     * Maven) this JVM's own {@code -XX:TieredStopAtLevel}.
     */
    public static List<String> inheritedFlags() {
        String childJit = System.getProperty(CHILD_JIT);
        List<String> flags = new ArrayList<>();
        for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("--add-opens") || (childJit == null && flag.startsWith("-XX:TieredStopAtLevel="))) {
                flags.add(flag);
            }
        }
        if (childJit != null) {
            flags.add(childJit);
        }
        return flags;
    }

    /** The system property that names the JIT flag of the JVMs tests start (the root pom's {@code test.child.jit}). */
    static final String CHILD_JIT = "sql-guard.test.child-jit";

    /** Waits for the process to end, at most {@code timeout}; true when it has ended. */
    public boolean waitFor(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The exit value of a process that has ended. */
    public int exitValue() {
        return process.exitValue();
    }

    /** The process id (the {@code java} command's, when a wrapper {@code exec}s it). */
    public long pid() {
        return process.pid();
    }

    /** True while the process runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Everything the process wrote so far. */
    public String output() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    /** The last {@code lines} lines of its output, headed by the process name and log file. */
    public String tail(int lines) {
        try {
            List<String> all = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
            List<String> last = all.subList(Math.max(0, all.size() - lines), all.size());
            return "---- last " + last.size() + " lines of " + name + " (" + log + ")"
                    + (process.isAlive() ? "" : ", exited " + process.exitValue()) + " ----\n"
                    + String.join("\n", last);
        } catch (IOException e) {
            return "---- " + name + ": cannot read " + log + ": " + e;
        }
    }

    private void destroy() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Kills the process at once (SIGKILL, {@code Process#destroyForcibly}): no shutdown hook of it
     * runs, nothing it buffered is written; returns when it has exited.
     */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    /** Stops the process (SIGTERM, then SIGKILL after 10 s) and removes its shutdown hook. */
    @Override
    public void close() {
        destroy();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // The JVM is shutting down: the hook is running or has run; the process is stopped either way.
        }
    }
}
