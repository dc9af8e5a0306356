package io.github.sqlguard.bench;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The {@code analysis} mode's per-plan-size table. Pure: no I/O. */
public final class AnalysisTable {

    private AnalysisTable() {}

    /**
     * A fixture as {@code AnalysisBenchmark} describes it in its fixture log.
     *
     * @param nodes the benchmark's {@code nodes} parameter (target size)
     * @param executionNodes nodes of the execution plan section
     * @param allNodes nodes of all sections
     * @param chars length of the EXPLAIN text
     */
    public record Fixture(int nodes, int branches, int executionNodes, int allNodes, int chars, int findings) {}

    /**
     * One measured plan size.
     *
     * @param fixture the plan, null when its description is missing
     * @param microsPerOp mean time per analysis
     * @param error the 99.9 % confidence half-width, NaN when unknown
     * @param bytesPerOp allocation per analysis, NaN when not measured
     */
    public record Row(int nodes, Fixture fixture, double microsPerOp, double error, double bytesPerOp) {}

    /** Parses fixture log lines ({@code nodes=100 branches=20 executionNodes=99 allNodes=287 chars=31000 findings=30}), by nodes. */
    public static Map<Integer, Fixture> parseFixtures(List<String> lines) {
        Map<Integer, Fixture> fixtures = new HashMap<>();
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            Map<String, Integer> fields = new HashMap<>();
            for (String pair : line.strip().split("\\s+")) {
                String[] kv = pair.split("=", 2);
                fields.put(kv[0], Integer.parseInt(kv[1]));
            }
            Fixture f = new Fixture(fields.get("nodes"), fields.get("branches"), fields.get("executionNodes"),
                    fields.get("allNodes"), fields.get("chars"), fields.get("findings"));
            fixtures.put(f.nodes(), f);
        }
        return fixtures;
    }

    /**
     * The table: one row per plan size, with time and allocation per analysis and per 100
     * execution-plan nodes (constant per 100 nodes when the analysis is linear in the plan).
     */
    public static String render(String title, MachineLoad load, List<Row> rows) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%n%s (%s)%n%n", title, load));
        out.append("| nodes param | execution-plan nodes (all sections) | compiled plan chars | findings | µs/op | ± µs (99.9 %)"
                + " | µs per 100 nodes | bytes allocated/op | KB per 100 nodes |\n");
        out.append("|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Row r : rows) {
            Fixture f = r.fixture();
            double per100 = f == null || f.executionNodes() == 0 ? Double.NaN : 100.0 / f.executionNodes();
            out.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s | %s | %s | %s |%n", r.nodes(),
                    f == null ? "n/a" : String.format(Locale.ROOT, "%,d (%,d)", f.executionNodes(), f.allNodes()),
                    f == null ? "n/a" : String.format(Locale.ROOT, "%,d", f.chars()),
                    f == null ? "n/a" : String.valueOf(f.findings()),
                    number("%,.1f", r.microsPerOp()), number("%,.1f", r.error()),
                    number("%,.1f", r.microsPerOp() * per100), number("%,.0f", r.bytesPerOp()),
                    number("%,.1f", r.bytesPerOp() * per100 / 1024)));
        }
        return out.toString();
    }

    private static String number(String format, double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, format, value);
    }
}
