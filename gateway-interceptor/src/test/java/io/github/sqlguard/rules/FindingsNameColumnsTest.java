package io.github.sqlguard.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.testing.CaseCorpus;
import io.github.sqlguard.testing.RuleTestKit;
import io.github.sqlguard.testing.SqlScript;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every finding on every statement of the case corpus (shared and own), judged in process through
 * Flink's real planner ({@link RuleTestKit}), names real columns: no {@code $3}, {@code $f2} or
 * {@code EXPR$1} (the names the planner gives computed columns) in its reason, its node or its fix.
 * The plan excerpt is Flink's own text and may show them.
 */
class FindingsNameColumnsTest {

    /** A planner-made column name: a {@code $} followed by a digit ({@code $3}, {@code EXPR$1}, {@code sum$0}). */
    private static final Pattern PLANNER_MADE = Pattern.compile("\\$\\d");

    /** Statements a session applies (tables, views, functions, catalogs, configuration); queries and INSERTs are only judged. */
    private static final Set<String> APPLIED = Set.of("CREATE", "DROP", "ALTER", "USE", "SET");

    static Stream<Path> cases() {
        return CaseCorpus.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void noFindingNamesAColumnThePlannerMadeUp(Path file) throws Exception {
        SqlScript script = SqlScript.read(file);
        RuleTestKit kit = RuleTestKit.streaming();
        script.sessionProperties().forEach((k, v) -> kit.apply("SET '" + k + "' = '" + v + "'"));
        List<String> statements = script.statements();
        for (int i = 0; i < statements.size(); i++) {
            String statement = statements.get(i);
            if (i == statements.size() - 1) {
                script.executionConfig().forEach((k, v) -> kit.apply("SET '" + k + "' = '" + v + "'"));
            }
            Decision decision = kit.decide(statement);
            for (Finding finding : decision.verdict().findings()) {
                for (Map.Entry<String, String> text : Map.of("reason", finding.reason(), "node", finding.node(), "fix",
                        finding.fix()).entrySet()) {
                    assertThat(text.getValue())
                            .as("%s of %s on statement %d of %s", text.getKey(), finding.ruleId(), i + 1, script.name())
                            .doesNotContainPattern(PLANNER_MADE);
                }
            }
            // A refused statement does not run; a planned one (a query, an INSERT) is judged only.
            if (!decision.verdict().blocked() && decision.plan().isEmpty() && APPLIED.contains(firstWord(statement))) {
                kit.apply(statement);
            }
        }
    }

    /** The statement's first keyword, comments before it skipped. */
    private static String firstWord(String statement) {
        String code = SqlScript.withoutHeader(statement).strip();
        int end = 0;
        while (end < code.length() && Character.isLetter(code.charAt(end))) {
            end++;
        }
        return code.substring(0, end).toUpperCase(Locale.ROOT);
    }
}
