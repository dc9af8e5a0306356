package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The second JVM of lint's fast start: its flags, the archive it maps or writes, the options it keeps. */
class FastStartTest {

    @Test
    void aCommandLineTheJdkDoesNotReportIsRebuiltForAJvmStartedWithJar() {
        String[] args = {"lint", "-q", "a.sql", "b.sql"};
        String[] reported = {"-Xmx1g", "-jar", "cli.jar", "lint", "-q", "a.sql", "b.sql"};
        assertThat(FastStart.processArguments(java.util.Optional.of(reported), args, List::of, "cli.jar lint -q a.sql b.sql",
                "cli.jar")).contains(reported);
        // Over a page of /proc/<pid>/cmdline JDK 17 reports no arguments (ProcessHandle.Info#arguments empty): on main
        // the fast start was then off, lint ran in the first JVM.
        assertThat(FastStart.processArguments(java.util.Optional.empty(), args, () -> List.of("-Xmx1g", "-Dx=y"),
                "dist/cli.jar lint -q a.sql b.sql", "dist/cli.jar"))
                .hasValueSatisfying(rebuilt -> assertThat(rebuilt).containsExactly(
                        "-Xmx1g", "-Dx=y", "-jar", "dist/cli.jar", "lint", "-q", "a.sql", "b.sql"));
        // Started with a main class (java -cp cli.jar io.github.sqlguard.cli.SqlGuardCommand lint ...): no fast start, as before.
        assertThat(FastStart.processArguments(java.util.Optional.empty(), args, List::of,
                "io.github.sqlguard.cli.SqlGuardCommand lint -q a.sql b.sql", "cli.jar")).isEmpty();
        assertThat(FastStart.processArguments(java.util.Optional.empty(), args, List::of, null, "cli.jar")).isEmpty();
        assertThat(FastStart.processArguments(java.util.Optional.empty(), args, List::of, "cli.jar.x lint", "cli.jar")).isEmpty();
    }

    @Test
    void aLongCommandLineStillStartsLintsJvmWithTheFlags() {
        String[] args = new String[120];
        args[0] = "lint";
        for (int i = 1; i < args.length; i++) {
            args[i] = "/work/project/gateway-interceptor/src/test/resources/cases/" + i + "-a-long-case-script-name.sql";
        }
        String javaCommand = "/opt/cli.jar " + String.join(" ", args);
        assertThat(javaCommand).hasSizeGreaterThan(4096);
        java.util.Optional<String[]> process = FastStart.processArguments(java.util.Optional.empty(), args,
                () -> List.of("-Dsql-guard.fast-start.launch-file=/c/launch.args"), javaCommand, "/opt/cli.jar");
        java.util.Optional<List<String>> command = FastStart.command(args, Path.of("/usr/bin/java"), process.orElseThrow(),
                Path.of("/opt/cli.jar"), Path.of("/c/cli.jsa"), true, 1, 17, false);
        assertThat(command).hasValueSatisfying(c -> assertThat(c)
                .contains("-XX:TieredStopAtLevel=1", "-XX:SharedArchiveFile=/c/cli.jsa",
                        "-Dsql-guard.fast-start.launch-file=/c/launch.args", "-jar", "/opt/cli.jar")
                .endsWith(args));
    }

    @Test
    void aRunOfAFewSmallScriptsGetsC1sThresholdsRaisedAndNoOtherRun(@TempDir Path dir) throws Exception {
        Path one = Files.writeString(dir.resolve("one.sql"), "SELECT 1;\n");
        Path other = Files.writeString(dir.resolve("other.sql"), "x".repeat((int) FastStart.SMALL_RUN_BYTES - 5));
        Path big = Files.writeString(dir.resolve("big.sql"), "x".repeat((int) FastStart.SMALL_RUN_BYTES + 1));
        Path scripts = Files.createDirectory(dir.resolve("jobs"));
        String[] small = {"lint", "-q", one.toString()};
        List<String> command = FastStart.command(small, JAVA, lintCommandLine(small), JAR, ARCHIVE, true, 42, 17, false)
                .orElseThrow();
        assertThat(command).containsSequence("-Xmn192m", "-XX:CompileThresholdScaling=3");
        // the user's own options come after it, and win
        assertThat(command.indexOf("-XX:CompileThresholdScaling=3")).isLessThan(command.indexOf("-Dx=1"));

        for (String[] args : List.of(new String[] {"lint", "-q", one.toString(), other.toString()},
                new String[] {"lint", big.toString()}, new String[] {"lint", one.toString(), scripts.toString()},
                new String[] {"lint", "--since", "main"}, new String[] {"lint", "-i", big.toString(), one.toString()},
                new String[] {"lint", "missing.sql"})) {
            assertThat(FastStart.command(args, JAVA, lintCommandLine(args), JAR, ARCHIVE, true, 42, 17, false).orElseThrow())
                    .as(String.join(" ", args)).noneMatch(option -> option.contains("CompileThresholdScaling"));
        }
        assertThat(FastStart.smallRun(new String[] {"lint", one.toString(), dir.resolve("a.sql").toString()})).isTrue();
    }

    @Test
    void binSqlGuardShDecidesASmallRunAsTheJarDoes(@TempDir Path dir) throws Exception {
        Path script = Path.of("..", "bin", "sql-guard.sh").toAbsolutePath().normalize();
        String text = Files.readString(script);
        assertThat(text).contains("\nSMALL_RUN_BYTES=" + FastStart.SMALL_RUN_BYTES + "\n");
        String function = text.substring(text.indexOf("\nSMALL_RUN_BYTES="), text.indexOf("\n}\n", text.indexOf("small_run()")) + 3);
        Path one = Files.writeString(dir.resolve("one.sql"), "SELECT 1;\n");
        Path exact = Files.writeString(dir.resolve("exact.sql"), "x".repeat((int) FastStart.SMALL_RUN_BYTES - 10));
        Path big = Files.writeString(dir.resolve("big.sql"), "x".repeat((int) FastStart.SMALL_RUN_BYTES + 1));
        Path scripts = Files.createDirectory(dir.resolve("jobs"));
        for (List<String> args : List.of(List.of("-q", one.toString()), List.of(one.toString(), exact.toString()),
                List.of(exact.toString()), List.of(big.toString()), List.of(one.toString(), scripts.toString()),
                List.of("--since", "main"), List.of("-i", big.toString(), one.toString()), List.of("missing.sql"),
                List.of("--format", "json", "-o", one.toString()))) {
            List<String> command = new ArrayList<>(List.of("bash", "-c", function + "\nsmall_run \"$@\"", "small_run"));
            command.addAll(args);
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            List<String> lint = new ArrayList<>(List.of("lint"));
            lint.addAll(args);
            assertThat(process.waitFor() == 0).as(args + ": " + out).isEqualTo(FastStart.smallRun(lint.toArray(String[]::new)));
        }
    }

    /** The first JVM's arguments after {@code java} for {@code args}: a JVM option, {@code -jar} and the jar. */
    private static String[] lintCommandLine(String[] args) {
        List<String> line = new ArrayList<>(List.of("-Dx=1", "-jar", JAR.toString()));
        line.addAll(List.of(args));
        return line.toArray(String[]::new);
    }

    private static final Path JAVA = Path.of("/jdk/bin/java");
    private static final Path JAR = Path.of("/opt/guard/flink-sql-guard-cli-0.1.0-flink-2.3.jar");
    private static final Path ARCHIVE = Path.of("/cache/sql-guard/cli.jsa");

    @Test
    void listsTheClassesOfTheFirstRunAfterTheTrainingScriptAndKeepsTheUsersOptionsLast() {
        List<String> command = FastStart.command(new String[] {"lint", "-q", "jobs"}, JAVA,
                new String[] {"-Xmx1g", "-Dsql-guard.command=bin/sql-guard.sh", "-jar", JAR.toString(), "lint", "-q", "jobs"},
                JAR, ARCHIVE, false, 42, 17, false).orElseThrow();

        assertThat(command).containsExactly("/jdk/bin/java", "-XX:TieredStopAtLevel=1",
                "-XX:ReservedCodeCacheSize=240m", "-XX:+UseSerialGC",
                "-XX:-UsePerfData", "-Xlog:cds*=off", "-XX:DumpLoadedClassList=/cache/sql-guard/cli.jsa.classlist.42.tmp",
                "-Dsql-guard.fast-start.training=true", "-Xmx1g", "-Dsql-guard.command=bin/sql-guard.sh",
                "-Dsql-guard.fast-start.started=true", "-jar", JAR.toString(), "lint", "-q", "jobs");
    }

    @Test
    void dumpsAStaticArchiveFromTheListWithTheSameOptionsAndTheJarAsItsClassPath(@TempDir Path dir) throws Exception {
        // On main the first run wrote a dynamic archive at exit (-XX:ArchiveClassesAtExit), which JDK 17 keeps no Java 5
        // class file in: picocli's 177 were read from the jar on every start.
        List<String> recorded = FastStart.command(new String[] {"lint", "-q", "jobs"}, JAVA,
                new String[] {"-Xmx1g", "-jar", JAR.toString(), "lint", "-q", "jobs"}, JAR, ARCHIVE, false, 42, 17, false)
                .orElseThrow();

        assertThat(StaticClassArchive.dumpCommand(recorded)).containsExactly("/jdk/bin/java", "-XX:TieredStopAtLevel=1",
                "-XX:ReservedCodeCacheSize=240m", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xlog:cds*=off", "-Xshare:dump",
                "-XX:SharedClassListFile=/cache/sql-guard/cli.jsa.classlist.42.tmp",
                "-XX:SharedArchiveFile=/cache/sql-guard/cli.jsa.42.tmp", "-Xmx1g", "-Dsql-guard.fast-start.started=true",
                "-cp", JAR.toString());
        // The JDK's default classes join the list: the static archive replaces the JDK's own.
        Path list = Files.writeString(dir.resolve("list"), "io/github/sqlguard/cli/FastStart\n");
        Path jdk = Files.createDirectories(dir.resolve("jdk/lib"));
        Files.writeString(jdk.resolve("classlist"), "java/lang/Object\n@lambda-proxy java/lang/Object x\n");
        StaticClassArchive.addJdkClasses(list, dir.resolve("jdk"));
        assertThat(Files.readAllLines(list)).containsExactly("io/github/sqlguard/cli/FastStart", "java/lang/Object",
                "@lambda-proxy java/lang/Object x");
        StaticClassArchive.addJdkClasses(list, dir.resolve("no-jdk"));
        assertThat(Files.readAllLines(list)).hasSize(3);
    }

    @Test
    void mapsTheArchiveOnceItExists() {
        List<String> command = FastStart.command(new String[] {"lint", "a.sql"}, JAVA,
                new String[] {"-jar", JAR.toString(), "lint", "a.sql"}, JAR, ARCHIVE, true, 42, 17, false).orElseThrow();

        assertThat(command).contains("-XX:SharedArchiveFile=/cache/sql-guard/cli.jsa", "-XX:TieredStopAtLevel=1")
                .noneMatch(option -> option.startsWith("-XX:DumpLoadedClassList") || option.contains("training"));
    }

    @Test
    void sizesTheHeapSoThatASmallScriptRunsWithoutACollectionUnlessTheUserSizesIt() {
        List<String> own = FastStart.command(new String[] {"lint", "a.sql"}, JAVA,
                new String[] {"-Dx=1", "-jar", JAR.toString(), "lint", "a.sql"}, JAR, ARCHIVE, true, 42, 17, true)
                .orElseThrow();
        assertThat(own).containsSequence("-Xms320m", "-Xmn192m", "-XX:+UseTransparentHugePages");
        assertThat(own.indexOf("-Xmn192m")).isLessThan(own.indexOf("-Dx=1"));

        for (String users : List.of("-Xmx128m", "-Xms1g", "-Xmn64m", "-XX:MaxHeapSize=1g", "-XX:NewRatio=3",
                "-XX:MaxRAMPercentage=10")) {
            assertThat(FastStart.command(new String[] {"lint", "a.sql"}, JAVA,
                    new String[] {users, "-jar", JAR.toString(), "lint", "a.sql"}, JAR, ARCHIVE, true, 42, 17, false)
                    .orElseThrow())
                    .as(users).noneMatch(option -> option.startsWith("-Xms3") || option.startsWith("-Xmn1"));
        }
        assertThat(FastStart.launchOptions(ARCHIVE, 17)).containsSequence("-Xms320m", "-Xmn192m");
    }

    @Test
    void asksForTransparentHugePagesOnlyWhereTheKernelGivesThemAndTheUserNamesNoPageSize() {
        assertThat(FastStart.heapFlags(List.of("-Dx=1"), true)).containsExactly("-Xms320m", "-Xmn192m",
                "-XX:+UseTransparentHugePages");
        assertThat(FastStart.heapFlags(List.of("-Xmx2g"), true)).containsExactly("-XX:+UseTransparentHugePages");
        assertThat(FastStart.heapFlags(List.of("-Dx=1"), false)).containsExactly("-Xms320m", "-Xmn192m");
        assertThat(FastStart.heapFlags(List.of("-XX:-UseTransparentHugePages"), true)).containsExactly("-Xms320m",
                "-Xmn192m");
        assertThat(FastStart.heapFlags(List.of("-XX:+UseLargePages"), true)).doesNotContain("-XX:+UseTransparentHugePages");
    }

    @Test
    void relocatesTheArchiveAtStartOnJava17To21AndMapsTheAotCacheAtItsOwnAddressFrom25() {
        assertThat(FastStart.archiveMapping(ARCHIVE, 17)).containsExactly("-XX:+UnlockDiagnosticVMOptions",
                "-XX:ArchiveRelocationMode=1", "-XX:SharedArchiveFile=/cache/sql-guard/cli.jsa");
        assertThat(FastStart.archiveMapping(ARCHIVE, 21)).contains("-XX:ArchiveRelocationMode=1");
        assertThat(FastStart.archiveMapping(Path.of("/cache/sql-guard/cli.aot"), 25)).containsExactly(
                "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0", "-XX:AOTCache=/cache/sql-guard/cli.aot");
        assertThat(FastStart.archiveMapping(ARCHIVE, 22)).containsExactly("-XX:SharedArchiveFile=/cache/sql-guard/cli.jsa");
    }

    @Test
    void recordsAnAotCacheOnJava25AndCreatesItFromTheRecordingWithTheSameOptions() {
        Path cache = Path.of("/cache/sql-guard/cli.aot");
        List<String> record = FastStart.command(new String[] {"lint", "-q", "jobs"}, JAVA,
                new String[] {"-Xmx1g", "-jar", JAR.toString(), "lint", "-q", "jobs"}, JAR, cache, false, 42, 25, false)
                .orElseThrow();

        assertThat(record).containsExactly("/jdk/bin/java", "-XX:TieredStopAtLevel=1",
                "-XX:ReservedCodeCacheSize=240m", "-XX:+UseSerialGC",
                "-XX:-UsePerfData", "-Xlog:cds*=off", "-Xlog:aot*=off", "--sun-misc-unsafe-memory-access=allow",
                "-XX:AOTMode=record", "-XX:AOTConfiguration=/cache/sql-guard/cli.aot.conf.42.tmp",
                "-Dsql-guard.fast-start.training=true", "-Xmx1g", "-Dsql-guard.fast-start.started=true", "-jar",
                JAR.toString(), "lint", "-q", "jobs");
        assertThat(FastStart.createCommand(record)).containsExactly("/jdk/bin/java", "-XX:TieredStopAtLevel=1",
                "-XX:ReservedCodeCacheSize=240m", "-XX:+UseSerialGC", "-XX:-UsePerfData", "-Xlog:cds*=off", "-Xlog:aot*=off",
                "--sun-misc-unsafe-memory-access=allow", "-XX:AOTMode=create",
                "-XX:AOTConfiguration=/cache/sql-guard/cli.aot.conf.42.tmp", "-XX:AOTCache=/cache/sql-guard/cli.aot.42.tmp",
                "-Xmx1g", "-Dsql-guard.fast-start.started=true", "-jar", JAR.toString());
    }

    @Test
    void mapsTheAotCacheAtItsOwnAddressOnJava25() {
        Path cache = Path.of("/cache/sql-guard/cli.aot");
        List<String> command = FastStart.command(new String[] {"lint", "a.sql"}, JAVA,
                new String[] {"-jar", JAR.toString(), "lint", "a.sql"}, JAR, cache, true, 42, 25, false).orElseThrow();

        assertThat(command).containsSubsequence("-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0",
                "-XX:AOTCache=/cache/sql-guard/cli.aot").noneMatch(option -> option.startsWith("-XX:SharedArchiveFile")
                || option.startsWith("-XX:AOTMode") || option.contains("training"));
        assertThat(FastStart.launchOptions(cache, 25)).contains("-Xlog:aot*=off", "--sun-misc-unsafe-memory-access=allow",
                "-XX:AOTCache=/cache/sql-guard/cli.aot", "-Dsql-guard.fast-start.archive=/cache/sql-guard/cli.aot");
        assertThat(FastStart.launchOptions(ARCHIVE, 17)).noneMatch(option -> option.contains("aot")
                || option.startsWith("--sun-misc"));
    }

    @Test
    void theGuardsClassesConcatenateStringsWithoutInvokedynamic() throws Exception {
        // The parent pom: -XDstringConcat=inline for every module. An indy concatenation links StringConcatFactory on its
        // first use (about 30 ms of the launcher JVM, FastStart#archive first before round 53) and each further shape
        // its own call site in lint's JVM (the guard's shapes about 1 % of a one-script lint before round 55).
        for (Class<?> module : List.of(SqlGuardCommand.class, io.github.sqlguard.rules.Finding.class)) {
            Path classes = Path.of(module.getProtectionDomain().getCodeSource().getLocation().toURI());
            List<String> indy = new ArrayList<>();
            try (java.nio.file.FileSystem jar = classes.toString().endsWith(".jar")
                    ? java.nio.file.FileSystems.newFileSystem(classes) : null;
                    java.util.stream.Stream<Path> files = Files.walk(jar == null ? classes : jar.getPath("/"))) {
                for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".class"))::iterator) {
                    String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                    if (bytes.contains("makeConcatWithConstants") || bytes.contains("StringConcatFactory")) {
                        indy.add(file.toString());
                    }
                }
            }
            assertThat(indy).as(classes.toString()).isEmpty();
        }
    }

    @Test
    void aFirstStartAnswersACommandLineThatPlansNothingBeforeItWritesTheCacheAndSaysWhenItWritesIt(@TempDir Path dir)
            throws Exception {
        // Round 68's new user: 'lint --since main' where the branch is master waited 1 min 58 s for its usage error on a
        // busy machine, while the first start linted the training script and wrote the cache before lint read --since.
        org.junit.jupiter.api.Assumptions.assumeTrue(
                java.util.stream.Stream.of(System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                        .anyMatch(entry -> Files.isExecutable(Path.of(entry, "git"))), "git is needed");
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Path job = repo.resolve("job.sql");
        Files.writeString(job, "SET 'table.exec.state.ttl' = '1 d';\n");
        git(repo, "init", "-q", "-b", "master");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "jobs");
        Path cache = dir.resolve("cache");

        for (List<String> answered : List.of(
                List.of("lint", "--since", "main", "--no-project"),
                List.of("lint", "--no-such-option", job.toString()),
                List.of("lint", "--format", "yaml", job.toString()),
                List.of("lint", "--help"),
                List.of("lint", "--no-project"),
                List.of("lint", "--no-project", repo.resolve("no-such.sql").toString()),
                List.of("lint", "--no-project", "--since", "master"),
                List.of("lint", "--no-project", "--baseline", repo.resolve("no-such.json").toString(), job.toString()))) {
            java.io.ByteArrayOutputStream notices = new java.io.ByteArrayOutputStream();

            assertThat(FastStart.writesCache(answered.toArray(String[]::new), repo, cache,
                    new java.io.PrintStream(notices, true, StandardCharsets.UTF_8))).as("%s", answered).isFalse();
            assertThat(notices.toString(StandardCharsets.UTF_8)).as("%s", answered).isEmpty();
        }
        Files.writeString(job, "SET 'table.exec.state.ttl' = '2 d';\n");
        for (List<String> planned : List.of(
                List.of("lint", "--no-project", job.toString()),
                List.of("lint", "--no-project", repo.toString()),
                List.of("lint", "-q", "--no-project", "--since", "master"))) {
            java.io.ByteArrayOutputStream notices = new java.io.ByteArrayOutputStream();

            assertThat(FastStart.writesCache(planned.toArray(String[]::new), repo, cache,
                    new java.io.PrintStream(notices, true, StandardCharsets.UTF_8))).as("%s", planned).isTrue();
            assertThat(notices.toString(StandardCharsets.UTF_8).lines()).as("%s: one line, -q or not", planned)
                    .containsExactly("sql-guard: the first start of this jar writes its start-up cache to " + cache
                            + " (a minute or more, once per jar); later starts take seconds.");
        }
        assertThat(cache).as("the check writes nothing").doesNotExist();
    }

    private static void git(Path repo, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString(), "-c", "user.name=t",
                "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(String.join(" ", command) + ": " + output).isZero();
    }

    @Test
    void leavesAJvmNotStartedWithDashJarAsItIs() {
        assertThat(FastStart.command(new String[] {"lint", "a.sql"}, JAVA,
                new String[] {"-cp", JAR.toString(), "io.github.sqlguard.cli.SqlGuardCommand", "lint", "a.sql"}, JAR,
                ARCHIVE, true, 42, 17, false)).isEmpty();
    }

    @Test
    void onlyLintIsStartedAgain() {
        assertThat(FastStart.command(new String[] {"client"})).isEmpty();
        assertThat(FastStart.command(new String[] {"compare", "a.json", "b.json"})).isEmpty();
        assertThat(FastStart.command(new String[0])).isEmpty();
    }

    @Test
    void namesTheArchiveAfterTheJarItsSizeAndTimeAndTheJvm(@TempDir Path dir) throws Exception {
        Path jar = Files.write(dir.resolve("flink-sql-guard-cli-0.1.0-flink-2.3.jar"), new byte[] {1, 2, 3});

        Path archive = FastStart.archive(jar);

        assertThat(archive.getParent()).isEqualTo(FastStart.cacheDirectory());
        assertThat(archive.getFileName().toString())
                .startsWith("flink-sql-guard-cli-0.1.0-flink-2.3-3-" + Files.getLastModifiedTime(jar).toMillis() + "-")
                .contains("-java")
                .endsWith(Runtime.version().feature() >= 25 ? ".aot" : ".jsa");
        // Two JDKs of one version string (two distributions' builds) each write their own: HotSpot maps only its own
        // build's archive.
        assertThat(FastStart.archive(jar, dir.resolve("jdk-a"))).isNotEqualTo(FastStart.archive(jar, dir.resolve("jdk-b")));
    }

    @Test
    void twoCheckoutsJarsOfOneNameSizeAndTimeDoNotShareAnArchive(@TempDir Path dir) throws Exception {
        // Two checkouts sharing ~/.cache/sql-guard, whose CLI jars have one name, size and time (a copy with its time
        // kept): each maps its own archive, as neither holds the other's classes.
        Path one = Files.write(Files.createDirectories(dir.resolve("one/dist/target"))
                .resolve("flink-sql-guard-cli-0.1.0-flink-2.3.jar"), new byte[] {1, 2, 3});
        Path other = Files.write(Files.createDirectories(dir.resolve("other/dist/target"))
                .resolve("flink-sql-guard-cli-0.1.0-flink-2.3.jar"), new byte[] {4, 5, 6});
        Files.setLastModifiedTime(other, Files.getLastModifiedTime(one));

        assertThat(FastStart.archive(one)).isNotEqualTo(FastStart.archive(other));
        assertThat(FastStart.archive(one).getParent()).isEqualTo(FastStart.archive(other).getParent());
        // One jar, named through a symbolic link (bin/sql-guard.sh linked into a directory on PATH), keeps its archive.
        Path link = Files.createSymbolicLink(dir.resolve("link.jar"), one);
        assertThat(FastStart.archive(link).getFileName().toString())
                .isEqualTo(FastStart.archive(one).getFileName().toString().replaceFirst("^flink-sql-guard-cli-0.1.0-flink-2.3", "link"));
    }

    @Test
    void writesTheSecondJvmsOptionsAsAnArgumentFileThatJavaReads(@TempDir Path dir) throws Exception {
        Path archive = dir.resolve("a cache/cli.jsa");
        Path launch = dir.resolve("a cache/launch-1.args");

        FastStart.writeLaunchFile(launch, archive);

        List<String> expected = new ArrayList<>(FastStart.flags(Runtime.version().feature()));
        expected.addAll(FastStart.heapFlags(List.of(), FastStart.hugePages()));
        expected.addAll(FastStart.archiveMapping(archive, Runtime.version().feature()));
        expected.addAll(List.of("-Dsql-guard.fast-start.archive=" + archive, "-Dsql-guard.fast-start.started=true"));
        assertThat(Files.readAllLines(launch)).containsExactlyElementsOf(expected.stream().map(o -> '"' + o + '"').toList());
        // The java launcher itself reads the file (java @file), the path with its space included.
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "@" + launch,
                "-XshowSettings:properties", "-version").redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(out).isZero();
        assertThat(out).contains("sql-guard.fast-start.started = true", "sql-guard.fast-start.archive = " + archive);

        // Beside it, the small run's options, which bin/sql-guard.sh names after it for a small run.
        Path small = dir.resolve("a cache/launch-1.small.args");
        assertThat(FastStart.smallRunLaunchFile(launch)).isEqualTo(small);
        assertThat(Files.readAllLines(small)).containsExactlyElementsOf(
                FastStart.SMALL_RUN_FLAGS.stream().map(o -> '"' + o + '"').toList());
        Process flags = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "@" + launch,
                "@" + small, "-XX:+PrintFlagsFinal", "-version").redirectErrorStream(true).start();
        String printed = new String(flags.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(flags.waitFor()).as(printed).isZero();
        assertThat(printed).containsPattern("CompileThresholdScaling += 3\\.0+ ");
    }

    @Test
    void binSqlGuardShDropsALaunchFileWhoseArchiveIsGoneBeforeAJvmRunsWithIt(@TempDir Path dir) throws Exception {
        // A java on the PATH that prints its arguments, one a line: the script's command line, no JVM started.
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Path java = Files.writeString(bin.resolve("java"), "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
        assertThat(java.toFile().setExecutable(true)).isTrue();
        Files.writeString(dir.resolve("one.sql"), "SELECT 1;\n");
        // A cache directory whose name needs FastStart#writeArgumentFile's quoting: a space, a quote, a backslash.
        Path cache = dir.resolve("a \"cache\\");
        Path archive = Files.createDirectories(cache).resolve("cli.jsa");

        List<String> first = sqlGuardShLint(dir, bin, cache);
        String property = "-D" + FastStart.LAUNCH_FILE_PROPERTY + "=";
        Path launch = Path.of(first.stream().filter(a -> a.startsWith(property)).findFirst().orElseThrow()
                .substring(property.length()));
        assertThat(first).noneMatch(a -> a.startsWith("@"));

        // The archive a launch file names is there: lint's one JVM starts from the launch file.
        Files.writeString(archive, "archive");
        FastStart.writeLaunchFile(launch, archive);
        assertThat(sqlGuardShLint(dir, bin, cache)).startsWith("@" + launch);

        // Deleted (a plain java -jar could not map it, UnmappedArchive, or by hand): the script drops the launch file
        // and starts the jar's two JVMs, which write both again, instead of a JVM with no archive at all.
        Files.delete(archive);
        assertThat(sqlGuardShLint(dir, bin, cache)).noneMatch(a -> a.startsWith("@")).contains(property + launch);
        assertThat(launch).doesNotExist();
    }

    /** The java command line {@code bin/sql-guard.sh lint one.sql} runs in {@code dir}, with {@code bin}'s java. */
    private static List<String> sqlGuardShLint(Path dir, Path bin, Path cache) throws Exception {
        Path script = Path.of("..", "bin", "sql-guard.sh").toAbsolutePath().normalize();
        ProcessBuilder builder = new ProcessBuilder("bash", script.toString(), "lint", "one.sql").directory(dir.toFile());
        builder.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        builder.environment().put("SQL_GUARD_CLI_JAR", Files.writeString(dir.resolve("cli.jar"), "jar").toString());
        builder.environment().put("SQL_GUARD_CACHE_DIR", cache.toString());
        builder.environment().put("SQL_GUARD_LOG_DIR", dir.resolve("log").toString());
        builder.environment().put("FLINK_CONF_DIR", dir.resolve("conf").toString());
        builder.environment().remove("JVM_ARGS");
        builder.environment().remove("SQL_GUARD_FAST_START");
        Process process = builder.start();
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        assertThat(process.waitFor()).as(err).isZero();
        return out;
    }

    @Test
    void deletesTheLaunchFileWhenTheArchiveItNamesIsNotTheJarsAnyMore(@TempDir Path dir) throws Exception {
        Path launch = Files.writeString(dir.resolve("launch-1.args"), "\"-XX:+UseSerialGC\"\n");
        System.setProperty(FastStart.LAUNCH_FILE_PROPERTY, launch.toString());
        System.setProperty(FastStart.ARCHIVE_PROPERTY, dir.resolve("an-earlier-jar.jsa").toString());
        try {
            FastStart.checkLaunchFile();
        } finally {
            System.clearProperty(FastStart.LAUNCH_FILE_PROPERTY);
            System.clearProperty(FastStart.ARCHIVE_PROPERTY);
        }

        assertThat(launch).doesNotExist();
    }

    @Test
    void deletesThePlannerJarsEarlierJarsUnpackedOnceUnusedForADayAndTheArchivesOfOtherJars(@TempDir Path cache)
            throws Exception {
        Instant now = Instant.parse("2026-12-02T10:00:00Z");
        Path archive = aged(cache, "cli-2.3-159262510-1796205782939-java17.jsa", Duration.ofDays(5), now);
        aged(cache, "cli-2.3-164879119-1796205369975-java17.jsa", Duration.ofDays(2), now);
        aged(cache, "cli-2.3-164879119-1796205369975-java25.aot", Duration.ofDays(2), now);
        aged(cache, "cli-2.3-164879119-1796205369975-java25.aot.conf.77.tmp", Duration.ofHours(2), now);
        aged(cache, "flink-table-planner-46159469-8c63ab26.jar", Duration.ofDays(3), now);
        aged(cache, "flink-table-planner-46159469-8c63ab26.jar.123.tmp", Duration.ofHours(2), now);
        Path launch = aged(cache, "launch-42.args", Duration.ofDays(3), now);

        FastStart.cleanCache(cache, archive, now);

        try (var left = Files.list(cache)) {
            assertThat(left).containsExactlyInAnyOrder(archive, launch);
        }
    }

    @Test
    void keepsTheMetadataHandlersBesideTheArchiveAndDeletesThoseOfOtherJarsUnusedForADay(@TempDir Path cache)
            throws Exception {
        Instant now = Instant.parse("2026-12-03T18:00:00Z");
        Path archive = aged(cache, "cli-2.3-159262510-1796205782939-java17.jsa", Duration.ofDays(5), now);
        Path handlers = aged(cache, "cli-2.3-159262510-1796205782939-java17.jsa.handlers", Duration.ofHours(1), now);
        aged(cache, "cli-2.3-164879119-1796205369975-java17.jsa.handlers", Duration.ofDays(2), now);
        aged(cache, "cli-2.3-159262510-1796205782939-java17.jsa.handlers.99.tmp", Duration.ofHours(2), now);

        FastStart.cleanCache(cache, archive, now);

        assertThat(FastStart.metadataHandlers(archive)).isEqualTo(handlers);
        try (var left = Files.list(cache)) {
            assertThat(left).containsExactlyInAnyOrder(archive, handlers);
        }
    }

    private static Path aged(Path dir, String name, Duration age, Instant now) throws Exception {
        Path file = Files.write(dir.resolve(name), new byte[] {1});
        Files.setLastModifiedTime(file, FileTime.from(now.minus(age)));
        return file;
    }

    @Test
    void aJvmThatCannotMapItsArchiveLintsSilentlyWithoutItAndLintDeletesItSoTheNextStartWritesItAgain(@TempDir Path dir)
            throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Runtime.version().feature() < FastStart.AOT_CACHE_FEATURE,
                "the static archive of Java 17 to 24: an AOT cache is not checked (UnmappedArchive)");
        // A corrupt archive (random bytes), and one cut short (the JDK's own archive, its header intact, its regions
        // not there), given with lint's own options, as a launch file gives them.
        java.util.Random random = new java.util.Random(70);
        byte[] garbage = new byte[1 << 20];
        random.nextBytes(garbage);
        List<Path> archives = new ArrayList<>(List.of(Files.write(dir.resolve("corrupt.jsa"), garbage)));
        Path jdkArchive = Path.of(System.getProperty("java.home"), "lib", "server", "classes.jsa");
        if (Files.isRegularFile(jdkArchive)) {
            byte[] header = new byte[64 * 1024];
            try (java.io.InputStream in = Files.newInputStream(jdkArchive)) {
                header = java.util.Arrays.copyOf(header, in.readNBytes(header, 0, header.length));
            }
            archives.add(Files.write(dir.resolve("cut-short.jsa"), header));
        }
        for (Path archive : archives) {
            Run run = printVmInfo(FastStart.launchOptions(archive));

            // The JVM runs, and says nothing of the archive on the user's terminal: lint's stdout is its report.
            assertThat(run.exit()).as(archive + ": " + run).isZero();
            assertThat(run.stderr()).as(archive.toString()).isEmpty();
            assertThat(run.stdout()).as(archive.toString()).doesNotContain(UnmappedArchive.SHARING)
                    .doesNotContainIgnoringCase("warning").doesNotContainIgnoringCase("error");
            // lint's JVM reads that in java.vm.info and deletes the archive (FastStart#checkLaunchFile then the launch
            // file that names it): the next start writes it again.
            assertThat(UnmappedArchive.check(archive, run.stdout().strip(), 17, List::of)).isTrue();
            assertThat(archive).doesNotExist();
        }
        // The same JVM with an archive it maps (the JDK's own, its default) says so.
        if (Files.isRegularFile(jdkArchive)) {
            assertThat(printVmInfo(List.of("-XX:TieredStopAtLevel=1", "-Xshare:auto")).stdout())
                    .contains(UnmappedArchive.SHARING);
        }
    }

    @Test
    void rewritesAnUnmappedArchiveOnceAndNotAgainForADayWhenTheRewrittenOneIsNotMappedEither(@TempDir Path dir)
            throws Exception {
        Path archive = Files.writeString(dir.resolve("cli.jsa"), "archive");

        // Mapped, or not mapped because the user's JVM options turn sharing off: kept.
        assertThat(UnmappedArchive.check(archive, "mixed mode, emulated-client, sharing", 17, List::of)).isFalse();
        assertThat(UnmappedArchive.check(archive, "mixed mode, emulated-client", 17, () -> List.of("-Xshare:off")))
                .isFalse();
        assertThat(UnmappedArchive.check(archive, "mixed mode", 25, List::of)).as("an AOT cache: not checked").isFalse();
        assertThat(archive).exists();

        // Not mapped: deleted, and the next start writes it again.
        assertThat(UnmappedArchive.check(archive, "mixed mode, emulated-client", 17, List::of)).isTrue();
        assertThat(archive).doesNotExist();
        assertThat(UnmappedArchive.unmappable(archive)).isFalse();

        // The rewritten one not mapped either: no start writes it again while the marker is younger than a day (lint
        // runs with the JDK's own archive), and the cache's cleaning deletes the marker after that day.
        Files.writeString(archive, "rewritten");
        assertThat(UnmappedArchive.check(archive, "mixed mode, emulated-client", 17, List::of)).isTrue();
        assertThat(UnmappedArchive.unmappable(archive)).isTrue();
        Path marker = UnmappedArchive.marker(archive);
        Files.setLastModifiedTime(marker, FileTime.from(Instant.now().minus(Duration.ofDays(2))));
        FastStart.cleanCache(dir, dir.resolve("cli.jsa"), Instant.now());
        assertThat(marker).doesNotExist();
        assertThat(UnmappedArchive.unmappable(archive)).isFalse();

        // A marker older than a day counts as none.
        Files.writeString(archive, "months later");
        Files.writeString(marker, UnmappedArchive.ONCE);
        Files.setLastModifiedTime(marker, FileTime.from(Instant.now().minus(Duration.ofDays(30))));
        assertThat(UnmappedArchive.check(archive, "mixed mode, emulated-client", 17, List::of)).isTrue();
        assertThat(UnmappedArchive.unmappable(archive)).isFalse();
    }

    /** A JVM of this JDK with {@code options}, running {@link PrintVmInfo}. */
    private static Run printVmInfo(List<String> options) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options);
        command.add("-cp");
        command.add(Path.of(PrintVmInfo.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString());
        command.add(PrintVmInfo.class.getName());
        Process process = new ProcessBuilder(command).start();
        process.getOutputStream().close();
        java.util.concurrent.CompletableFuture<byte[]> err =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> readAll(process.getErrorStream()));
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(process.waitFor(), out, new String(err.get(), StandardCharsets.UTF_8));
    }

    private static byte[] readAll(java.io.InputStream in) {
        try {
            return in.readAllBytes();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private record Run(int exit, String stdout, String stderr) {}

    /** Prints {@code java.vm.info}, which says whether the JVM mapped a class-data archive. */
    static final class PrintVmInfo {
        public static void main(String[] args) {
            System.out.println(System.getProperty("java.vm.info"));
        }
    }
}
