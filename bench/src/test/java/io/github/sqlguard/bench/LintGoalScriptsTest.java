package io.github.sqlguard.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@code bench/lint-goal-scripts.txt}, the scripts {@code bench/lint-goals.sh} lints for issue 32's corpus goal:
 * every line that is not a comment names a case script of the repository (a renamed or deleted case would
 * otherwise make the script lint fewer scripts than its rows say), each once, and there are at least the goal's
 * 110 (the script lints the first 110, then all). The statement counts are lint's, printed by each run.
 */
class LintGoalScriptsTest {

    private static final Path REPOSITORY = Path.of("..").toAbsolutePath().normalize();

    @Test
    void namesExistingCaseScriptsEachOnceAndAtLeastTheGoalsScripts() throws IOException {
        List<String> scripts = Files.readAllLines(REPOSITORY.resolve("bench/lint-goal-scripts.txt")).stream()
                .filter(line -> !line.startsWith("#") && !line.isBlank())
                .toList();
        assertThat(scripts).hasSizeGreaterThanOrEqualTo(110).doesNotHaveDuplicates();
        assertThat(scripts).allSatisfy(script -> {
            assertThat(script).startsWith("gateway-interceptor/src/test/resources/").endsWith(".sql");
            assertThat(REPOSITORY.resolve(script)).isRegularFile();
        });
    }
}
