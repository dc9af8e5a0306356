package io.github.sqlguard.testing;

import io.github.sqlguard.flink.FlinkLine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The corpus verdicts of one Flink line where they differ from the case headers, which state the
 * Flink 2.3 verdict: {@code gateway-interceptor/src/test/resources/cases-flink-<line>.properties},
 * one case a line, {@code <case file>=<LEVEL> <rule-id>... # <why>} ({@code #} lines are comments).
 * A line without such a file decides every case as its header says. {@link SqlScript#read} applies
 * the file of this build's line ({@link FlinkLine#current()}), so every corpus test expects the
 * verdict of the Flink it runs against.
 */
public final class LineExpectations {

    /** A case's verdict on a line, with the reason it differs from the header. */
    public record Expectation(String verdict, List<String> rules, String why) {}

    private static Map<String, Expectation> current;

    private LineExpectations() {}

    /** The expectation file of {@code line}; it need not exist. */
    public static Path file(String line) {
        return GuardedGateway.projectRoot()
                .resolve("gateway-interceptor/src/test/resources/cases-flink-" + line + ".properties");
    }

    /** The differing verdicts of this build's line, by case file name. */
    public static synchronized Map<String, Expectation> current() {
        if (current == null) {
            current = of(FlinkLine.current().line());
        }
        return current;
    }

    /** The differing verdicts of {@code line}, by case file name; empty when it has no file. */
    public static Map<String, Expectation> of(String line) {
        Path file = file(line);
        Map<String, Expectation> expectations = new LinkedHashMap<>();
        if (!Files.exists(file)) {
            return expectations;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String text = lines.get(i).strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            int eq = text.indexOf('=');
            int hash = text.indexOf(" # ");
            if (eq <= 0 || hash < eq) {
                throw new IllegalArgumentException(
                        file + ":" + (i + 1) + ": expected '<case file>=<LEVEL> <rule-id>... # <why>', got: " + text);
            }
            String[] words = text.substring(eq + 1, hash).strip().split("\\s+");
            String why = text.substring(hash + 3).strip();
            if (words[0].isEmpty() || why.isEmpty()) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": a verdict and a reason are required: " + text);
            }
            Expectation previous =
                    expectations.put(
                            text.substring(0, eq).strip(),
                            new Expectation(words[0], List.copyOf(Arrays.asList(words).subList(1, words.length)), why));
            if (previous != null) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": case listed twice: " + text);
            }
        }
        return expectations;
    }
}
