package io.github.sqlguard.compare;

import io.github.sqlguard.lint.LintReport;

import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code sql-guard.sh compare OLD.json NEW.json}: what differs, statement by statement, between two
 * lint reports of the same scripts ({@code lint --format json}), such as the reports of a Flink
 * line's CLI jar and the next line's: verdict, rule ids, refusal by Flink, stateful operators and
 * their state TTLs, each with the reason the rules give. Exit codes as {@code diff}'s: {@value #SAME}
 * nothing differs, {@value #DIFFERENT} something does, {@value #USAGE} a report could not be read.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description = {
            "Compares two lint reports (lint --format json) of the same scripts, e.g. one per Flink line, and prints"
                    + " per statement what differs: verdict, rule ids, refusal by Flink, stateful operators, state TTLs,"
                    + " with the reasons."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:the reports agree", "1:a statement differs", "2:invalid command line or unreadable report"})
public final class CompareCommand implements Callable<Integer> {

    public static final int SAME = 0;
    public static final int DIFFERENT = 1;
    public static final int USAGE = 2;

    @Parameters(index = "0", paramLabel = "OLD", description = "The old report, e.g. of Flink 1.20's CLI jar.")
    Path before;

    @Parameters(index = "1", paramLabel = "NEW", description = "The new report, e.g. of Flink 2.3's CLI jar.")
    Path after;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text (default), json or markdown (a table for a pull request comment).",
            converter = FormatConverter.class)
    CompareFormat format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the comparison here instead of stdout.")
    Path output;

    @Override
    public Integer call() throws IOException {
        ReportComparison comparison;
        try {
            comparison = ReportComparison.of(before.toString(), read(before), after.toString(), read(after));
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("sql-guard compare: " + e.getMessage());
            return USAGE;
        }
        try (PrintWriter out =
                output == null
                        ? new PrintWriter(new OutputStreamWriter(new PrintStream(System.out, true, StandardCharsets.UTF_8),
                                StandardCharsets.UTF_8), false)
                        : new PrintWriter(Files.newBufferedWriter(output, StandardCharsets.UTF_8))) {
            format.write(comparison, out);
        }
        return comparison.differences().isEmpty() ? SAME : DIFFERENT;
    }

    private static LintReport read(Path report) throws IOException {
        if (!Files.isReadable(report)) {
            throw new IllegalArgumentException("cannot read " + report);
        }
        LintReport read = LintReport.read(report);
        if (read.sarif() || read.statements().stream().anyMatch(s -> s.fingerprint() == null)) {
            throw new IllegalArgumentException(report + " is not a JSON report of lint (--format json) with statement"
                    + " fingerprints");
        }
        return read;
    }

    /** Case-insensitive {@link CompareFormat}. */
    static final class FormatConverter implements ITypeConverter<CompareFormat> {
        @Override
        public CompareFormat convert(String value) {
            return CompareFormat.valueOf(value.strip().toUpperCase(Locale.ROOT));
        }
    }
}
