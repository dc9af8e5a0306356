package io.github.sqlguard.cli;

import io.github.sqlguard.lint.LintCommand;
import io.github.sqlguard.lint.MetadataHandlerClasses;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * lint's fast start: {@code java -jar <cli jar> lint ...} (and so {@code bin/sql-guard.sh lint} and
 * the pre-commit hook, which start the jar that way) runs the lint in a second JVM started with
 * flags that fit a short run, which a jar's manifest cannot give ({@code java -jar} takes JVM
 * options only from its command line, JEP 261 lets a manifest add opens and exports only):
 *
 * <ul>
 *   <li>{@code -XX:TieredStopAtLevel=1}: only HotSpot's C1 compiler. In a lint of one script the
 *       C2 compiler threads took about 45% of the process's CPU (perf, bench/results/2026-12-01-lint-start.md)
 *       compiling methods the run ends before it would profit from;
 *   <li>{@link #HEAP}: a young generation that a small script's lint fills without a collection, and
 *       {@link #HUGE_PAGES}, its pages 2 MB each where the kernel offers them;
 *   <li>{@code -XX:+UseSerialGC}: one collector thread instead of G1's concurrent ones, for a heap
 *       of a few hundred MB;
 *   <li>for a small run only ({@link #smallRun}), {@link #SMALL_RUN_FLAGS}: C1's thresholds raised;
 *   <li>{@code -XX:SharedArchiveFile}: an application class-data-sharing archive of the classes a
 *       lint loads (JDK's AppCDS, JEP 310: the JVM maps them instead of parsing and
 *       verifying about 14,000 classes, the table planner's included: the CLI jar holds Flink's
 *       planner itself, not its loader, so the planner's classes are on the application class path,
 *       which the archive serves without reading the jar; Java 17 would match the classes of the
 *       loader's own class loader only after reading and inflating each from the planner jar). Java 17 has no
 *       {@code -XX:+AutoCreateSharedArchive} (Java 19): the first run lists the classes it loads while it lints
 *       {@value #TRAINING}, so that the archive holds the planner's classes whatever that run's scripts are, and its
 *       own scripts, and a third JVM dumps a static archive of them ({@link StaticClassArchive}); later runs map it.
 *       Only a run that plans writes it: the first JVM checks lint's command line first ({@link #writesCache}) and
 *       answers one that plans nothing (a usage error, an unknown {@code --since} revision) itself, at once;
 *   <li>on Java {@value #AOT_CACHE_FEATURE} and later, the JVM's AOT cache ({@code -XX:AOTCache}, JEP 483 and
 *       514) in place of that archive: the same classes, stored loaded and linked, so that they are
 *       in the JVM from its start instead of being looked up and linked one by one as the run first
 *       uses them. The first run records ({@code -XX:AOTMode=record}) while it lints the training script
 *       and its own; the launcher JVM then creates the cache from the recording ({@code
 *       -XX:AOTMode=create}) in a third JVM whose output is discarded ({@link #run}).
 * </ul>
 *
 * <p>The archive lives in {@code $SQL_GUARD_CACHE_DIR}, else {@code $XDG_CACHE_HOME/sql-guard},
 * else {@code ~/.cache/sql-guard}, named after the jar, its size, time and path and the JVM's version:
 * a rebuilt jar, another checkout's jar or another JVM gets its own (the JVM also refuses an archive whose
 * class path does not match, and then runs without one). Each start touches the archive it maps and deletes the
 * archives no start used for a day ({@link StaleCacheFiles}). The JVM options of the first JVM ({@code -D}, {@code -Xmx}
 * ...) are passed on after these, so they win. {@code -Dsql-guard.fast-start=false} or {@code
 * SQL_GUARD_FAST_START=false} turns it off: lint then runs in the first JVM as it is.
 *
 * <p>One JVM instead of two where a launcher can give the flags itself: {@code bin/sql-guard.sh}
 * (and so the pre-commit hooks) names a launch file with {@value #LAUNCH_FILE_PROPERTY}. Once a
 * second JVM has run with the archive, the first writes there the second's options (an argument
 * file of the {@code java} launcher, {@code java @file}); the script then starts lint's JVM with
 * them directly. That JVM checks that the archive its options name is still its jar's and JVM's
 * ({@link #checkLaunchFile}): when the jar was rebuilt or the archive deleted, it deletes the launch
 * file, so the next start writes the new archive through the two JVMs again.
 *
 * <p>A JVM that cannot map its archive (corrupt, or another build of the JVM wrote it) runs without it, silently
 * (the {@code cds} log is off) at two to three times the CPU; lint's JVM, from a launch file or the first JVM, then
 * deletes it ({@link UnmappedArchive}), so the next start writes it again.
 */
final class FastStart {

    /** Set in the second JVM, so that it does not start a third. */
    static final String STARTED_PROPERTY = "sql-guard.fast-start.started";

    /** {@code false} turns the fast start off (also the environment variable {@code SQL_GUARD_FAST_START}). */
    static final String PROPERTY = "sql-guard.fast-start";

    /** Set in the JVM that writes the archive: lint this first, so that the archive has the planner's classes. */
    static final String TRAINING_PROPERTY = "sql-guard.fast-start.training";

    /**
     * Where a launcher wants the second JVM's options written, once they map an archive: an argument
     * file for {@code java @file} ({@code bin/sql-guard.sh}).
     */
    static final String LAUNCH_FILE_PROPERTY = "sql-guard.fast-start.launch-file";

    /**
     * In lint's JVM's options, from a launch file or the first JVM: the archive they map, checked against the jar's by
     * {@link #checkLaunchFile} and against what the JVM mapped by {@link UnmappedArchive#check()}.
     */
    static final String ARCHIVE_PROPERTY = "sql-guard.fast-start.archive";

    /** The planner jars earlier CLI jars unpacked into the cache (their {@code PlannerJarCache}), and their {@code .tmp}. */
    static final String EARLIER_PLANNER_JARS = "flink-table-planner-*.jar*";

    /** The script linted, its report discarded, before the first run's own lint. */
    static final String TRAINING = "class-archive-training.sql";

    /**
     * The code cache of HotSpot's tiered default. Under {@code -XX:TieredStopAtLevel=1} alone HotSpot sizes it
     * as for a C1-only VM, 48 MB (JDK 17 {@code CompilerConfig::ergo_initialize}; the JVM's own report when it
     * filled: {@code CodeCache: size=49152Kb}), which a lint of a few hundred scripts fills: C1 then stops
     * compiling for the rest of the run and HotSpot prints its "CodeCache is full" warnings among lint's output
     * (seen on the case corpus of round 65, CliJarIT). The size is reserved address space; pages are used
     * as code is compiled.
     */
    static final String CODE_CACHE = "-XX:ReservedCodeCacheSize=240m";

    /**
     * The flags of the second JVM besides the archive's. {@code -Xlog:cds*=off}: the JVM that writes
     * the archive warns on stdout of every class it leaves out (picocli's Java 5 classes, classes never
     * linked), which would mix with lint's report; a JVM that cannot map an archive runs without it.
     */
    static final List<String> FLAGS = List.of("-XX:TieredStopAtLevel=1", CODE_CACHE, "-XX:+UseSerialGC",
            "-XX:-UsePerfData", "-Xlog:cds*=off");

    /**
     * The heap of lint's JVM, where the user names none ({@link #heapFlags}): a young generation of 192 MB
     * (an eden of about 150 MB, Serial's default survivor ratio 8), so that a lint of a small script,
     * which allocates about 126 MB, runs without a collection (the default, a third of an initial heap
     * of 1/64 of the memory, gave an eden of 100 MB on a 24 GB machine and one young collection,
     * 100 MB to 21 MB), and an initial heap that holds it: with an initial heap smaller than the
     * young generation (a machine of less than 12 GB) HotSpot warns on stdout, in lint's report
     * ("NewSize was set larger than initial heap size"). HotSpot raises a default maximum heap to
     * an initial heap above it. Pages are touched as the run allocates, not at start.
     */
    static final List<String> HEAP = List.of("-Xms320m", "-Xmn192m");

    /**
     * The heap (and code cache) in 2 MB pages where the kernel offers transparent huge pages on
     * request ({@code madvise}, Debian's and Ubuntu's default; {@code always} gives them without the
     * flag): a one-script lint touches about 130 MB of heap; its page faults went from about 47,000
     * in 4 kB pages to about 18,000 with the flag, with about 0.3 s less CPU at a load of 10-13, mostly
     * user time (presumably fewer TLB misses; not counted) (bench/results/2026-12-03-lint-fast-r41.md).
     * HotSpot checks the support itself ({@code os::Linux::transparent_huge_pages_sanity_check(bool warn, ...)}, JDK 17's
     * {@code os_linux.cpp}) and warns where the kernel has none, hence the check of {@value
     * #THP_SETTING} first.
     */
    static final String HUGE_PAGES = "-XX:+UseTransparentHugePages";

    /**
     * C1's compile thresholds three times higher for a small run ({@link #smallRun}): a method is compiled after
     * three times the calls and loop back-edges (HotSpot's {@code CompileThresholdScaling}, which under {@code
     * -XX:TieredStopAtLevel=1} scales the Tier 3 thresholds at which C1 compiles). A lint of one small script
     * compiles about 3,700 methods with C1, a third of its CPU, many of them too late to pay before the run
     * ends; with the thresholds ×3 it compiles about 2,500 and its lint JVM took about 0.15 s less CPU, lower in
     * every paired round (bench/results/2026-12-05-lint-cpu-r52.md; round 44 measured the same, and +10 % of
     * CPU over a corpus of 298 scripts, whose longer run wants its methods compiled:
     * bench/results/2026-12-04-lint-jit-r44.md). So only a small run gets it. The user's JVM options come after
     * these and win.
     */
    static final List<String> SMALL_RUN_FLAGS = List.of("-XX:CompileThresholdScaling=3");

    /**
     * The most bytes of scripts a small run names ({@link #smallRun}): a few case scripts (the case corpus's
     * median script is about 860 bytes). {@code bin/sql-guard.sh} decides the same for the launch file's runs,
     * with this number ({@code FastStartTest} checks that it is the same).
     */
    static final long SMALL_RUN_BYTES = 4096;

    /** The kernel's transparent huge pages setting, e.g. {@code always [madvise] never}; absent without THP. */
    static final String THP_SETTING = "/sys/kernel/mm/transparent_hugepage/enabled";

    /**
     * From this Java version on, the cache is the JVM's AOT cache ({@code .aot}), not a static CDS
     * archive ({@code .jsa}): the two-step workflow of JEP 483 ({@code -XX:AOTMode=record}, then {@code
     * create}), verified with Temurin 25.0.3 only (bench/results/2026-12-02-lint-start-r35.md).
     */
    static final int AOT_CACHE_FEATURE = 25;

    /** The option naming the recording that the second JVM writes at exit and the third reads. */
    private static final String AOT_CONFIGURATION = "-XX:AOTConfiguration=";

    private FastStart() {}

    /** The command line of the second JVM, or empty where lint runs in this one. */
    static Optional<List<String>> command(String[] args) {
        if (args.length == 0 || !"lint".equals(args[0]) || System.getProperty(STARTED_PROPERTY) != null
                || "false".equalsIgnoreCase(setting())) {
            return Optional.empty();
        }
        Optional<String[]> arguments = processArguments(ProcessHandle.current().info().arguments(), args,
                () -> java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments(),
                System.getProperty("sun.java.command"), System.getProperty("java.class.path"));
        Optional<Path> jar = jar();
        Optional<String[]> lintArguments =
                LauncherDescriptors.forSecondJvm(args, ProcessHandle.current().pid(), Path.of("/proc"));
        if (arguments.isEmpty() || jar.isEmpty() || lintArguments.isEmpty()) {
            return Optional.empty();
        }
        Path archive;
        boolean archived;
        try {
            archive = archive(jar.get());
            Files.createDirectories(archive.getParent());
            Instant now = Instant.now();
            archived = StaleCacheFiles.touch(archive, now);
            cleanCache(archive.getParent(), archive, now);
            if (!archived && UnmappedArchive.unmappable(archive)) {
                // A rewritten archive was not mapped either: lint without one (the JDK's own), no rewrite.
                archive = null;
            }
        } catch (IOException e) {
            // No archive where none can be kept: the second JVM still gets the other flags.
            archive = null;
            archived = false;
        }
        if (archive != null && !archived && !writesCache(args, Path.of(""), archive.getParent(), System.err)) {
            // lint answers without planning: here, at once; the cache waits for a start that plans.
            return Optional.empty();
        }
        return command(lintArguments.get(), Path.of(System.getProperty("java.home"), "bin", "java"), arguments.get(),
                jar.get(), archive, archived, ProcessHandle.current().pid(), Runtime.version().feature(), hugePages());
    }

    /**
     * Before a start that would write the start-up cache to {@code cache}: whether it does. Not when lint's command
     * line plans nothing ({@link LintCommand#plans}: a usage error, {@code --since} naming a revision git does not
     * know, {@code --help}, every path named missing, no changed script): that start writes the cache while it lints
     * the training script first, a minute on an idle machine and several on a busy one, before lint would read its
     * arguments; lint then runs in this JVM, which answers such a command line at once, and a later start that plans
     * writes the cache. When it does, one line on {@code notices} says so, at a terminal or not: a pre-commit hook or a
     * CI step shows stderr only when lint ends, and then says why this start took long.
     *
     * @param args lint's command line, {@code lint} first
     * @param workingDirectory where lint runs (its {@code sql-guard.yaml} and {@code --since} are found from there)
     */
    static boolean writesCache(String[] args, Path workingDirectory, Path cache, java.io.PrintStream notices) {
        if (!LintCommand.plans(workingDirectory, java.util.Arrays.copyOfRange(args, 1, args.length))) {
            return false;
        }
        notices.println("sql-guard: the first start of this jar writes its start-up cache to " + cache
                + " (a minute or more, once per jar); later starts take seconds.");
        return true;
    }

    /**
     * This process's arguments after the {@code java} command: those the JDK reports ({@code
     * ProcessHandle.Info#arguments}), else, for a JVM started with {@code -jar}, its JVM options ({@code
     * RuntimeMXBean#getInputArguments}), {@code -jar}, the jar and {@code args}. JDK 17 on Linux reads one page of
     * {@code /proc/<pid>/cmdline} and reports no arguments when the command line fills it (measured: 4,025
     * characters of arguments reported, 4,269 not; {@code ProcessHandleImpl_linux.c}), so a lint of about 40 or more
     * scripts named by their paths ran in the first JVM, without the fast start's flags and archive, and never wrote
     * the archive (bench/results/2026-12-05-lint-cpu-r50.md). Started with {@code -jar}, the launcher sets {@code
     * java.class.path} to the jar as given and {@code sun.java.command} to it followed by the arguments; with a main
     * class instead, {@code sun.java.command} starts with the class's name: empty then, as {@link #command} is.
     */
    static Optional<String[]> processArguments(Optional<String[]> reported, String[] args,
            java.util.function.Supplier<List<String>> jvmOptions, String javaCommand, String classPath) {
        if (reported.isPresent()) {
            return reported;
        }
        if (javaCommand == null || classPath == null || classPath.isEmpty() || !classPath.endsWith(".jar")
                || classPath.contains(java.io.File.pathSeparator)
                || !(javaCommand.equals(classPath) || javaCommand.startsWith(classPath + " "))) {
            return Optional.empty();
        }
        List<String> arguments = new ArrayList<>(jvmOptions.get());
        arguments.add("-jar");
        arguments.add(classPath);
        arguments.addAll(List.of(args));
        return Optional.of(arguments.toArray(String[]::new));
    }

    /**
     * The command line of the second JVM: {@code java}, {@link #FLAGS}, the archive's flag, this JVM's
     * own options (those before {@code -jar} in its command line), {@code -jar jar args...}; empty
     * when this JVM was not started with {@code -jar}.
     *
     * @param processArguments this process's arguments after the {@code java} command
     * @param archive the archive's path, or null for none
     * @param archived whether the archive exists (then it is mapped, else written)
     * @param pid this process's id, naming the archive while it is written
     * @param feature the Java version of both JVMs (the second is this one's {@code java})
     * @param hugePages whether the kernel gives transparent huge pages ({@link #hugePages()})
     */
    static Optional<List<String>> command(
            String[] args, Path java, String[] processArguments, Path jar, Path archive, boolean archived, long pid,
            int feature, boolean hugePages) {
        List<String> jvmOptions = new ArrayList<>();
        boolean startedAsJar = false;
        for (String argument : processArguments) {
            if (argument.equals("-jar")) {
                startedAsJar = true;
                break;
            }
            jvmOptions.add(argument);
        }
        if (!startedAsJar) {
            return Optional.empty();
        }
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(flags(feature));
        command.addAll(heapFlags(jvmOptions, hugePages));
        if (smallRun(args)) {
            command.addAll(SMALL_RUN_FLAGS);
        }
        if (archive != null && archived) {
            command.addAll(archiveMapping(archive, feature));
            // Lint's JVM checks that it mapped it (UnmappedArchive#check), as a launch file's does.
            command.add("-D" + ARCHIVE_PROPERTY + "=" + archive);
        } else if (archive != null && feature >= AOT_CACHE_FEATURE) {
            command.add("-XX:AOTMode=record");
            command.add(AOT_CONFIGURATION + archive.resolveSibling(archive.getFileName() + ".conf." + pid + ".tmp"));
            command.add("-D" + TRAINING_PROPERTY + "=true");
        } else if (archive != null) {
            command.add(StaticClassArchive.recordOption(archive, pid));
            command.add("-D" + TRAINING_PROPERTY + "=true");
        }
        command.addAll(jvmOptions);
        command.add("-D" + STARTED_PROPERTY + "=true");
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(List.of(args));
        return Optional.of(command);
    }

    /**
     * Whether lint's arguments ({@code args}, {@code lint} first) make a small run, one that gets {@link
     * #SMALL_RUN_FLAGS}: no argument names a directory, at least one names a file, and the files they name
     * hold at most {@link #SMALL_RUN_BYTES} together. Every argument that names an existing path counts, an
     * option's value too ({@code -i init.sql}, {@code --jar}, {@code -o}): a run it makes look larger keeps the
     * default thresholds. A run that names no file (a directory, {@code --since} alone, a project's include
     * globs) lints an unknown number of scripts and is not small. {@code bin/sql-guard.sh} ({@code
     * small_run}) decides the same for a start from the launch file.
     */
    static boolean smallRun(String[] args) {
        long bytes = 0;
        boolean file = false;
        for (int i = 1; i < args.length; i++) {
            Path path;
            try {
                path = Path.of(args[i]);
            } catch (java.nio.file.InvalidPathException e) {
                continue;
            }
            if (Files.isDirectory(path)) {
                return false;
            }
            if (Files.isRegularFile(path)) {
                if (!Files.isReadable(path)) {
                    // as the script, whose wc cannot count it
                    return false;
                }
                file = true;
                try {
                    bytes += Files.size(path);
                } catch (IOException e) {
                    return false;
                }
            }
        }
        return file && bytes <= SMALL_RUN_BYTES;
    }

    /**
     * {@link #FLAGS} for a JVM of Java {@code feature}; from Java {@value #AOT_CACHE_FEATURE} on also
     * {@code -Xlog:aot*=off} (the JVM warns on stdout, in lint's report, of each adapter its AOT cache
     * holds but cannot link: Temurin 25.0.3 prints ten such lines on every start) and {@code
     * --sun-misc-unsafe-memory-access=allow}: since Java 24 (JEP 498) the JVM warns on stderr, four
     * lines on every run, the first time a class calls {@code sun.misc.Unsafe}'s memory access, and
     * Flink's {@code MemoryUtils} does in every lint; {@code allow} is Java 23's behaviour (JEP 471).
     * An older JVM does not know the {@code aot} log tag and stops at the unknown launcher option, so
     * neither is given there.
     */
    static List<String> flags(int feature) {
        if (feature < AOT_CACHE_FEATURE) {
            return FLAGS;
        }
        List<String> flags = new ArrayList<>(FLAGS);
        flags.add("-Xlog:aot*=off");
        flags.add("--sun-misc-unsafe-memory-access=allow");
        return flags;
    }

    /**
     * {@link #HEAP}, unless the user's JVM options size the heap themselves ({@code -Xms}, {@code -Xmx},
     * {@code -Xmn}, or any {@code -XX} option naming {@code HeapSize}, {@code NewSize}, {@code NewRatio}
     * or {@code MaxRAM}): an initial heap above the user's maximum would stop the JVM, a young
     * generation above it makes HotSpot warn on stdout; then {@link #HUGE_PAGES} where {@code
     * hugePages} and the user's options name no page size of their own ({@code LargePages}, {@code
     * HugePages}).
     */
    static List<String> heapFlags(List<String> jvmOptions, boolean hugePages) {
        boolean sized = false;
        for (String option : jvmOptions) {
            if (option.startsWith("-Xms") || option.startsWith("-Xmx") || option.startsWith("-Xmn")
                    || option.startsWith("-XX:") && (option.contains("HeapSize") || option.contains("NewSize")
                            || option.contains("NewRatio") || option.contains("MaxRAM"))) {
                sized = true;
            }
            if (option.startsWith("-XX:") && (option.contains("LargePages") || option.contains("HugePages"))) {
                hugePages = false;
            }
        }
        List<String> flags = new ArrayList<>(sized ? List.of() : HEAP);
        if (hugePages) {
            flags.add(HUGE_PAGES);
        }
        return flags;
    }

    /** Whether the kernel gives transparent huge pages on request ({@value #THP_SETTING} not {@code [never]}). */
    static boolean hugePages() {
        try {
            Path setting = Path.of(THP_SETTING);
            return Files.isRegularFile(setting) && !Files.readString(setting).contains("[never]");
        } catch (IOException | RuntimeException e) {
            // No setting to read (another OS, a container hiding /sys): the JVM's default pages.
            return false;
        }
    }

    /**
     * The options that map {@code archive} in a JVM of Java {@code feature}: {@code -XX:SharedArchiveFile}, and on
     * Java 17 to 21 {@code -XX:ArchiveRelocationMode=1} (a diagnostic option there, so after {@code
     * -XX:+UnlockDiagnosticVMOptions}): HotSpot maps the archive at another address and rewrites every pointer in it
     * at start ({@code FileMapInfo::relocate_pointers_in_core_regions}), which copies each page of the archive of
     * about 100 MB while the JVM has one thread. Mode 1 is the default of JDK 20 and of 17.0.x since the backport of
     * JDK-8294323 (OpenJDK 17.0.15 logs "ArchiveRelocationMode == 1: always map archive(s) at an alternative address"
     * with {@code -Xlog:cds}); given here so that an earlier 17.0.x, whose default is 0, runs as measured. Mode 0 maps
     * the archive where it was written and leaves its pages shared with the file until the JVM writes one: then each
     * page the linking of an archived class writes ({@code Method::link_method}, {@code InstanceKlass::set_package},
     * {@code ConstantPool::restore_unshareable_info}) is copied on write in a JVM that already runs its compiler and
     * planner threads, and every such copy flushes the TLBs of the other CPUs ({@code do_wp_page}, {@code
     * flush_tlb_mm_range}, interprocessor interrupts: 9 % of a one-script lint's CPU samples, {@code perf}). Measured
     * on that lint's JVM in 13 interleaved pairs at a load of 30-44, mode 1 took less CPU in 12 (0.67 s less in the
     * median, its minor page faults 26,000 against 15,000), the reports byte-identical; the whole {@code
     * bin/sql-guard.sh} run at a load of 40, 7 of 11 pairs (bench/results/2026-12-07-lint-cpu-r71.md);
     * the figure that chose mode 0 (0.64-0.80 s of user time against 0.84-1.03 s, three runs each, load 31:
     * bench/results/2026-12-02-lint-profile.md) was of a {@code -V}, which links few of the archive's classes. Other Java versions, where the option's name or kind is not verified here,
     * get the archive alone (an unknown {@code -XX} option would stop the JVM). From Java {@value
     * #AOT_CACHE_FEATURE} on the archive is an AOT cache, {@code -XX:AOTCache}, mapped at its own address ({@code
     * -XX:ArchiveRelocationMode=0}): Temurin 25.0.3 relocates it by default, and {@code
     * SharedDataRelocationTask::work} took 4 % of a one-script lint's samples; with mode 0 {@code -Xlog:aot} says
     * "ArchiveRelocationMode: 0" and maps it at its base address (not measured against mode 1 in pairs).
     */
    static List<String> archiveMapping(Path archive, int feature) {
        List<String> options = new ArrayList<>();
        if (feature >= 17 && feature <= 21 || feature >= AOT_CACHE_FEATURE) {
            options.add("-XX:+UnlockDiagnosticVMOptions");
            options.add(feature >= AOT_CACHE_FEATURE ? "-XX:ArchiveRelocationMode=0" : "-XX:ArchiveRelocationMode=1");
        }
        options.add((feature >= AOT_CACHE_FEATURE ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=") + archive);
        return options;
    }

    /**
     * Deletes what no start used for a day ({@link StaleCacheFiles}): the archives and AOT caches of
     * other jars and JVMs (every rebuilt jar writes one of its own, about 100 MB), the recordings a
     * start that died left, and the table planner jars that CLI jars before
     * the planner was on their class path unpacked there ({@value #EARLIER_PLANNER_JARS}, 46 MB each).
     */
    static void cleanCache(Path cache, Path archive, Instant now) throws IOException {
        StaleCacheFiles.clean(cache, "*.jsa*", archive, now);
        StaleCacheFiles.clean(cache, "*.aot*", archive, now);
        StaleCacheFiles.clean(cache, EARLIER_PLANNER_JARS, null, now);
    }

    /** Runs the second JVM with this one's standard streams and returns its exit code. */
    static int run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).inheritIO().start();
        Thread stop = new Thread(process::destroy, "sql-guard-fast-start-stop");
        Runtime.getRuntime().addShutdownHook(stop);
        int exit = process.waitFor();
        Runtime.getRuntime().removeShutdownHook(stop);
        Path archive = null;
        for (String option : command) {
            if (option.startsWith(StaticClassArchive.ARCHIVE_FILE)) {
                archive = Path.of(option.substring(StaticClassArchive.ARCHIVE_FILE.length()));
            } else if (option.startsWith("-XX:AOTCache=")) {
                archive = Path.of(option.substring("-XX:AOTCache=".length()));
            } else if (option.startsWith(StaticClassArchive.CLASS_LIST)) {
                // Whatever lint's exit code, as the AOT cache's recording below: the list is written as classes load.
                String list = option.substring(StaticClassArchive.CLASS_LIST.length());
                StaticClassArchive.addJdkClasses(Path.of(list), Path.of(System.getProperty("java.home")));
                archive = createArchive(StaticClassArchive.dumpCommand(command), StaticClassArchive.LIST_FILE,
                        StaticClassArchive.ARCHIVE_FILE);
            } else if (option.startsWith(AOT_CONFIGURATION)) {
                // Whatever lint's exit code: a first run that found something (1) or lacked a jar (3)
                // recorded all the same, and the JVM writes the recording at any exit.
                archive = createArchive(createCommand(command), AOT_CONFIGURATION, "-XX:AOTCache=");
            }
        }
        String launchFile = System.getProperty(LAUNCH_FILE_PROPERTY);
        if (archive != null && launchFile != null && !launchFile.isBlank() && Files.isRegularFile(archive)) {
            writeLaunchFile(Path.of(launchFile), archive);
        }
        return exit;
    }

    /**
     * After a second JVM that recorded (the AOT cache's {@code -XX:AOTMode=record}, the static archive's class list):
     * creates the archive from its recording with {@code create}, a third JVM with the same options ({@link
     * #createCommand}, {@link StaticClassArchive#dumpCommand}) whose output is discarded (it reports its progress on
     * stdout), deletes the recording, and returns the archive; null when none was created (the recording or the
     * creation failed: the next start records again).
     *
     * @param recordingOption the option of {@code create} that names the recording it reads
     * @param archiveOption the option of {@code create} that names the archive it writes
     */
    private static Path createArchive(List<String> create, String recordingOption, String archiveOption)
            throws IOException, InterruptedException {
        Path configuration = null;
        Path written = null;
        for (String option : create) {
            if (option.startsWith(recordingOption)) {
                configuration = Path.of(option.substring(recordingOption.length()));
            } else if (option.startsWith(archiveOption)) {
                written = Path.of(option.substring(archiveOption.length()));
            }
        }
        try {
            if (configuration == null || written == null || !Files.isRegularFile(configuration)) {
                return null;
            }
            Process process = new ProcessBuilder(create)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return process.waitFor() == 0 ? publish(written) : null;
        } finally {
            if (configuration != null) {
                Files.deleteIfExists(configuration);
            }
        }
    }

    /**
     * The command that creates the AOT cache from the recording of {@code recorded} (a second JVM's
     * command with {@code -XX:AOTMode=record}): the same {@code java} and JVM options, so that the cache
     * fits the JVMs that will map it (its garbage collector, heap and compressed pointers), {@code
     * -XX:AOTMode=create} and the cache to write ({@code <cache>.<pid>.tmp}, renamed once complete),
     * without the training property and lint's arguments (the JVM runs no main class in this mode).
     */
    static List<String> createCommand(List<String> recorded) {
        List<String> create = new ArrayList<>();
        for (int i = 0; i < recorded.size(); i++) {
            String option = recorded.get(i);
            if (option.equals("-XX:AOTMode=record")) {
                create.add("-XX:AOTMode=create");
            } else if (option.startsWith(AOT_CONFIGURATION)) {
                create.add(option);
                String configuration = option.substring(AOT_CONFIGURATION.length());
                create.add("-XX:AOTCache=" + configuration.replaceFirst("\\.conf\\.(\\d+)\\.tmp$", ".$1.tmp"));
            } else if (option.equals("-D" + TRAINING_PROPERTY + "=true")) {
                continue;
            } else if (option.equals("-jar") && i + 1 < recorded.size()) {
                create.add(option);
                create.add(recorded.get(i + 1));
                break;
            } else {
                create.add(option);
            }
        }
        return create;
    }

    /**
     * The options of lint's JVM for a launcher that starts it directly: {@link #FLAGS}, {@link #HEAP}
     * ({@code bin/sql-guard.sh} does not use the launch file where its {@code JVM_ARGS} size the heap),
     * the archive to map, and the properties that say it is lint's JVM and which archive it maps.
     */
    static List<String> launchOptions(Path archive) {
        return launchOptions(archive, Runtime.version().feature());
    }

    /** {@link #launchOptions(Path)} for a JVM of Java {@code feature}. */
    static List<String> launchOptions(Path archive, int feature) {
        List<String> options = new ArrayList<>(flags(feature));
        options.addAll(heapFlags(List.of(), hugePages()));
        options.addAll(archiveMapping(archive, feature));
        options.add("-D" + ARCHIVE_PROPERTY + "=" + archive);
        options.add("-D" + STARTED_PROPERTY + "=true");
        return options;
    }

    /**
     * Writes {@link #launchOptions} as an argument file of the {@code java} launcher (one option a
     * line, each quoted: a path may hold spaces), renamed into place so that a launcher never reads a
     * half-written one, and first {@link #SMALL_RUN_FLAGS} as one beside it ({@link #smallRunLaunchFile}).
     */
    static void writeLaunchFile(Path launchFile, Path archive) throws IOException {
        writeArgumentFile(smallRunLaunchFile(launchFile), SMALL_RUN_FLAGS);
        writeArgumentFile(launchFile, launchOptions(archive));
    }

    /**
     * The argument file beside {@code launchFile} with {@link #SMALL_RUN_FLAGS} ({@code launch-1.args}: {@code
     * launch-1.small.args}), which {@code bin/sql-guard.sh} names after the launch file for a small run.
     */
    static Path smallRunLaunchFile(Path launchFile) {
        String name = launchFile.getFileName().toString().replaceFirst("\\.args$", "");
        return launchFile.resolveSibling(name + ".small.args");
    }

    private static void writeArgumentFile(Path launchFile, List<String> options) throws IOException {
        StringBuilder text = new StringBuilder();
        for (String option : options) {
            text.append('"').append(option.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"\n");
        }
        Path parent = launchFile.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Path written = Files.createTempFile(parent, launchFile.getFileName().toString(), ".tmp");
        Files.writeString(written, text);
        try {
            Files.move(written, launchFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(written, launchFile, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * In lint's JVM started from a launch file: keeps the archive it maps in use ({@link
     * StaleCacheFiles#touch}) while it is still its jar's and JVM's ({@link #archive}); otherwise (the
     * jar rebuilt, another JVM, the archive deleted) deletes the launch file, so that the next start
     * goes through the two JVMs again and writes the archive this jar needs. This run lints as it is.
     */
    static void checkLaunchFile() throws IOException {
        String mapped = System.getProperty(ARCHIVE_PROPERTY);
        String launchFile = System.getProperty(LAUNCH_FILE_PROPERTY);
        if (mapped == null || launchFile == null || launchFile.isBlank()) {
            return;
        }
        Optional<Path> jar = jar();
        Instant now = Instant.now();
        if (jar.isEmpty() || !archive(jar.get()).equals(Path.of(mapped)) || !StaleCacheFiles.touch(Path.of(mapped), now)) {
            Files.deleteIfExists(Path.of(launchFile));
        }
    }

    /**
     * In lint's JVM started by the fast start: the metadata handlers of Flink's planner from the file
     * beside the archive ({@link #metadataHandlers}), compiled and written there when it lacks them
     * ({@link MetadataHandlerClasses}); so only the first lint of a jar and JVM compiles them. Nothing
     * where the cache directory cannot be written (each lint would compile every handler, not only those
     * its plannings need). With {@value #HANDLERS_REPORT_PROPERTY} set, one line on stderr says what it did.
     */
    static void keepMetadataHandlers(String[] args) throws IOException {
        if (args.length == 0 || !"lint".equals(args[0]) || System.getProperty(STARTED_PROPERTY) == null) {
            return;
        }
        Optional<Path> jar = jar();
        if (jar.isEmpty()) {
            return;
        }
        Path file = metadataHandlers(archive(jar.get()));
        if (!Files.isWritable(file.getParent())) {
            return;
        }
        MetadataHandlerClasses.Installed installed = MetadataHandlerClasses.install(file);
        if (Boolean.getBoolean(HANDLERS_REPORT_PROPERTY)) {
            System.err.println("sql-guard: metadata handlers " + installed);
        }
    }

    /** Set to have {@link #keepMetadataHandlers} say on stderr what it did (for bench/). */
    static final String HANDLERS_REPORT_PROPERTY = "sql-guard.fast-start.report-metadata-handlers";

    /**
     * The file of the metadata handler classes beside {@code archive}: {@code <archive>.handlers}, deleted
     * with the archives of other jars and JVMs when no start used it for a day ({@link #cleanCache}'s
     * globs match it).
     */
    static Path metadataHandlers(Path archive) {
        return archive.resolveSibling(archive.getFileName() + ".handlers");
    }

    /**
     * The archive for {@code jar} in this JVM: {@code <cache>/<jar name>-<size>-<mtime>-<where>-java<version>.jsa},
     * from Java {@value #AOT_CACHE_FEATURE} on an AOT cache, {@code .aot}. {@code <where>} is a CRC-32 of the jar's
     * real path and the JVM's {@code java.home}: two checkouts (or two copies of a jar) that share the cache directory,
     * whose jars have one name and may have one size and time ({@code cp -p}, an archive unpacked with its times, one
     * build of two checkouts at the same millisecond), never map each other's archive, which holds the classes of the
     * other jar: the JVM compares a jar's size and time with the archive's record of it (HotSpot's "A jar file is not
     * the one used while building the shared archive file"), which two such jars pass alike. Two JDKs of one version
     * string (two vendors' or two distributions' builds) do not either: HotSpot maps only an archive its own build
     * wrote ({@code FileMapHeader::validate}: "The shared archive file was created by a different version or build
     * of HotSpot"), and each would find the other's archive unmapped ({@link UnmappedArchive}).
     */
    static Path archive(Path jar) throws IOException {
        return archive(jar, Path.of(System.getProperty("java.home")));
    }

    /** {@link #archive(Path)} for a JVM whose {@code java.home} is {@code javaHome}. */
    static Path archive(Path jar, Path javaHome) throws IOException {
        String name = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        long size = Files.size(jar);
        FileTime time = Files.getLastModifiedTime(jar);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(jar.toRealPath().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        crc.update('\n');
        crc.update(javaHome.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String where = String.format("%08x", crc.getValue());
        String vm = System.getProperty("java.vm.version", "unknown").replaceAll("[^A-Za-z0-9._-]", "_");
        String kind = Runtime.version().feature() >= AOT_CACHE_FEATURE ? ".aot" : ".jsa";
        return cacheDirectory().resolve(name + "-" + size + "-" + time.toMillis() + "-" + where + "-java" + vm + kind);
    }

    /** {@code $SQL_GUARD_CACHE_DIR}, else {@code $XDG_CACHE_HOME/sql-guard}, else {@code ~/.cache/sql-guard}. */
    static Path cacheDirectory() {
        String own = System.getenv("SQL_GUARD_CACHE_DIR");
        if (own != null && !own.isBlank()) {
            return Path.of(own);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "sql-guard");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "sql-guard");
    }

    /**
     * In the JVM that writes the archive: lints the bundled training script, its report discarded,
     * so that the archive the JVM writes at exit holds the classes of planning a query.
     */
    static void trainIfAsked() throws IOException {
        if (!Boolean.getBoolean(TRAINING_PROPERTY)) {
            return;
        }
        Path dir = Files.createTempDirectory("sql-guard-training");
        Path script = dir.resolve(TRAINING);
        Path report = dir.resolve("report.json");
        try (InputStream in = FastStart.class.getResourceAsStream(TRAINING)) {
            if (in == null) {
                throw new IOException("the CLI jar lacks " + TRAINING);
            }
            Files.copy(in, script);
        }
        // Flink's defaults, not the run's configuration directory: a config.yaml that lint cannot read
        // would leave the training, and so the archive every later run maps, without the planner's classes.
        Path conf = Files.createDirectory(dir.resolve("conf"));
        Path yaml = Files.createFile(conf.resolve("config.yaml"));
        try {
            SqlGuardCommand.execute("lint", "-q", "--no-project", "--conf", conf.toString(), "--format", "json", "-o",
                    report.toString(), "--fail-on", "NONE", script.toString());
        } finally {
            Files.deleteIfExists(script);
            Files.deleteIfExists(report);
            Files.deleteIfExists(yaml);
            Files.deleteIfExists(conf);
            Files.delete(dir);
        }
    }

    /** Moves a written archive to its name and returns it; a JVM that wrote none (it failed) leaves nothing. */
    private static Path publish(Path written) throws IOException {
        if (!Files.isRegularFile(written)) {
            return null;
        }
        Path archive = written.resolveSibling(written.getFileName().toString().replaceFirst("\\.\\d+\\.tmp$", ""));
        try {
            Files.move(written, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(written, archive, StandardCopyOption.REPLACE_EXISTING);
        }
        return archive;
    }

    private static String setting() {
        String property = System.getProperty(PROPERTY);
        if (property != null) {
            return property.strip().toLowerCase(Locale.ROOT);
        }
        String env = System.getenv("SQL_GUARD_FAST_START");
        return env == null ? "" : env.strip().toLowerCase(Locale.ROOT);
    }

    /** The jar this class was loaded from; empty when it runs from a classes directory. */
    private static Optional<Path> jar() {
        java.security.CodeSource source = FastStart.class.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return Optional.empty();
        }
        try {
            Path path = Path.of(source.getLocation().toURI());
            return path.toString().endsWith(".jar") && Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
