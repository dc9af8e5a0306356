package io.github.sqlguard.lint;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.rules.Finding;
import io.github.sqlguard.rules.Level;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Lint's JSON report (one statement per line) and SARIF write a statement's U+0085, U+2028 and U+2029
 * as escapes, as the audit does: a tool that reads the report line by line and splits on Unicode line
 * terminators (Python's {@code str.splitlines()}) sees the lines the report has.
 */
class LintFormatLineTerminatorsTest {

    /** Python's {@code str.splitlines()} boundaries. */
    private static final Pattern UNICODE_LINES = Pattern.compile("\\r\\n|[\\n\\r\\x0b\\x0c\\x1c-\\x1e\\x{85}\\x{2028}\\x{2029}]");

    @ParameterizedTest
    @EnumSource(value = LintFormat.class, names = {"JSON", "SARIF"})
    void writesAStatementsUnicodeLineTerminatorsEscaped(LintFormat format) throws Exception {
        String value = "'24\u2028{\"forged\":1}\u2029x\u0085y \u4e2d'";
        String node = "SET 'table.exec.state.ttl' = " + value;
        Finding finding = new Finding("ttl-bare-number", Level.WARN, "A TTL of " + value + " has no unit.", node, "",
                "Write the unit.", "docs/rules/ttl-bare-number.md");
        LintedStatement statement = new LintedStatement(
                "jobs/\u2028a.sql", 1, 1, node, "SET", "WARN", List.of(new LintFinding(1, 1, finding)), true);
        StringWriter text = new StringWriter();
        try (PrintWriter out = new PrintWriter(text)) {
            format.write(new LintRun(List.of("jobs/\u2028a.sql"), List.of(statement), List.of()), out);
        }
        String report = text.toString();

        assertThat(report).doesNotContain("\u2028", "\u2029", "\u0085")
                .contains("24\\u2028{", "\\u2029x\\u0085y \u4e2d'");
        assertThat(UNICODE_LINES.split(report)).containsExactly(report.split("\n"));
        JsonNode json = new ObjectMapper().readTree(report);
        String message = format == LintFormat.JSON
                ? json.get(0).path("findings").get(0).path("message").asText()
                : json.path("runs").get(0).path("results").get(0).path("message").path("text").asText();
        assertThat(message).contains("A TTL of " + value);
        if (format == LintFormat.JSON) {
            assertThat(report).contains("\"jobs/\\u2028a.sql\"");
            assertThat(json.get(0).path("file").asText()).isEqualTo("jobs/\u2028a.sql");
        }
    }
}
