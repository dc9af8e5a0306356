package io.github.sqlguard.decision;

import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every {@code outcome} the audit writes is named in docs/operations/audit.md: a reader of the audit
 * met {@code explained} in the file and found it nowhere in the page's list.
 */
class OutcomesDocumentedTest {

    @Test
    void theAuditPageNamesEveryOutcome() throws Exception {
        String page = Files.readString(Path.of("..", "docs", "operations", "audit.md"));

        for (Outcome outcome : Outcome.values()) {
            assertThat(page).as("docs/operations/audit.md names outcome %s", outcome.label())
                    .contains("`" + outcome.label() + "`");
        }
    }
}
