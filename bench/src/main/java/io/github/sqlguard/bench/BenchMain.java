package io.github.sqlguard.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of the benchmarks: {@code gateways} (plain vs guarded SQL Gateway over REST), {@code
 * memory} (gateway heap over many statements and sessions), {@code contention} (a session's small
 * query while another plans a huge statement), {@code analysis} (JMH: plan parsing and all rules on
 * real plans), {@code restore} (the restore check's cost per statement, issue 28) and {@code restore-shapes} (its read by savepoint shape). Run with {@code java -jar
 * bench/target/flink-sql-guard-bench.jar <command> --help}.
 */
@Command(
        name = "flink-sql-guard-bench",
        mixinStandardHelpOptions = true,
        subcommands = {GatewaysCommand.class, MemoryCommand.class, ContentionCommand.class, AnalysisCommand.class,
                RestoreCheckCommand.class, RestoreShapesCommand.class, ServeCommand.class},
        description = "Benchmarks of Flink SQL Guard. Commands: gateways, memory, contention, analysis, restore, restore-shapes.")
public final class BenchMain implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Runs the command line and exits with its code. */
    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchMain()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
