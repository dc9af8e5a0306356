package io.github.sqlguard.install;

import io.github.sqlguard.testing.JavaProcess;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A Flink installation laid out by the build from Maven Central ({@code install-test/pom.xml}) as
 * the distribution lays it out: {@code lib/} with the jars it ships, {@code opt/} with the SQL
 * Gateway and SQL Client jars, and {@code flink-dist/}, the modules {@code lib/flink-dist-*.jar}
 * bundles (not served by Maven Central) standing in for it. Its processes are started with the
 * classpath Flink's scripts build: {@code lib/*} in order, the {@code opt/} jar of the entry
 * point, the flink-dist stand-ins last; and its logging is Flink's: Log4j 2 with {@code
 * conf/log4j.properties}.
 */
final class FlinkInstallation {

    private final Path home;
    /** Where {@code conf/} and {@code log/} are: the installation's own directory, or another (a second instance). */
    private final Path instance;

    private FlinkInstallation(Path home, Path instance) {
        this.home = home;
        this.instance = instance;
    }

    /** The installation the build laid out under {@code sql-guard.install.dir}. */
    static FlinkInstallation laidOutByTheBuild() {
        return laidOutAt("sql-guard.install.dir");
    }

    /**
     * The installation the build laid out under the directory system property {@code property}
     * ({@code sql-guard.install.dir.flink-1.20}: the stock 1.20 installation of the 2.3 build,
     * module {@code install-test-flink-1.20}).
     */
    static FlinkInstallation laidOutAt(String property) {
        String dir = System.getProperty(property);
        if (dir == null) {
            throw new IllegalStateException("No system property " + property + ": run the test with Maven (install-test/pom.xml).");
        }
        Path home = Path.of(dir).toAbsolutePath();
        if (!Files.isDirectory(home.resolve("lib")) || !Files.isDirectory(home.resolve("flink-dist"))) {
            throw new IllegalStateException(
                    "No Flink installation at " + home + ": it is laid out at 'package' (mvn verify -pl install-test -am).");
        }
        return new FlinkInstallation(home, home);
    }

    /**
     * The same installation with its {@code conf/} and {@code log/} in {@code dir} instead (as {@code
     * FLINK_CONF_DIR} and {@code FLINK_LOG_DIR} place them): a second process of it with its own
     * configuration.
     */
    FlinkInstallation withConfAndLogIn(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("conf"));
        Files.createDirectories(dir.resolve("log"));
        return new FlinkInstallation(home, dir.toAbsolutePath());
    }

    Path home() {
        return home;
    }

    Path lib() {
        return home.resolve("lib");
    }

    Path conf() {
        return instance.resolve("conf");
    }

    Path log() {
        return instance.resolve("log");
    }

    /** Removes what an earlier run added: guard jars in lib/, conf/ and log/. */
    void reset() throws IOException {
        try (Stream<Path> jars = Files.list(lib())) {
            for (Path jar : jars.filter(j -> j.getFileName().toString().startsWith("flink-sql-guard")).toList()) {
                Files.delete(jar);
            }
        }
        deleteTree(conf());
        deleteTree(log());
        Files.createDirectories(conf());
        Files.createDirectories(log());
    }

    /** Step 1 of the installation: the drop-in jar into lib/. */
    void addToLib(Path jar) throws IOException {
        Files.copy(jar, lib().resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }

    /** Writes {@code conf/config.yaml}. */
    void writeConfig(String yaml) throws IOException {
        Files.writeString(conf().resolve("config.yaml"), yaml, StandardCharsets.UTF_8);
    }

    /** Writes {@code conf/log4j.properties}: Flink's default, then each of {@code appended}. */
    void writeLog4jProperties(List<Path> appended) throws IOException {
        StringBuilder text = new StringBuilder();
        try (InputStream in = FlinkInstallation.class.getResourceAsStream("/flink-default-log4j.properties")) {
            text.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        for (Path file : appended) {
            text.append('\n').append(Files.readString(file, StandardCharsets.UTF_8));
        }
        Files.writeString(conf().resolve("log4j.properties"), text.toString(), StandardCharsets.UTF_8);
    }

    /**
     * The classpath Flink's scripts build: every jar of lib/ in name order, the entry point's jars
     * from opt/ in the order given ({@code bin/sql-gateway.sh}: {@code flink-sql-gateway}; {@code
     * bin/sql-client.sh}: {@code flink-sql-gateway}, {@code flink-sql-client}), then the flink-dist
     * stand-ins.
     */
    String classpath(String... optJarPrefixes) throws IOException {
        return classpath(true, optJarPrefixes);
    }

    /**
     * As {@link #classpath(String...)}, without the guard's jars in lib/ when {@code withGuard} is
     * false: the stock installation, the drop-in jar removed.
     */
    String classpath(boolean withGuard, String... optJarPrefixes) throws IOException {
        List<String> entries = new ArrayList<>(jars(lib()).stream()
                .filter(j -> withGuard || !Path.of(j).getFileName().toString().startsWith("flink-sql-guard"))
                .toList());
        List<String> opt = jars(home.resolve("opt"));
        for (String prefix : optJarPrefixes) {
            entries.addAll(opt.stream().filter(j -> Path.of(j).getFileName().toString().startsWith(prefix + "-")).toList());
        }
        entries.addAll(jars(home.resolve("flink-dist")));
        return String.join(java.io.File.pathSeparator, entries);
    }

    /**
     * Starts {@code mainClass} as Flink's scripts do: {@code FLINK_CONF_DIR} set, Log4j 2 reading
     * {@code conf/log4j.properties} with {@code log.file} in {@code log/}; stdout and stderr to
     * {@code log/<name>.out}.
     */
    JavaProcess start(String name, String optJarPrefix, String mainClass, List<String> args) throws IOException {
        return JavaProcess.start(
                name, classpath(optJarPrefix), jvmArgs(name), Map.of("FLINK_CONF_DIR", conf().toString()),
                log().resolve(name + ".out"), mainClass, args);
    }

    /** Flink's log file of the process {@code name}. */
    Path logFile(String name) {
        return log().resolve("flink-" + name + ".log");
    }

    List<String> jvmArgs(String name) {
        String log4j = "file:" + conf().resolve("log4j.properties");
        return List.of(
                "-Xmx1g",
                "-Dlog.file=" + logFile(name),
                "-Dlog4j.configuration=" + log4j,
                "-Dlog4j.configurationFile=" + log4j);
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static List<String> jars(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar"))
                    .map(Path::toString)
                    .sorted()
                    .toList();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.delete(file);
            }
        }
    }
}
