package io.github.sqlguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** The command line a run parses with: a lint run builds lint's model only, every other run all subcommands. */
class SqlGuardCommandLineTest {

    @Test
    void aLintRunBuildsOnlyLintsModel() {
        assertThat(SqlGuardCommand.commandLine("lint", "a.sql").getSubcommands()).containsOnlyKeys("lint");
        assertThat(SqlGuardCommand.commandLine("help").getSubcommands().keySet())
                .containsExactly("client", "lint", "compare", "jobs", "help");
        assertThat(SqlGuardCommand.commandLine().getSubcommands().keySet())
                .containsExactly("client", "lint", "compare", "jobs", "help");
    }

    @Test
    void lintsUsageIsTheSameWhicheverModelIsBuilt() {
        CommandLine alone = SqlGuardCommand.commandLine("lint").setCommandName("java -jar cli.jar");
        CommandLine all = SqlGuardCommand.commandLine("help").setCommandName("java -jar cli.jar");

        assertThat(alone.getSubcommands().get("lint").getUsageMessage(CommandLine.Help.Ansi.OFF))
                .isEqualTo(all.getSubcommands().get("lint").getUsageMessage(CommandLine.Help.Ansi.OFF))
                .startsWith("Usage: java -jar cli.jar lint ");
        assertThat(all.getUsageMessage(CommandLine.Help.Ansi.OFF)).containsSubsequence(
                "Commands:", "client", "lint", "compare", "jobs", "help");
    }
}
