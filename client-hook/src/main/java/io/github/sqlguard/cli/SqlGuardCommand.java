package io.github.sqlguard.cli;

import io.github.sqlguard.compare.CompareCommand;
import io.github.sqlguard.endpoint.GuardVersion;
import io.github.sqlguard.lint.LintCommand;
import io.github.sqlguard.observe.JobsCommand;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.List;

/**
 * {@code bin/sql-guard.sh}: the Flink SQL Guard command line, with the subcommands {@code client}
 * (Flink's SQL Client with the guard's advisories), {@code lint} (scripts checked in CI) and {@code
 * compare} (two lint reports side by side: an upgrade report) and {@code jobs} (the jobs a guarded
 * gateway let through, with the state their findings predicted).
 */
@Command(
        name = "sql-guard.sh",
        mixinStandardHelpOptions = true,
        versionProvider = SqlGuardCommand.Version.class,
        description = "Flink SQL Guard: the Flink SQL Client with the guard's advisories, lint for SQL scripts, and compare"
                + " for two lint reports (an upgrade report), jobs for the jobs a gateway let through and what their state says.")
public final class SqlGuardCommand implements Runnable {

    /** The subcommands, in the order the usage lists them ({@link #commandLine}). */
    static final List<Class<?>> SUBCOMMANDS = List.of(
            ClientCommand.class, LintCommand.class, CompareCommand.class, JobsCommand.class, CommandLine.HelpCommand.class);

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: client, lint, compare or jobs.");
    }

    /**
     * Runs the command line and exits with its exit code; {@code lint} started with {@code java -jar}
     * runs in a second JVM with the flags of a short run ({@link FastStart}).
     */
    public static void main(String[] args) throws Exception {
        java.util.Optional<java.util.List<String>> fast = FastStart.command(args);
        if (fast.isPresent()) {
            System.exit(FastStart.run(fast.get()));
        }
        UnmappedArchive.check();
        FastStart.checkLaunchFile();
        FastStart.keepMetadataHandlers(args);
        FastStart.trainIfAsked();
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (for tests and embedding). */
    public static int execute(String... args) {
        return commandLine(args).setCommandName(commandName(System.getProperty(COMMAND_PROPERTY), codeLocation()))
                .execute(args);
    }

    /**
     * The command line that parses {@code args}: for {@code lint} with {@code lint} as its only subcommand, otherwise
     * with all of {@link #SUBCOMMANDS}. picocli builds the model of every subcommand it is given, by reflection over
     * its annotated fields, and instantiates it (the other four loaded the {@code jobs} command's watcher and option
     * classes and {@code compare}'s formats into every lint); a {@code lint} run parses, and shows the usage of, the
     * {@code lint} subcommand only, so it needs no other.
     */
    // Not public: the JDK's launcher looks up main among the public methods (LauncherHelper#validateMainClass,
    // Class#getMethod), which loads every public method's return type, and picocli's CommandLine would then be read
    // from the jar in the java -jar launcher JVM, which runs it only on a jar's first start (FastStart#writesCache;
    // CliJarIT#lintsJvmTakesPicocliFromTheArchiveAsWell).
    static CommandLine commandLine(String... args) {
        CommandLine line = new CommandLine(new SqlGuardCommand());
        boolean lint = args.length > 0 && "lint".equals(args[0]);
        for (Class<?> subcommand : SUBCOMMANDS) {
            if (!lint || subcommand == LintCommand.class) {
                line.addSubcommand(subcommand);
            }
        }
        return line;
    }

    /** Set by {@code bin/sql-guard.sh} to the name its usage lines should show. */
    static final String COMMAND_PROPERTY = "sql-guard.command";

    /**
     * The command as the user started it, for the usage lines: the launcher's name ({@link
     * #COMMAND_PROPERTY}), else {@code java -jar <the jar's file name>} when started from a jar, else
     * {@code sql-guard.sh}.
     */
    static String commandName(String launcher, String codeLocation) {
        if (launcher != null && !launcher.isBlank()) {
            return launcher.strip();
        }
        if (codeLocation != null && codeLocation.endsWith(".jar")) {
            return "java -jar " + codeLocation.substring(codeLocation.lastIndexOf('/') + 1);
        }
        return "sql-guard.sh";
    }

    /** Where this class was loaded from (a jar or a classes directory), as a path; null when unknown. */
    private static String codeLocation() {
        java.security.CodeSource source = SqlGuardCommand.class.getProtectionDomain().getCodeSource();
        return source == null || source.getLocation() == null ? null : source.getLocation().getPath();
    }

    /** The project version, from the jar manifest when there is one. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"Flink SQL Guard " + GuardVersion.guard().orElse("(development build)")
                    + ", Flink " + GuardVersion.flink()};
        }
    }
}
