package io.github.sqlguard.cli;

import io.github.sqlguard.compare.CompareCommand;
import io.github.sqlguard.lint.LintCommand;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code bin/sql-guard.sh}: the Flink SQL Guard command line, with the subcommands {@code client}
 * (Flink's SQL Client with the guard's advisories), {@code lint} (scripts checked in CI) and {@code
 * compare} (two lint reports side by side: an upgrade report).
 */
@Command(
        name = "sql-guard.sh",
        mixinStandardHelpOptions = true,
        versionProvider = SqlGuardCommand.Version.class,
        description = "Flink SQL Guard: the Flink SQL Client with the guard's advisories, lint for SQL scripts, and compare"
                + " for two lint reports (an upgrade report).",
        subcommands = {ClientCommand.class, LintCommand.class, CompareCommand.class, CommandLine.HelpCommand.class})
public final class SqlGuardCommand implements Runnable {

    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: client, lint or compare.");
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
