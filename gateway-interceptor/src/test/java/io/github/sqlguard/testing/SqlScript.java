package io.github.sqlguard.testing;

import io.github.sqlguard.statement.ScriptSplitter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A case script: statements split by {@link ScriptSplitter} ({@code EXECUTE STATEMENT SET BEGIN ...
 * END;} kept whole), and its header: {@code -- expect: LEVEL rule-id...} (the Flink 2.3 verdict;
 * where this build's Flink line decides otherwise, {@link LineExpectations} gives the verdict read);
 * optionally {@code -- session: key=value} (session properties at open) and {@code --
 * execution-config: key=value} (per-statement config of the last statement), each repeatable, and
 * {@code -- flink-error: TEXT}: the guard hands the last statement on (its verdict is the header's)
 * and Flink's own execution of it fails with an error containing TEXT (e.g. {@code ADD JAR} of a
 * file that does not exist); and {@code -- expect-absent: rule-id...}: rule ids that must not be
 * reported for the last statement (on every Flink line); and {@code -- policy: key=value}, repeatable:
 * a guard option ({@code sql-guard.*}) the gateway that runs the script is started with, e.g. {@code
 * -- policy: sql-guard.allow.connectors=datagen;blackhole} (every harness honours it: one gateway per
 * distinct policy, so cases share one policy where they can); {@code -- expect-reason: TEXT} and {@code
 * -- expect-reason-absent: TEXT}, each repeatable: text some finding's reason (message) on the last
 * statement must (must not) contain; and {@code -- expect-fix: TEXT} and
 * {@code -- expect-fix-absent: TEXT}, each repeatable: text some finding's fix on the last statement
 * must contain, and text no finding's fix on it may contain (checked where findings are judged in
 * process, {@code FindingsNameColumnsTest}); and {@code -- refused-setup: rule-id...}: an earlier
 * statement may be refused (BLOCK) where one of these rules is among its findings, as a script whose
 * {@code SET} the guard refuses goes on without it (otherwise every earlier statement sets the script up
 * and must not be blocked).
 */
public record SqlScript(
        Path file,
        String expectedVerdict,
        List<String> expectedRules,
        List<String> absentRules,
        List<String> statements,
        Map<String, String> sessionProperties,
        Map<String, String> executionConfig,
        String flinkError,
        Map<String, String> policy,
        List<String> expectedFixes,
        List<String> absentFixes,
        List<String> expectedReasons,
        List<String> absentReasons,
        List<String> refusedSetup) {

    public static SqlScript read(Path file) throws IOException {
        String text = Files.readString(file);
        String verdict = null;
        List<String> rules = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        Map<String, String> session = new LinkedHashMap<>();
        Map<String, String> execution = new LinkedHashMap<>();
        Map<String, String> policy = new LinkedHashMap<>();
        String flinkError = null;
        List<String> fixes = new ArrayList<>();
        List<String> absentFixes = new ArrayList<>();
        List<String> reasons = new ArrayList<>();
        List<String> absentReasons = new ArrayList<>();
        List<String> refusedSetup = new ArrayList<>();
        for (String line : text.lines().toList()) {
            if (line.startsWith("-- expect:") && verdict == null) {
                String[] words = line.substring("-- expect:".length()).strip().split("\\s+");
                verdict = words[0];
                rules.addAll(Arrays.asList(words).subList(1, words.length));
            } else if (line.startsWith("-- expect-absent:")) {
                absent.addAll(Arrays.asList(line.substring("-- expect-absent:".length()).strip().split("\\s+")));
            } else if (line.startsWith("-- session:")) {
                put(session, line.substring("-- session:".length()));
            } else if (line.startsWith("-- execution-config:")) {
                put(execution, line.substring("-- execution-config:".length()));
            } else if (line.startsWith("-- policy:")) {
                put(policy, line.substring("-- policy:".length()));
            } else if (line.startsWith("-- expect-fix:")) {
                fixes.add(line.substring("-- expect-fix:".length()).strip());
            } else if (line.startsWith("-- expect-fix-absent:")) {
                absentFixes.add(line.substring("-- expect-fix-absent:".length()).strip());
            } else if (line.startsWith("-- expect-reason:")) {
                reasons.add(line.substring("-- expect-reason:".length()).strip());
            } else if (line.startsWith("-- expect-reason-absent:")) {
                absentReasons.add(line.substring("-- expect-reason-absent:".length()).strip());
            } else if (line.startsWith("-- refused-setup:")) {
                refusedSetup.addAll(Arrays.asList(line.substring("-- refused-setup:".length()).strip().split("\\s+")));
            } else if (line.startsWith("-- flink-error:")) {
                flinkError = line.substring("-- flink-error:".length()).strip();
            }
        }
        if (verdict == null) {
            throw new IllegalArgumentException(file + " has no '-- expect:' header");
        }
        LineExpectations.Expectation onThisLine = LineExpectations.current().get(file.getFileName().toString());
        if (onThisLine != null) {
            verdict = onThisLine.verdict();
            rules = new ArrayList<>(onThisLine.rules());
        }
        return new SqlScript(file, verdict, rules, List.copyOf(absent), split(text), session, execution, flinkError,
                Map.copyOf(policy), List.copyOf(fixes), List.copyOf(absentFixes),
                List.copyOf(reasons), List.copyOf(absentReasons), List.copyOf(refusedSetup));
    }

    private static void put(Map<String, String> map, String keyValue) {
        String[] kv = keyValue.split("=", 2);
        map.put(kv[0].strip(), kv[1].strip());
    }

    /** Whether an earlier statement with the rule ids {@code rules} may be refused ({@code -- refused-setup:}). */
    public boolean refusedSetupAllowed(List<String> rules) {
        return rules.stream().anyMatch(refusedSetup::contains);
    }

    public String name() {
        return file.getFileName().toString();
    }

    /**
     * Whether lint of the script's file judges each statement as the gateway does: no session properties and no
     * execution config (routes of the gateway's REST API that a script linted from a file does not have), and no
     * {@code -- flink-error:} (Flink fails the last statement after the guard lets it through, e.g. ADD JAR of a
     * missing file: lint applies it and reports Flink's failure as {@code planner-error}, which the gateway's
     * decision, taken before Flink runs it, cannot hold).
     */
    public boolean lintedAsTheGatewayJudges() {
        return sessionProperties.isEmpty() && executionConfig.isEmpty() && flinkError == null;
    }

    /**
     * The statements of a script, split by the guard's own {@link ScriptSplitter}. The header (the
     * comment lines the file starts with: {@code -- expect:} and its explanation) is test metadata,
     * not part of the first statement: Flink's own parser rejects an unquoted {@code SET} that
     * follows a comment, so sending it along would test the header, not the statement.
     */
    static List<String> split(String text) {
        return ScriptSplitter.split(withoutHeader(text)).stream().map(ScriptSplitter.Statement::text).toList();
    }

    /** {@code text} with its leading comment lines blanked (line numbers kept). */
    public static String withoutHeader(String text) {
        StringBuilder out = new StringBuilder();
        boolean header = true;
        for (String line : text.split("\n", -1)) {
            header &= line.startsWith("--") || line.isBlank();
            out.append(header ? "" : line).append('\n');
        }
        return out.substring(0, out.length() - 1);
    }
}
