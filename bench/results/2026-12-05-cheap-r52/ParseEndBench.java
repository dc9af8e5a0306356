package io.github.sqlguard.statement;

import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.util.SourceStringReader;

import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * Thread CPU per parse of Flink's SQL parser re-initialised as FlinkSqlParser does, reading the text through
 * Calcite's SourceStringReader (before) or StatementTextReader (after), at a stack depth like a REST I/O thread's,
 * interleaved round by round in one JVM.
 */
public class ParseEndBench {
    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    static SqlAbstractParserImpl parser(Function<String, Reader> readers) {
        SqlAbstractParserImpl p = FlinkSqlParser.CONFIG.parserFactory().getParser(readers.apply("SELECT 1"));
        p.setQuotedCasing(FlinkSqlParser.CONFIG.quotedCasing());
        p.setUnquotedCasing(FlinkSqlParser.CONFIG.unquotedCasing());
        p.setIdentifierMaxLength(FlinkSqlParser.CONFIG.identifierMaxLength());
        p.setTimeUnitCodes(FlinkSqlParser.CONFIG.timeUnitCodes());
        p.setConformance(FlinkSqlParser.CONFIG.conformance());
        return p;
    }

    static long parseAll(SqlAbstractParserImpl p, Function<String, Reader> readers, String text, int n) throws Exception {
        long start = MX.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
            p.ReInit(readers.apply(text));
            p.setTabSize(1);
            p.switchTo(SqlAbstractParserImpl.LexicalState.forConfig(FlinkSqlParser.CONFIG));
            if (p.parseSqlStmtList().size() != 1) throw new AssertionError(text);
        }
        return MX.getCurrentThreadCpuTime() - start;
    }

    interface Body { long run() throws Exception; }

    static long deep(int depth, Body body) throws Exception {
        return depth == 0 ? body.run() : deep(depth - 1, body);
    }

    public static void main(String[] args) throws Exception {
        int depth = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        int n = Integer.parseInt(args[2]);
        String[] statements = {
            "SET 'table.exec.state.ttl' = '1 h'", "RESET 'pipeline.name'",
            "CREATE TABLE t_0_0_0 (id BIGINT, name STRING) WITH ('connector' = 'datagen', 'number-of-rows' = '10')",
            "SHOW TABLES"};
        Function<String, Reader> before = SourceStringReader::new;
        Function<String, Reader> after = StatementTextReader::new;
        SqlAbstractParserImpl pb = parser(before), pa = parser(after);
        System.out.printf("stack depth %d (+ main's), %d rounds of %d parses per statement and reader, interleaved; load %s%n",
                depth, rounds, n, new String(java.nio.file.Files.readAllBytes(java.nio.file.Path.of("/proc/loadavg"))).trim());
        System.out.println("| statement | before µs (median of rounds) | after µs | after/before |");
        System.out.println("|---|---:|---:|---:|");
        for (String s : statements) {
            // warm-up
            for (int w = 0; w < 30; w++) { deep(depth, () -> parseAll(pb, before, s, n)); deep(depth, () -> parseAll(pa, after, s, n)); }
            List<Double> b = new ArrayList<>(), a = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                b.add(deep(depth, () -> parseAll(pb, before, s, n)) / 1000.0 / n);
                a.add(deep(depth, () -> parseAll(pa, after, s, n)) / 1000.0 / n);
            }
            Collections.sort(b); Collections.sort(a);
            double mb = b.get(rounds / 2), ma = a.get(rounds / 2);
            System.out.printf("| %s | %.1f | %.1f | %.2f |%n", s.length() > 40 ? s.substring(0, 40) + "…" : s, mb, ma, ma / mb);
        }
    }
}
