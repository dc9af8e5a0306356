package io.github.sqlguard.cli;

import io.github.sqlguard.lint.LintCommand;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/sql-guard.sh}: the Flink SQL Guard command line, with the subcommands {@code client}
 * (Flink's SQL Client with the guard's advisories) and {@code lint} (scripts checked in CI).
 */
@Command(
        name = "sql-guard.sh",
        mixinStandardHelpOptions = true,
        versionProvider = SqlGuardCommand.Version.class,
        description = "Flink SQL Guard: the Flink SQL Client with the guard's advisories, and lint for SQL scripts.",
        subcommands = {ClientCommand.class, LintCommand.class, CommandLine.HelpCommand.class})
public final class SqlGuardCommand implements Runnable {

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: client or lint.");
    }

    /** Runs the command line and exits with its exit code. */
    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (for tests and embedding). */
    public static int execute(String... args) {
        return new CommandLine(new SqlGuardCommand()).execute(args);
    }

    /** The project version, from the jar manifest when there is one. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = SqlGuardCommand.class.getPackage().getImplementationVersion();
            return new String[] {"Flink SQL Guard " + (version == null ? "(development build)" : version)
                    + ", Flink " + org.apache.flink.runtime.util.EnvironmentInformation.getVersion()};
        }
    }
}
