package io.github.sqlguard.lint;

import io.github.sqlguard.cli.UserJars;
import io.github.sqlguard.policy.GuardOptions;
import io.github.sqlguard.rules.Level;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.GlobalConfiguration;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * {@code sql-guard.sh lint FILE|DIR...}: the guard's verdict on every statement of SQL scripts,
 * without running jobs (see {@link LintEngine}), for people and CI. Exit codes: {@value #OK} no
 * finding reached {@code --fail-on}; {@value #FINDINGS} a finding reached it (with {@code --since}
 * or {@code --baseline}, a new finding: {@link BaselineComparison}); {@value #USAGE} bad
 * command line; {@value #INCOMPLETE} the lint is incomplete: an input could not be read, or a
 * statement could not be analysed because a connector, format, catalog, class or jar is missing
 * ({@value MissingDependency#ID}); the rest was linted and reported; {@value #FAILED} the linter
 * itself could not run (for example a bad {@code sql-guard.*} option).
 */
@Command(
        name = "lint",
        mixinStandardHelpOptions = true,
        description = {
            "Lints Flink SQL scripts with the guard's rules, without running jobs: DDL and SET take effect in a fresh"
                    + " session per script, queries and INSERTs are only EXPLAINed.",
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:no finding at or above --fail-on",
            "1:a finding at or above --fail-on (with --since or --baseline: a new one)",
            "2:invalid command line",
            "3:incomplete: an input could not be read, or a statement could not be analysed for a missing connector,"
                    + " format, catalog, class or jar (missing-dependency); the rest was linted",
            "4:the linter could not run (e.g. an invalid sql-guard.* option)"
        })
public final class LintCommand implements Callable<Integer> {

    public static final int OK = 0;
    public static final int FINDINGS = 1;
    public static final int USAGE = 2;
    public static final int INCOMPLETE = 3;
    public static final int FAILED = 4;

    /** Levels that {@code --fail-on} accepts; NONE never fails on findings. */
    public enum FailOn {
        BLOCK(Level.BLOCK),
        WARN(Level.WARN),
        INFO(Level.INFO),
        NONE(Level.OFF);

        final Level level;

        FailOn(Level level) {
            this.level = level;
        }
    }

    @Parameters(arity = "0..*", paramLabel = "FILE|DIR",
            description = "Scripts, or directories searched for scripts (*.sql, or the include globs of sql-guard.yaml)."
                    + " Default: the directory of sql-guard.yaml, when it has include globs; else, with --since, the"
                    + " git repository of the working directory.")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--jar", paramLabel = "FILE",
            description = "A connector, format, catalog or UDF jar for every session, as sql-client.sh --jar (repeatable).")
    List<Path> jars = new ArrayList<>();

    @Option(names = "--classpath", paramLabel = "PATHS",
            description = "More jars, path-separated: each a jar, or a directory whose *.jar files are taken.")
    String classpath;

    @Option(names = "--stand-in-connectors", negatable = true,
            description = "Plan a table whose connector jar lint does not have through a stand-in of the same schema and"
                    + " changelog mode (inferred: upsert for upsert-kafka, every change for CDC formats, else the format's"
                    + " own or insert-only) instead of reporting missing-dependency; every finding so made says so."
                    + " Default: sql-guard.yaml's stand-in-connectors, else off.")
    Boolean standInConnectors;

    @Option(names = {"-i", "--init"}, paramLabel = "FILE",
            description = "An init script run first in every script's session, as sql-client.sh -i (repeatable);"
                    + " its statements are linted and reported once.")
    List<Path> init = new ArrayList<>();

    @Option(names = "--project", paramLabel = "FILE",
            description = "The project file (default: the nearest sql-guard.yaml in the working directory or above).")
    Path projectFile;

    @Option(names = "--no-project", description = "Do not read a sql-guard.yaml.")
    boolean noProject;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default), json, sarif (SARIF 2.1.0) or github (workflow annotations).",
            converter = FormatConverter.class)
    LintFormat format;

    @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "BLOCK",
            description = "Exit 1 when a finding reaches this level: BLOCK (default), WARN, INFO or NONE.",
            converter = FailOnConverter.class)
    FailOn failOn;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the report here instead of stdout.")
    Path output;

    @Option(names = "--conf", paramLabel = "DIR",
            description = "Directory of a Flink config.yaml with the sql-guard.* policy (default: $FLINK_CONF_DIR, if set).")
    Path confDir;

    @Option(names = "-D", paramLabel = "KEY=VALUE", description = "A configuration option over config.yaml, e.g. -D sql-guard.rules.large-top-n.level=BLOCK.")
    Map<String, String> properties = new LinkedHashMap<>();

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr.")
    boolean quiet;

    @Option(names = {"-j", "--jobs"}, paramLabel = "N",
            description = "Lint up to N scripts at once, each in a session of its own (the report keeps file order)."
                    + " Default: the processors the JVM sees, at most " + MAX_DEFAULT_JOBS + ".")
    Integer jobs;

    /** The most scripts linted at once by default: each holds a session, its planner and its plans in memory. */
    static final int MAX_DEFAULT_JOBS = 4;

    /** {@code --jobs}, or its default: the processors the JVM sees, at most {@link #MAX_DEFAULT_JOBS}. */
    static int jobs(Integer given) {
        return given != null ? given : Math.min(Runtime.getRuntime().availableProcessors(), MAX_DEFAULT_JOBS);
    }

    @Option(names = "--since", paramLabel = "GIT-REF",
            description = "Lint only the scripts changed since this revision (the merge base of it and HEAD, with the"
                    + " working tree's changes and untracked files), and fail only on findings that are new there:"
                    + " each changed script is compared with its version at that revision. Needs git.")
    String since;

    @Option(names = "--restores-from", paramLabel = "OLD-FILE",
            description = "Judge the jobs of the one script named (its INSERTs and statement sets) as restores of a"
                    + " savepoint of the jobs of OLD-FILE, its previous version, as --since does without git: each job"
                    + " with the old job that writes the same tables says restores, restores with a changed meaning or"
                    + " cannot restore (restore-* findings). OLD-FILE is planned in a session of its own and not reported.")
    Path restoresFrom;

    @Option(names = "--baseline", paramLabel = "FILE",
            description = "A lint report (--format json or sarif) whose findings are accepted: only findings it does"
                    + " not list (by file and fingerprint) fail the run; SARIF marks each result new, unchanged or absent.")
    Path baseline;

    @Option(names = "--fix", description = "Write the guard's proven rewrites into the scripts (each statement with one"
            + " is replaced by the preferred rewrite of its highest finding; only rewrites the guard proved).")
    boolean fix;

    @Option(names = "--diff", description = "Print the proven rewrites as a unified diff of the scripts, in place of the"
            + " report.")
    boolean diff;

    @Spec CommandSpec spec;

    /** Where the command runs: the nearest sql-guard.yaml and, with {@code --since} alone, the repository are found from here. */
    private final Path workingDirectory;

    /** The command as started: from the process's working directory. */
    public LintCommand() {
        this(Path.of(""));
    }

    /** The command as if started in {@code workingDirectory} (tests: a repository of their own). */
    LintCommand(Path workingDirectory) {
        this.workingDirectory = workingDirectory;
    }

    /** {@code --diff} prints the proven rewrites as a diff; {@code --fix} writes them ({@link LintFixes}). */
    private void fixes(LintRun run) throws IOException {
        List<LintFixes> fixes = LintFixes.of(run);
        if (diff) {
            PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
            PrintWriter notes = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
            fixes.forEach(f -> f.diff(out, notes));
            fixes.forEach(f -> f.deferredNote().ifPresent(notes::println));
            out.flush();
            notes.flush();
        }
        if (fix) {
            for (LintFixes f : fixes) {
                f.write();
                if (!quiet) {
                    System.err.printf("sql-guard lint: %s: wrote %d proven rewrite(s)%n", f.file(), f.hunks().size());
                    f.writtenNotes().forEach(System.err::println);
                }
                f.deferredNote().ifPresent(System.err::println);
            }
        }
    }

    /**
     * What {@link #call} reads and checks before it lints: the project file, the configuration, the scripts (with
     * {@code --since} alone, the repository's), the jars, the baseline and {@code --since}'s revision. A command
     * line that fails here is {@link Answered}, its message written to {@code messages}; no engine is started
     * and nothing is planned.
     */
    private Checked check(PrintStream messages) {
        if (jobs != null && jobs < 1) {
            messages.println("sql-guard lint: --jobs " + jobs + ": lint at least one script at a time (--jobs 1 or more)");
            return new Answered(USAGE);
        }
        ProjectFile project;
        Configuration config;
        try {
            project = project();
            config = configuration(project);
        } catch (RuntimeException e) {
            messages.println("sql-guard lint: cannot read the configuration: " + e.getMessage());
            return new Answered(FAILED);
        }
        List<Path> scripts = inputs;
        GitChanges changes = null;
        if (restoresFrom != null && (since != null || inputs.size() != 1 || Files.isDirectory(inputs.get(0))
                || Linter.display(restoresFrom).equals(Linter.display(inputs.get(0))))) {
            messages.println("sql-guard lint: --restores-from OLD-FILE judges one script, its new version: name that"
                    + " one file" + (since != null ? ", without --since (which finds each script's old version in git)" : "")
                    + ".");
            messages.println("Usage: " + commandName() + " --restores-from OLD-FILE NEW-FILE");
            return new Answered(USAGE);
        }
        if (scripts.isEmpty()) {
            if (project != null && !project.include().isEmpty()) {
                scripts = List.of(fromWorkingDirectory(project.root()));
            } else if (since != null) {
                // A pre-commit hook or CI step in a repository without sql-guard.yaml: the changed
                // *.sql files of the whole repository.
                try {
                    changes = GitChanges.since(since, workingDirectory);
                } catch (GitChanges.GitException e) {
                    messages.println("sql-guard lint: --since " + since + ": " + e.getMessage());
                    return new Answered(USAGE);
                }
                scripts = List.of(fromWorkingDirectory(changes.top()));
            } else {
                messages.println("sql-guard lint: name the scripts or directories to lint, give 'include' globs in "
                        + ProjectFile.NAME + ", or lint what changed in this git repository with --since GIT-REF.");
                messages.println("Usage: " + commandName() + " [OPTIONS] FILE|DIR...  (" + commandName() + " --help)");
                return new Answered(USAGE);
            }
        }
        List<URI> dependencies;
        if (project != null) {
            // A jar the project file names is its configuration, not the command line's.
            try {
                UserJars.resolve(project.jars(), project.classpath());
            } catch (IllegalArgumentException e) {
                messages.println("sql-guard lint: " + project.file() + " names a jar lint cannot use ('jars' is --jar,"
                        + " 'classpath' is --classpath): " + e.getMessage());
                return new Answered(FAILED);
            }
        }
        try {
            dependencies = UserJars.resolve(
                    concat(project == null ? List.of() : project.jars(), jars),
                    concat(project == null ? List.of() : project.classpath(), UserJars.splitClasspath(classpath)));
        } catch (IllegalArgumentException e) {
            messages.println("sql-guard lint: " + e.getMessage());
            return new Answered(USAGE);
        }
        List<Path> initScripts = concat(
                project == null ? List.of() : project.init().stream().map(LintCommand::fromWorkingDirectory).toList(),
                init);
        ScriptFilter filter = project == null
                ? ScriptFilter.ALL_SQL
                : new ScriptFilter(project.root(), project.include(), project.exclude());
        boolean standIns = standInConnectors != null
                ? standInConnectors
                : project != null && project.standInConnectors().orElse(false);
        List<BaselineFinding> accepted = List.of();
        if (baseline != null) {
            try {
                accepted = LintReport.read(baseline).baseline();
            } catch (IOException | IllegalArgumentException e) {
                messages.println("sql-guard lint: --baseline " + baseline + ": " + e.getMessage());
                return new Answered(USAGE);
            }
        }
        if (since != null && changes == null) {
            try {
                changes = GitChanges.since(since, repository(project, scripts));
            } catch (GitChanges.GitException e) {
                messages.println("sql-guard lint: --since " + since + ": " + e.getMessage());
                return new Answered(USAGE);
            }
        }
        return new Prepared(project, config, scripts, changes, dependencies, initScripts, filter, standIns, accepted);
    }

    @Override
    public Integer call() throws Exception {
        Checked checked = check(System.err);
        if (checked instanceof Answered answered) {
            return answered.exit();
        }
        Prepared prepared = (Prepared) checked;
        Configuration config = prepared.config();
        List<Path> scripts = prepared.scripts();
        GitChanges changes = prepared.changes();
        List<URI> dependencies = prepared.dependencies();
        List<Path> initScripts = prepared.initScripts();
        ScriptFilter filter = prepared.filter();
        boolean standIns = prepared.standIns();
        List<BaselineFinding> accepted = prepared.accepted();
        LintRun run;
        try {
            Linter linter = new Linter(
                    () -> new LintEngine(config, dependencies, standIns), quiet ? null : System.err, initScripts, filter,
                    jobs(jobs));
            if (changes != null) {
                run = lintChanges(linter, changes, scripts, filter, initScripts, accepted);
            } else if (restoresFrom != null) {
                run = restoresFrom(linter, scripts.get(0));
                if (baseline != null) {
                    run = run.against(BaselineComparison.of("the baseline " + baseline, run.statements(), accepted));
                }
            } else {
                run = linter.run(scripts);
                if (baseline != null) {
                    run = run.against(BaselineComparison.of("the baseline " + baseline, run.statements(), accepted));
                }
            }
        } catch (IllegalArgumentException e) {
            System.err.println("sql-guard lint: invalid Flink SQL Guard configuration: " + e.getMessage());
            return FAILED;
        } catch (GitChanges.GitException e) {
            System.err.println("sql-guard lint: --since " + since + ": " + e.getMessage());
            return FAILED;
        }
        if (fix || diff) {
            fixes(run);
        }
        if (!diff) {
            try (PrintWriter out =
                    output == null
                            ? new PrintWriter(new OutputStreamWriter(new PrintStream(System.out, true, StandardCharsets.UTF_8),
                                    StandardCharsets.UTF_8), false)
                            : new PrintWriter(Files.newBufferedWriter(output, StandardCharsets.UTF_8))) {
                format.write(run, out, config.get(GuardOptions.DOCS_BASE_URL));
            }
        }
        if (format != LintFormat.TEXT) {
            for (LintProblem problem : run.problems()) {
                System.err.printf("sql-guard lint: %s: %s%n", problem.path(), problem.message());
            }
            if (run.unanalysed() > 0) {
                System.err.printf("sql-guard lint: %d statement(s) could not be analysed (%s): see the report%n",
                        run.unanalysed(), MissingDependency.ID);
            }
        }
        if (!run.problems().isEmpty() || run.unanalysed() > 0) {
            return INCOMPLETE;
        }
        return run.reaches(failOn.level) ? FINDINGS : OK;
    }

    /** What {@link #check} gives: lint's answer without linting, or what the run lints with. */
    private sealed interface Checked permits Answered, Prepared {}

    /** The command line answered before linting, with this exit code (its message written). */
    private record Answered(int exit) implements Checked {}

    /** What {@link #call} lints with, read and checked. */
    private record Prepared(
            ProjectFile project, Configuration config, List<Path> scripts, GitChanges changes, List<URI> dependencies,
            List<Path> initScripts, ScriptFilter filter, boolean standIns, List<BaselineFinding> accepted)
            implements Checked {

        /**
         * Whether the run gives the engine a script: a readable init script (linted even alone), with {@code
         * --since} a changed script among the inputs ({@link ChangedSince#scripts}), else an input that is a
         * directory or a readable file ({@link Linter} reports the others as problems without an engine).
         */
        boolean lintsAScript() {
            if (initScripts.stream().anyMatch(f -> Files.isRegularFile(f) && Files.isReadable(f))) {
                return true;
            }
            if (changes != null) {
                return !ChangedSince.scripts(changes, scripts, filter).isEmpty();
            }
            return scripts.stream().anyMatch(f -> Files.isDirectory(f) || Files.isRegularFile(f) && Files.isReadable(f));
        }
    }

    /**
     * Whether lint started with {@code arguments} (those after {@code lint}) in {@code workingDirectory} plans a
     * statement. Not when picocli refuses the command line (an unknown option, a bad value) or answers it ({@code
     * --help}, {@code --version}), when {@link #check} answers it ({@code --since} naming a revision git does not
     * know, no script named, an unreadable configuration or baseline...), nor when there is nothing to lint (every
     * path named missing, {@code --since} with no changed script). Writes nothing; runs git where {@code --since}
     * asks for it, as lint would.
     *
     * <p>For the first start of a CLI jar ({@code cli.FastStart}): that start writes the start-up cache while it
     * lints, a minute or more, and a command line lint answers without planning is answered at once instead.
     */
    public static boolean plans(Path workingDirectory, String... arguments) {
        LintCommand command = new LintCommand(workingDirectory);
        picocli.CommandLine.ParseResult parsed;
        try {
            parsed = new picocli.CommandLine(command).parseArgs(arguments);
        } catch (picocli.CommandLine.ParameterException e) {
            // Decided: a command line picocli refuses plans nothing; lint's own run prints picocli's message.
            return false;
        }
        if (parsed.isUsageHelpRequested() || parsed.isVersionHelpRequested()) {
            return false;
        }
        Checked checked = command.check(new PrintStream(java.io.OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8));
        return checked instanceof Prepared prepared && (command.restoresFrom != null || prepared.lintsAScript());
    }

    /** A path of the project file as reports name it ({@link WorkingDirectory#relative}). */
    private static Path fromWorkingDirectory(Path path) {
        return WorkingDirectory.relative(path);
    }

    /** The directory whose git working tree {@code --since} reads: the project's, else the first input's. */
    private static Path repository(ProjectFile project, List<Path> inputs) {
        if (project != null) {
            return project.root();
        }
        Path first = inputs.get(0).toAbsolutePath();
        return Files.isDirectory(first) ? first : first.getParent();
    }

    /** {@code --since}: the changed scripts of {@code inputs}, against their versions at the merge base. */
    private LintRun lintChanges(
            Linter linter, GitChanges changes, List<Path> inputs, ScriptFilter filter, List<Path> initScripts,
            List<BaselineFinding> accepted) throws IOException, GitChanges.GitException {
        List<Path> changed = ChangedSince.scripts(changes, inputs, filter);
        if (!quiet) {
            System.err.printf("sql-guard lint: %d script(s) changed since %s%n", changed.size(), changes.description());
        }
        Path scratch = Files.createTempDirectory("sql-guard-since");
        try {
            String since = changes.description() + (baseline == null ? "" : " and the baseline " + baseline);
            return ChangedSince.lint(linter, changed, initScripts, changes, scratch, accepted, since);
        } finally {
            try (Stream<Path> walk = Files.walk(scratch)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** {@code --restores-from OLD NEW}: NEW linted, its jobs judged as restores of OLD's; OLD not reported. */
    private LintRun restoresFrom(Linter linter, Path script) {
        String old = Linter.display(restoresFrom);
        String now = Linter.display(script);
        LintRun both = linter.run(List.of(restoresFrom, script), Map.of(now, new Linter.PreviousVersion(old, old)));
        return new LintRun(
                both.files().stream().filter(f -> !f.equals(old)).toList(),
                both.statements().stream().filter(s -> !s.file().equals(old)).toList(),
                both.problems());
    }

    /** This command as the user started it ({@code java -jar <jar> lint}, {@code bin/sql-guard.sh lint}). */
    private String commandName() {
        return spec == null ? "sql-guard.sh lint" : spec.qualifiedName();
    }

    private static <T> List<T> concat(List<T> first, List<T> second) {
        List<T> out = new ArrayList<>(first);
        out.addAll(second);
        return out;
    }

    /** The project file named by --project, or the nearest one, or none (--no-project). */
    private ProjectFile project() {
        if (noProject) {
            return null;
        }
        if (projectFile != null) {
            return ProjectFile.load(projectFile);
        }
        return ProjectFile.find(workingDirectory).orElse(null);
    }

    /** Flink's config.yaml, then the project file's options, then -D: the last one given wins. */
    private Configuration configuration(ProjectFile project) {
        Path dir = confDir;
        if (dir == null && System.getenv("FLINK_CONF_DIR") != null) {
            dir = Path.of(System.getenv("FLINK_CONF_DIR"));
        }
        Configuration config = new Configuration();
        if (dir != null) {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException("no such directory: " + dir);
            }
            config = GlobalConfiguration.loadConfiguration(dir.toString());
        }
        if (project != null) {
            project.options().forEach(config::setString);
        }
        properties.forEach(config::setString);
        return config;
    }

    /** Case-insensitive {@link LintFormat}. */
    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<LintFormat> {
        @Override
        public LintFormat convert(String value) {
            return LintFormat.valueOf(value.strip().toUpperCase(java.util.Locale.ROOT));
        }
    }

    /** Case-insensitive {@link FailOn}. */
    static final class FailOnConverter implements picocli.CommandLine.ITypeConverter<FailOn> {
        @Override
        public FailOn convert(String value) {
            return FailOn.valueOf(value.strip().toUpperCase(java.util.Locale.ROOT));
        }
    }
}
